/** Orders, their lines and events, and the stock they reserve. The caller owns the transaction. */
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { OrderStatus } from "../../server/domain/orders";
import type { Database, OrdersTable } from "../schema";

type Db = Kysely<Database> | Transaction<Database>;

/** What a line costs now, read from the catalogue (never from the client). */
export function selectLinePrices(db: Db, productIds: number[]) {
  return db
    .selectFrom("product_options as o")
    .innerJoin("products as p", "p.id", "o.product_id")
    .select([
      "o.product_id",
      "o.option_id",
      "o.per_price",
      "o.cost_price",
      "o.price_text",
      "o.is_deleted as option_deleted",
      "p.name",
      "p.is_inactive",
      "p.is_deleted",
    ])
    .where("o.product_id", "in", productIds.length ? productIds : [-1])
    .execute();
}

export function selectShop(db: Db, shopId: number) {
  return db
    .selectFrom("shops")
    .select(["id", "name", "address", "district", "map_link", "logo_filename", "is_deleted"])
    .where("id", "=", shopId)
    .executeTakeFirst();
}

/**
 * Reserves stock: one conditional decrement, so two customers can never take the same last unit.
 * False when the shop does not hold that many.
 */
export async function reserveStock(db: Db, line: { shop_id: number; product_id: number; option_id: number; amount: number }, now: string): Promise<boolean> {
  const result = await db
    .updateTable("stock")
    .set({ amount: sql`amount - ${line.amount}`, updated_at: now })
    .where("shop_id", "=", line.shop_id)
    .where("product_id", "=", line.product_id)
    .where("option_id", "=", line.option_id)
    .where("amount", ">=", line.amount)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function returnStock(db: Db, line: { shop_id: number; product_id: number; option_id: number; amount: number }, now: string): Promise<void> {
  await db
    .insertInto("stock")
    .values({ shop_id: line.shop_id, product_id: line.product_id, option_id: line.option_id, amount: line.amount, updated_at: now })
    .onConflict((oc) =>
      oc.columns(["shop_id", "product_id", "option_id"]).doUpdateSet({ amount: sql`amount + ${line.amount}`, updated_at: now }),
    )
    .execute();
}

/** Positive stock per (shop, product, option) for the given products, at shops that are not deleted. */
export function selectStockFor(db: Db, productIds: number[]) {
  return db
    .selectFrom("stock")
    .innerJoin("shops", "shops.id", "stock.shop_id")
    .select(["stock.shop_id", "stock.product_id", "stock.option_id", "stock.amount", "shops.name", "shops.district"])
    .where("stock.product_id", "in", productIds.length ? productIds : [-1])
    .where("shops.is_deleted", "=", 0)
    .where("stock.amount", ">", 0)
    .execute();
}

export function findOrderByIdempotencyKey(db: Db, userId: number, key: string) {
  return db
    .selectFrom("orders")
    .select(["id", "request_hash"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export async function insertOrder(db: Db, values: Insertable<OrdersTable>): Promise<number> {
  const { id } = await db.insertInto("orders").values(values).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function insertOrderLines(
  db: Db,
  orderId: number,
  lines: { product_id: number; option_id: number; product_name: string; price_text: string; per_price: number; cost_price: number; amount: number }[],
): Promise<void> {
  await db
    .insertInto("order_lines")
    .values(lines.map((l) => ({ order_id: orderId, ...l })))
    .execute();
}

export async function insertOrderEvent(
  db: Db,
  event: { order_id: number; type: string; from_status: OrderStatus | null; to_status: OrderStatus | null; actor_user_id: number | null; created_at: string; data?: object },
): Promise<void> {
  await db
    .insertInto("order_events")
    .values({ ...event, data: event.data ? JSON.stringify(event.data) : null })
    .execute();
}

/** Moves an order only if it is still in `from`: the loser of a race changes nothing. */
export async function moveOrderIf(
  db: Db,
  orderId: number,
  from: OrderStatus,
  set: Partial<{ status: OrderStatus; is_reserved: 0 | 1; hold_until: string | null; delivery_option: number; payment_option: number; phone: string; delivery_address: string; delivery_address_link: string; hold_reminded_at: string }>,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ ...set, updated_at: now })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function selectOrderRows(db: Db, where: { id?: number; userId?: number }) {
  let query = db
    .selectFrom("orders as o")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select([
      "o.id",
      "o.user_id",
      "o.shop_id",
      "o.status",
      "o.payment_status",
      "o.delivery_status",
      "o.payment_option",
      "o.delivery_option",
      "o.delivery_address",
      "o.delivery_address_link",
      "o.phone",
      "o.map_html",
      "o.discount_percent",
      "o.total_price",
      "o.discounted_price",
      "o.is_reserved",
      "o.hold_until",
      "o.manager_id",
      "o.created_at",
      "s.name as shop_name",
      "s.address as shop_address",
      "s.district as shop_district",
      "s.map_link as shop_map_link",
      "s.logo_filename as shop_logo",
      "u.email as user_email",
      "u.reflink as user_reflink",
    ])
    .orderBy("o.id", "desc");
  if (where.id !== undefined) query = query.where("o.id", "=", where.id);
  if (where.userId !== undefined) query = query.where("o.user_id", "=", where.userId);
  return query.execute();
}

export type OrderRow = Awaited<ReturnType<typeof selectOrderRows>>[number];

export function selectLines(db: Db, orderIds: number[]) {
  return db
    .selectFrom("order_lines")
    .select(["id", "order_id", "product_id", "option_id", "product_name", "per_price", "cost_price", "amount", "price_text"])
    .where("order_id", "in", orderIds.length ? orderIds : [-1])
    .orderBy("id")
    .execute();
}

export function selectImageNames(db: Db, productIds: number[]) {
  return db
    .selectFrom("product_images")
    .select(["product_id", "filename"])
    .where("product_id", "in", productIds.length ? productIds : [-1])
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** New pickup orders whose hold has ended. */
export function selectExpiredHolds(db: Db, now: string) {
  return db.selectFrom("orders").select("id").where("status", "=", "N").where("hold_until", "<=", now).execute();
}

/** New pickup orders whose hold ends before `before`, not yet reminded. */
export function selectHoldsToRemind(db: Db, now: string, before: string) {
  return db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "N")
    .where("hold_until", ">", now)
    .where("hold_until", "<=", before)
    .where("hold_reminded_at", "is", null)
    .execute();
}

export async function markReminded(db: Db, orderId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ hold_reminded_at: now })
    .where("id", "=", orderId)
    .where("status", "=", "N")
    .where("hold_reminded_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
