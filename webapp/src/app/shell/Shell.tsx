import { useEffect, useLayoutEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import type { SessionUser } from "@domain/contracts/auth";
import { Notifications } from "../../components/Notifications";
import { SessionModals } from "../../features/auth/components/SessionModals";
import { useLocaleFromServer } from "../../features/auth/hooks/useLocaleFromServer";
import { useSession } from "../../features/auth/hooks/useSession";
import { useSessionStartup } from "../../features/auth/hooks/useSessionStartup";
import { LazyOptionPicker } from "../../features/catalog/components/LazyOptionPicker";
import { useForgetGoneShop } from "../../features/shops/hooks/useForgetGoneShop";
import { useLiveUpdates } from "../../lib/live";
import { prefetchLazyModulesWhenIdle } from "../../lib/lazyModule";
import { telegramReady } from "../../lib/telegram";
import { BottomNav } from "./BottomNav";
import { Footer } from "./Footer";
import { Header } from "./Header";
import "./Shell.css";

/** Whose orders the live stream carries to this person: admin or not, and the shops they staff. */
function liveAudience(user: SessionUser | null): string | null {
  return user && `${user.isAdmin}:${user.shops.map((shop) => shop.shop_id).join(",")}`;
}

/** The frame every page shares (spec §2 "Common shell"). */
export function Shell({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  useSessionStartup();
  useLocaleFromServer();
  useForgetGoneShop();
  useLiveUpdates(liveAudience(useSession().user));

  // Telegram shows its own placeholder until the app says it is ready: as soon as the frame is on screen,
  // before any data (pages show their own placeholders while theirs arrives).
  useEffect(() => {
    telegramReady();
  }, []);
  // The dialogs, menus and pages behind a tap (lib/lazyModule.ts) once the first screen is drawn and the browser idle.
  useEffect(() => prefetchLazyModulesWhenIdle(), []);

  // A new page starts at its top; the home page puts its own list position back afterwards.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="shell">
      <Header />
      {/* Focusable by script: where focus goes when a dialog closes and the control that opened it is gone. */}
      <main className="shell__main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <BottomNav />
      <LazyOptionPicker />
      <SessionModals />
      <Notifications />
    </div>
  );
}
