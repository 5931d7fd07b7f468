/**
 * The customer's screens behind one dynamic import (app/customerScreensImport.ts): the cart, an order, a product
 * page, the wishlist, the cabinet's pending-order plate, a referral link's landing and 'Page not found'. A first
 * visit to home needs none of them, so they stay out of the start's download; they are prefetched when idle and
 * on a pointer or touch on home's list. The start's modules are one chunk (webapp/vite.config.ts), so what these
 * screens share with it is not split out of it.
 */
export { CabinetPendingOrder } from "./CabinetPendingOrder";
export { CartPage } from "./CartPage";
export { NotFoundPage } from "./NotFoundPage";
export { OrderPage } from "./OrderPage";
export { ProductPage } from "./ProductPage";
export { ReflinkPage } from "./ReflinkPage";
export { WishlistPage } from "./WishlistPage";
