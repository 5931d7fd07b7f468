/**
 * Back in stock: when a wishlisted product becomes orderable again, each customer who keeps it on
 * their wishlist is told once. The rules, pure (docs/decisions.md "Back in stock"):
 *
 * - A customer can pick a product up at every pickup shop (every shop but the central warehouse that is not
 *   deleted), so a product is **in stock** for them while its shelves at those shops hold at least one item
 *   over all its options, and it is **out of stock** when they hold none.
 * - A **restock** is a unit of work that puts items on a pickup shop's shelf (stock added, moved from the
 *   warehouse, an order canceled or expired) and takes the product from out of stock to in stock. Putting more
 *   on a product still in stock at some pickup shop is no restock: nobody is told.
 * - Each restock tells each customer once; the next one comes only after the product sold out again.
 */

/**
 * Whether a unit that put `putAtPickup` items on the product's pickup shelves, leaving `after` on them, was a
 * restock: nothing there before it, something after.
 */
export function isRestock(after: number, putAtPickup: number): boolean {
  return putAtPickup > 0 && after > 0 && after - putAtPickup <= 0;
}

/** The outbox key of one customer's alert for one restock (the restock named by its time). */
export function backInStockDedupeKey(productId: number, userId: number, restockedAt: string): string {
  return `back_in_stock:${productId}:${userId}:${restockedAt}`;
}
