/**
 * Inside Telegram the product page's two actions are Telegram's bar under the app (issue 26): the order toggle
 * ('Add to order', 'Ordered', or an inactive 'Sold out') on the MainButton, and 'Cart' on the SecondaryButton
 * (7.10+) beside it while the cart holds something. Fetched with `import()` by useTelegramProductBar, so none of
 * it is in the customer's entry; it imports nothing but lib/telegram*.ts (texts come in: a lazy chunk that
 * imports more of the entry can split it, docs/webapp.md "Chunks").
 */
import { showMainButton } from "../../lib/telegramActions";
import { showSecondaryButton } from "../../lib/telegramSecondaryButton";

export interface ProductBarState {
  /** The MainButton's text; inactive (sold out) when `orderable` is false. */
  order: string;
  orderable: boolean;
  /** The SecondaryButton's text, or null while the cart is empty. */
  cart: string | null;
}

/** Shows both buttons for `state`; the returned function hides them (the page is left, or its state changed). */
export function showProductBar(state: ProductBarState, onOrder: () => void, openCart: () => void): () => void {
  const hideMain = showMainButton({ text: state.order, active: state.orderable, progress: false }, onOrder);
  const hideCart = state.cart === null ? null : showSecondaryButton({ text: state.cart }, openCart);
  return () => {
    hideMain();
    hideCart?.();
  };
}
