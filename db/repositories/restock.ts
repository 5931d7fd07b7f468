/** The queries of back-in-stock alerts (server/services/restock.ts): pickup stock, who to tell, shop names. */
import type { Executor } from "../executor";

/**
 * What a product's pickup shops hold, over all its live options: shelves of shops that are not deleted and
 * are not `warehouseShopId`.
 */
export async function selectPickupStock(tx: Executor, productId: number, warehouseShopId: number): Promise<number> {
  const row = await tx
    .selectFrom("stock")
    .innerJoin("shops", "shops.id", "stock.shop_id")
    .innerJoin("product_options as o", (join) =>
      join.onRef("o.product_id", "=", "stock.product_id").onRef("o.option_id", "=", "stock.option_id"),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("stock.amount"), eb.lit(0)).as("amount"))
    .where("stock.product_id", "=", productId)
    .where("stock.shop_id", "!=", warehouseShopId)
    .where("shops.is_deleted", "=", 0)
    .where("o.is_deleted", "=", 0)
    .executeTakeFirst();
  return Number(row?.amount ?? 0);
}

/** The product as an alert names it, when customers can see it (active, not deleted). */
export async function selectListedProduct(tx: Executor, productId: number): Promise<{ id: number; name: string } | undefined> {
  return tx
    .selectFrom("products")
    .select(["id", "name"])
    .where("id", "=", productId)
    .where("is_deleted", "=", 0)
    .where("is_inactive", "=", 0)
    .executeTakeFirst();
}

/** Live shops by id, for the alert's text. */
export async function selectShopNames(tx: Executor, shopIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (shopIds.length === 0) return [];
  return tx.selectFrom("shops").select(["id", "name"]).where("id", "in", [...shopIds]).where("is_deleted", "=", 0).orderBy("id").execute();
}

/**
 * Who keeps the product on their wishlist and can be told: a Telegram chat the bot can reach, and promotions
 * not stopped (`users.promotions_opted_out_at`).
 */
export async function selectRestockRecipients(tx: Executor, productId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom("wishlist as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select("u.id")
    .where("w.product_id", "=", productId)
    .where("u.telegram_id", "is not", null)
    .where("u.telegram_unreachable_at", "is", null)
    .where("u.promotions_opted_out_at", "is", null)
    .orderBy("u.id")
    .execute();
  return rows.map((r) => r.id);
}
