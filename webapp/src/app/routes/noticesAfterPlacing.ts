import type { QueryClient } from "@tanstack/react-query";
import { isInsideTelegram } from "../../lib/telegram";

/**
 * Issue 26: right after an order is placed (the cart's Place order, a pending order's settings), Telegram's
 * "allow messages" dialog opens at once, so the order's notices can reach the person. The ask travels in the
 * order page's notices chunk, which says why meanwhile; nothing is fetched outside Telegram.
 */
export function askForNoticesAfterPlacing(queryClient: QueryClient): void {
  if (!isInsideTelegram()) return;
  void import("../../features/auth/components/OrderNotices").then((notices) => notices.askAfterPlacing(queryClient));
}
