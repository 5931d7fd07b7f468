/**
 * Back in stock (issue 25; the rules: server/domain/restock.ts). Called inside every unit of work that puts
 * items on a pickup shop's shelf (stock added or moved, an order canceled or expired), after its puts: when
 * the unit took a product from out of stock to in stock at the pickup shops, every customer who keeps it on
 * their wishlist, has a chat the bot reaches and has not stopped promotions gets one `back_in_stock` notice,
 * written to the outbox in the same unit (so it exists exactly when the restock does).
 *
 * Two units restocking the same product at two shops at once: on PostgreSQL each takes a lock named by the
 * product before it reads the pickup stock, so the second reads after the first committed, sees the items the
 * first put and tells nobody; on SQLite a writing unit holds the write lock already.
 */
import type { Executor } from "../../db/executor";
import { lockName } from "../../db/locks";
import { enqueueNotification } from "../../db/repositories/outbox";
import { selectListedProduct, selectPickupStock, selectRestockRecipients, selectShopNames } from "../../db/repositories/restock";
import { isPickupShop } from "../domain/catalog";
import { WAREHOUSE_SHOP_ID } from "../domain/constants";
import { backInStockDedupeKey, isRestock } from "../domain/restock";

/** One put a unit made: so many items of a product on a shop's shelf. */
export interface ShelfPut {
  shop_id: number;
  product_id: number;
  amount: number;
}

/** Tells the wishlisters of every product this unit's puts brought back in stock; call after the puts. */
export async function tellRestocked(tx: Executor, puts: readonly ShelfPut[], now: string): Promise<void> {
  const byProduct = new Map<number, { amount: number; shops: Set<number> }>();
  for (const put of puts) {
    if (put.amount <= 0 || !isPickupShop(put.shop_id, WAREHOUSE_SHOP_ID)) continue;
    const entry = byProduct.get(put.product_id) ?? { amount: 0, shops: new Set<number>() };
    entry.amount += put.amount;
    entry.shops.add(put.shop_id);
    byProduct.set(put.product_id, entry);
  }
  // Products in ascending order: two units lock the same names in the same order.
  for (const productId of [...byProduct.keys()].sort((a, b) => a - b)) {
    const put = byProduct.get(productId)!;
    await lockName(tx, "restock", String(productId));
    if (!isRestock(await selectPickupStock(tx, productId, WAREHOUSE_SHOP_ID), put.amount)) continue;
    const product = await selectListedProduct(tx, productId);
    if (!product) continue;
    const recipients = await selectRestockRecipients(tx, productId);
    if (recipients.length === 0) continue;
    const shops = await selectShopNames(tx, [...put.shops]);
    if (shops.length === 0) continue;
    for (const userId of recipients) {
      await enqueueNotification(
        tx,
        {
          kind: "back_in_stock",
          user_id: userId,
          order_id: null,
          dedupe_key: backInStockDedupeKey(productId, userId, now),
          payload: { product_id: productId, product_name: product.name, shops },
        },
        now,
      );
    }
  }
}
