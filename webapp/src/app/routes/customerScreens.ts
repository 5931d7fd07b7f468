/**
 * The customer's screens behind one dynamic import (app/customerScreensImport.ts): the cart, an order, a product
 * page, the wishlist. A first visit to home needs none of them, so they stay out of the start's download; home
 * prefetches them (on idle, on a pointer or touch on the list). The start's modules are one chunk
 * (webapp/vite.config.ts), so what these screens share with it is not split out of it.
 */
export { CartPage } from "./CartPage";
export { OrderPage } from "./OrderPage";
export { ProductPage } from "./ProductPage";
export { WishlistPage } from "./WishlistPage";
