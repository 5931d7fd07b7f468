/**
 * Shelves (stock per shop, product, option) and their audit trail, `stock_history`. Every change of a shelf
 * runs inside a unit of work of the store's writer (db/writer.ts) with statements prepared once, like the
 * order placements that share these shelves; the admin's lists are Kysely reads.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { StockReason } from "../../server/domain/stock";
import type { Database } from "../schema";
import { prepared, type Tx } from "../writer";

type Db = Kysely<Database> | Transaction<Database>;

export type ShelfKey = { shop_id: number; product_id: number; option_id: number };

/** Puts `amount` on a shelf, making the shelf when it does not exist yet. */
export function addToShelf(tx: Tx, shelf: ShelfKey, amount: number, now: string): void {
  prepared(
    tx,
    `insert into stock (shop_id, product_id, option_id, amount, updated_at) values (?, ?, ?, ?, ?)
     on conflict (shop_id, product_id, option_id) do update set amount = amount + excluded.amount, updated_at = excluded.updated_at`,
  ).run(shelf.shop_id, shelf.product_id, shelf.option_id, amount, now);
}

/** Takes `amount` off a shelf only if it holds that many (the CHECK keeps it ≥ 0 anyway). */
export function takeFromShelf(tx: Tx, shelf: ShelfKey, amount: number, now: string): boolean {
  return (
    prepared(tx, "update stock set amount = amount - ?, updated_at = ? where shop_id = ? and product_id = ? and option_id = ? and amount >= ?").run(
      amount,
      now,
      shelf.shop_id,
      shelf.product_id,
      shelf.option_id,
      amount,
    ).changes === 1
  );
}

export function shelfAmount(tx: Tx, shelf: ShelfKey): number {
  return (
    prepared(tx, "select amount from stock where shop_id = ? and product_id = ? and option_id = ?").column<number>(shelf.shop_id, shelf.product_id, shelf.option_id)[0] ?? 0
  );
}

export interface StockChange extends ShelfKey {
  delta: number;
  reason: StockReason;
  actor_user_id: number | null;
  order_id: number | null;
  created_at: string;
}

/**
 * Appends the audit row of a change already made to a shelf: `amount_after` is read from the shelf in the
 * same statement. One prepared INSERT, so an order's placement pays one statement per line for its audit.
 */
export function recordStockChange(tx: Tx, change: StockChange): { id: number; amount_after: number } {
  return prepared(
    tx,
    `insert into stock_history (shop_id, product_id, option_id, delta, amount_after, reason, actor_user_id, order_id, created_at)
     select shop_id, product_id, option_id, ?, amount, ?, ?, ?, ? from stock where shop_id = ? and product_id = ? and option_id = ?
     returning id, amount_after`,
  ).get<{ id: number; amount_after: number }>(
    change.delta,
    change.reason,
    change.actor_user_id,
    change.order_id,
    change.created_at,
    change.shop_id,
    change.product_id,
    change.option_id,
  )!;
}

export interface StockTarget {
  product_name: string;
  product_deleted: 0 | 1;
  option_deleted: 0 | 1;
  price_text: string;
}

/** A product's option as stock sees it (deleted ones too, so the caller can say which is gone). */
export function selectStockTarget(tx: Tx, productId: number, optionId: number): StockTarget | undefined {
  return prepared(
    tx,
    `select p.name as product_name, p.is_deleted as product_deleted, o.is_deleted as option_deleted, o.price_text
       from product_options o join products p on p.id = o.product_id where o.product_id = ? and o.option_id = ?`,
  ).get<StockTarget>(productId, optionId);
}

export function productExists(tx: Tx, productId: number): boolean {
  return prepared(tx, "select 1 from products where id = ? and is_deleted = 0").get(productId) !== undefined;
}

export function selectShopForStock(tx: Tx, shopId: number): { id: number; name: string; is_deleted: 0 | 1 } | undefined {
  return prepared(tx, "select id, name, is_deleted from shops where id = ?").get(shopId);
}

/** Whether this user is an admin now (read inside the unit that changes stock for them). */
export function isAdminUser(tx: Tx, userId: number): boolean {
  return prepared(tx, "select 1 from users where id = ? and is_admin = 1").get(userId) !== undefined;
}

/** Admins the bot can reach (they have a Telegram chat): who hears of low stock. */
export function selectAdminChatUsers(tx: Tx): number[] {
  return prepared(tx, "select id from users where is_admin = 1 and telegram_id is not null order by id").column<number>();
}

/** A product's audit trail, newest first: `limit` rows older than `before`. */
export function listStockHistory(db: Db, productId: number, before: number | null, limit: number) {
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
export function selectLowShelves(db: Db, warehouseId: number, threshold: number) {
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
export function selectShelves(db: Db, productId: number, optionId: number) {
  return db
    .selectFrom("shops as s")
    .leftJoin("stock as st", (join) => join.onRef("st.shop_id", "=", "s.id").on("st.product_id", "=", productId).on("st.option_id", "=", optionId))
    .select(["s.id as shop_id", "s.name as shop_name", sql<number>`coalesce(st.amount, 0)`.as("amount")])
    .where("s.is_deleted", "=", 0)
    .orderBy("s.id")
    .execute();
}
