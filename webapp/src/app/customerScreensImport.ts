/**
 * The customer's screens a first visit to home does not need (the cart, an order, a product, the wishlist): one
 * lazy chunk (routes/customerScreens.ts). Home fetches it once it is idle, or as soon as the customer points at or
 * touches the list, so a tap on a card still opens its page at once; the import is fetched only once.
 */
export const loadCustomerScreens = () => import("./routes/customerScreens");

/** Fetches the customer's screens when the browser is idle (at once where it has no idle callback). */
export function prefetchCustomerScreensWhenIdle(): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const timer = window.setTimeout(() => void loadCustomerScreens(), 1);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(() => void loadCustomerScreens());
  return () => window.cancelIdleCallback(idle);
}
