/**
 * What the admin's stock screens read: the option and shop a change names, who hears of low stock, the
 * audit trail (`stock_history`) and the shelves. Shelves themselves change only through db/repositories/shelf.ts.
 */
import { sql } from "kysely";
import type { Executor } from "../executor";
import type { ShelfKey } from "./shelf";

export interface StockTarget {
  product_name: string;
  product_deleted: 0 | 1;
  option_deleted: 0 | 1;
  price_text: string;
}

/** A product's option as stock sees it (deleted ones too, so the caller can say which is gone). */
export async function selectStockTarget(tx: Executor, productId: number, optionId: number): Promise<StockTarget | undefined> {
  return tx
    .selectFrom("product_options as o")
    .innerJoin("products as p", "p.id", "o.product_id")
    .select(["p.name as product_name", "p.is_deleted as product_deleted", "o.is_deleted as option_deleted", "o.price_text"])
    .where("o.product_id", "=", productId)
    .where("o.option_id", "=", optionId)
    .executeTakeFirst();
}

export async function productExists(tx: Executor, productId: number): Promise<boolean> {
  const row = await tx.selectFrom("products").select("id").where("id", "=", productId).where("is_deleted", "=", 0).executeTakeFirst();
  return row !== undefined;
}

export async function selectShopForStock(
  tx: Executor,
  shopId: number,
): Promise<{ id: number; name: string; is_deleted: 0 | 1 } | undefined> {
  return tx.selectFrom("shops").select(["id", "name", "is_deleted"]).where("id", "=", shopId).executeTakeFirst();
}

/** Admins the bot can reach (they have a Telegram chat): who hears of low stock. */
export async function selectAdminChatUsers(tx: Executor): Promise<number[]> {
  const rows = await tx
    .selectFrom("users")
    .select("id")
    .where("is_admin", "=", 1)
    .where("telegram_id", "is not", null)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/** The audit row of an order's sale from one shelf (the low-stock push is keyed by it). */
export async function findSaleRowId(tx: Executor, orderId: number, shelf: ShelfKey): Promise<number | undefined> {
  const row = await tx
    .selectFrom("stock_history")
    .select("id")
    .where("order_id", "=", orderId)
    .where("shop_id", "=", shelf.shop_id)
    .where("product_id", "=", shelf.product_id)
    .where("option_id", "=", shelf.option_id)
    .where("reason", "=", "sold")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.id;
}

/** A product's audit trail, newest first: `limit` rows older than `before`. */
export function listStockHistory(db: Executor, productId: number, before: number | null, limit: number) {
  let query = db
    .selectFrom("stock_history as h")
    .innerJoin("shops as s", "s.id", "h.shop_id")
    .leftJoin("product_options as o", (join) => join.onRef("o.product_id", "=", "h.product_id").onRef("o.option_id", "=", "h.option_id"))
    .leftJoin("users as u", "u.id", "h.actor_user_id")
    .select([
      "h.id",
      "h.shop_id",
      "s.name as shop_name",
      "h.product_id",
      "h.option_id",
      "o.price_text",
      "h.delta",
      "h.amount_after",
      "h.reason",
      "h.order_id",
      "h.created_at",
      "h.actor_user_id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.username",
    ])
    .where("h.product_id", "=", productId);
  if (before !== null) query = query.where("h.id", "<", before);
  return query.orderBy("h.id", "desc").limit(limit).execute();
}

/** Shelves of live options at live pickup shops at or below the threshold (empty ones too), by shop then product. */
export function selectLowShelves(db: Executor, warehouseId: number, threshold: number) {
  return db
    .selectFrom("stock as st")
    .innerJoin("shops as s", "s.id", "st.shop_id")
    .innerJoin("products as p", "p.id", "st.product_id")
    .innerJoin("product_options as o", (join) => join.onRef("o.product_id", "=", "st.product_id").onRef("o.option_id", "=", "st.option_id"))
    .select(["st.shop_id", "s.name as shop_name", "st.product_id", "p.name as product_name", "st.option_id", "o.price_text", "st.amount"])
    .where("st.shop_id", "<>", warehouseId)
    .where("s.is_deleted", "=", 0)
    .where("p.is_deleted", "=", 0)
    .where("o.is_deleted", "=", 0)
    .where("st.amount", "<=", threshold)
    .orderBy("st.shop_id")
    .orderBy("p.name")
    .orderBy("st.option_id")
    .execute();
}

/** The shelf of one option at every live shop (the warehouse first), 0 where the shop holds none. */
export function selectShelves(db: Executor, productId: number, optionId: number) {
  return db
    .selectFrom("shops as s")
    .leftJoin("stock as st", (join) =>
      join.onRef("st.shop_id", "=", "s.id").on("st.product_id", "=", productId).on("st.option_id", "=", optionId),
    )
    .select(["s.id as shop_id", "s.name as shop_name", sql<number>`coalesce(st.amount, 0)`.as("amount")])
    .where("s.is_deleted", "=", 0)
    .orderBy("s.id")
    .execute();
}
