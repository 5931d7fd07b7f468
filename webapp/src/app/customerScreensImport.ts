import { lazyModule } from "../lib/lazyModule";

/**
 * The customer's screens a first visit to home does not need (the cart, an order, a product, the wishlist, the
 * cabinet's pending-order plate): one lazy chunk (routes/customerScreens.ts). It is fetched once the browser is
 * idle (lib/lazyModule.ts), or as soon as the customer points at or touches home's list, so a tap on a card still
 * opens its page at once.
 */
export const customerScreens = lazyModule(() => import("./routes/customerScreens"));
