import { useLayoutEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import { LoadingOverlay } from "../../components/LoadingOverlay";
import { Notifications } from "../../components/Notifications";
import { BottomNav } from "./BottomNav";
import { Footer } from "./Footer";
import { Header } from "./Header";
import "./Shell.css";

/** The frame every page shares (spec §2 "Common shell"). */
export function Shell({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();

  // A new page starts at its top; the home page puts its own list position back afterwards.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="shell">
      <Header />
      <main className="shell__main">{children}</main>
      <Footer />
      <BottomNav />
      <Notifications />
      <LoadingOverlay />
    </div>
  );
}
