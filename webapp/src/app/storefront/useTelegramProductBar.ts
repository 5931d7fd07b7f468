import { useEffect, useRef } from "react";
import { isInsideTelegram } from "../../lib/telegram";
import type { ProductBarState } from "./telegramProductBar";

/**
 * The product page's Telegram bar (telegramProductBar.ts, fetched on first use), kept to `state` and hidden when
 * the page is left. Nothing outside Telegram.
 */
export function useTelegramProductBar({ order, orderable, cart }: ProductBarState, onOrder: () => void, openCart: () => void): void {
  const latest = useRef([onOrder, openCart]);
  latest.current = [onOrder, openCart];
  useEffect(() => {
    if (!isInsideTelegram()) return;
    let hide: (() => void) | undefined;
    let left = false;
    void import("./telegramProductBar").then(({ showProductBar }) => {
      if (!left) hide = showProductBar({ order, orderable, cart }, () => latest.current[0]!(), () => latest.current[1]!());
    });
    return () => {
      left = true;
      hide?.();
    };
  }, [order, orderable, cart]);
}
