/**
 * Orders, their lines and events: the statements of the order use cases, run on the executor of the
 * caller's unit of work (db/unitOfWork.ts), which owns the transaction. The stock they take and give back
 * goes through the shelf (db/repositories/shelf.ts).
 */
import type { Selectable } from "kysely";
import type { OrderStatus } from "../../server/domain/orders";
import type { Executor } from "../executor";
import type { OrderLinesTable, OrdersTable, ShopsTable } from "../schema";

export type LineKey = { product_id: number; option_id: number };
export type StockLine = LineKey & { shop_id: number; amount: number };

export interface LinePriceRow extends LineKey {
  per_price: number;
  cost_price: number;
  price_text: string;
  option_deleted: 0 | 1;
  name: string;
  is_inactive: 0 | 1;
  is_deleted: 0 | 1;
  max_amount: number | null;
}

/**
 * What the options of `lines` cost now, read from the catalogue (never from the client), in one
 * statement; an option that does not exist has no row.
 */
export async function selectLinePrices(tx: Executor, lines: readonly LineKey[]): Promise<LinePriceRow[]> {
  if (lines.length === 0) return [];
  return tx
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
      "p.max_amount",
    ])
    .where((eb) => eb.or(lines.map((l) => eb.and([eb("o.product_id", "=", l.product_id), eb("o.option_id", "=", l.option_id)]))))
    .execute();
}

/** Whether a product is on sale (exists, active, not deleted). */
export async function productOnSale(tx: Executor, productId: number): Promise<boolean> {
  const row = await tx
    .selectFrom("products")
    .select("id")
    .where("id", "=", productId)
    .where("is_deleted", "=", 0)
    .where("is_inactive", "=", 0)
    .executeTakeFirst();
  return row !== undefined;
}

export type ShopRow = Pick<Selectable<ShopsTable>, "id" | "name" | "address" | "district" | "map_link" | "logo_filename" | "is_deleted">;

export function selectShop(tx: Executor, shopId: number): Promise<ShopRow | undefined> {
  return tx
    .selectFrom("shops")
    .select(["id", "name", "address", "district", "map_link", "logo_filename", "is_deleted"])
    .where("id", "=", shopId)
    .executeTakeFirst();
}

export interface ShopStockRow extends StockLine {
  name: string;
  district: string;
}

/** Positive stock per (shop, option) of these products, at shops that are not deleted. */
export async function selectStockFor(tx: Executor, productIds: readonly number[]): Promise<ShopStockRow[]> {
  if (productIds.length === 0) return [];
  return tx
    .selectFrom("stock")
    .innerJoin("shops", "shops.id", "stock.shop_id")
    .select(["stock.shop_id", "stock.product_id", "stock.option_id", "stock.amount", "shops.name", "shops.district"])
    .where("stock.product_id", "in", productIds)
    .where("shops.is_deleted", "=", 0)
    .where("stock.amount", ">", 0)
    .execute();
}

/** How many orders a customer has, and how many of them are done (S). */
export async function countOrdersOfUser(tx: Executor, userId: number): Promise<{ all: number; done: number }> {
  const row = await tx
    .selectFrom("orders")
    .select((eb) => [
      eb.fn.countAll<number>().as("all"),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when("status", "=", "S").then(1).else(0).end()), eb.lit(0)).as("done"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), done: Number(row.done) };
}

/** Whether a customer has at least `atLeast` orders in these statuses: counts no further than that. */
export async function hasOrdersIn(tx: Executor, userId: number, statuses: readonly OrderStatus[], atLeast: number): Promise<boolean> {
  const row = await tx
    .selectFrom((eb) =>
      eb.selectFrom("orders").select("id").where("user_id", "=", userId).where("status", "in", statuses).limit(atLeast).as("open_orders"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) >= atLeast;
}

export function findOrderByIdempotencyKey(
  tx: Executor,
  userId: number,
  key: string,
): Promise<{ id: number; request_hash: string | null } | undefined> {
  return tx
    .selectFrom("orders")
    .select(["id", "request_hash"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export type NewOrder = Pick<
  Selectable<OrdersTable>,
  | "user_id"
  | "shop_id"
  | "status"
  | "delivery_option"
  | "payment_option"
  | "phone"
  | "delivery_address"
  | "delivery_address_link"
  | "is_reserved"
  | "total_price"
  | "discounted_price"
  | "total_cost_price"
  | "hold_until"
  | "idempotency_key"
  | "request_hash"
  | "created_at"
  | "updated_at"
>;

export async function insertOrder(tx: Executor, order: NewOrder): Promise<number> {
  return (await tx.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow()).id;
}

export type NewOrderLine = Omit<Selectable<OrderLinesTable>, "id" | "order_id">;

const LINE_COLUMNS = [
  "id",
  "order_id",
  "product_id",
  "option_id",
  "product_name",
  "per_price",
  "cost_price",
  "amount",
  "price_text",
] as const;

export type LineRow = Pick<Selectable<OrderLinesTable>, (typeof LINE_COLUMNS)[number]>;

/** Writes the lines of an order in one statement; returns them as written, with their ids, in their order. */
export async function insertOrderLines(tx: Executor, orderId: number, lines: readonly NewOrderLine[]): Promise<LineRow[]> {
  if (lines.length === 0) return [];
  const written = await tx
    .insertInto("order_lines")
    .values(lines.map((line) => ({ order_id: orderId, ...line })))
    .returning(LINE_COLUMNS)
    .execute();
  return written.sort((a, b) => a.id - b.id);
}

export async function insertOrderEvent(
  tx: Executor,
  event: {
    order_id: number;
    type: string;
    from_status: OrderStatus | null;
    to_status: OrderStatus | null;
    actor_user_id: number | null;
    created_at: string;
    data?: object;
  },
): Promise<void> {
  const { data, ...columns } = event;
  await tx
    .insertInto("order_events")
    .values({ ...columns, data: data ? JSON.stringify(data) : null })
    .execute();
}

/** What a move may change besides `updated_at`: the status and the fields that go with it. */
export type OrderChange = Partial<
  Pick<
    Selectable<OrdersTable>,
    | "status"
    | "is_reserved"
    | "hold_until"
    | "delivery_option"
    | "payment_option"
    | "phone"
    | "delivery_address"
    | "delivery_address_link"
    | "payment_status"
    | "delivery_status"
    | "manager_id"
    | "map_html"
    | "discount_percent"
    | "discounted_price"
    | "paid_with_bonus"
  >
>;

/** Moves an order only if it is still in `from`: the loser of a race changes nothing. */
export async function moveOrderIf(tx: Executor, orderId: number, from: OrderStatus, change: OrderChange, now: string): Promise<boolean> {
  // Kysely leaves out the fields left undefined.
  const result = await tx
    .updateTable("orders")
    .set({ ...change, updated_at: now })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type OrderRow = Pick<
  Selectable<OrdersTable>,
  | "id"
  | "user_id"
  | "shop_id"
  | "status"
  | "payment_status"
  | "delivery_status"
  | "payment_option"
  | "delivery_option"
  | "delivery_address"
  | "delivery_address_link"
  | "phone"
  | "map_html"
  | "discount_percent"
  | "total_price"
  | "discounted_price"
  | "is_reserved"
  | "hold_until"
  | "manager_id"
  | "created_at"
> & {
  shop_name: string;
  shop_address: string;
  shop_district: string;
  shop_map_link: string;
  shop_logo: string | null;
  user_email: string | null;
  user_reflink: string;
};

/** An order with its shop and customer, as the order's readers show it. */
function orderRows(tx: Executor) {
  return tx
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
    ]);
}

export function selectOrderRow(tx: Executor, orderId: number): Promise<OrderRow | undefined> {
  return orderRows(tx).where("o.id", "=", orderId).executeTakeFirst();
}

/** A customer's orders, newest first: `limit` of those older than `before`. */
export function selectOrderRowsOfUser(tx: Executor, userId: number, before: number | null, limit: number): Promise<OrderRow[]> {
  let query = orderRows(tx).where("o.user_id", "=", userId);
  if (before !== null) query = query.where("o.id", "<", before);
  return query.orderBy("o.id", "desc").limit(limit).execute();
}

export function selectLines(tx: Executor, orderId: number): Promise<LineRow[]> {
  return tx.selectFrom("order_lines").select(LINE_COLUMNS).where("order_id", "=", orderId).orderBy("id").execute();
}

/** The images of the products of an order's lines, each product's in gallery order. */
export function selectOrderImages(tx: Executor, orderId: number): Promise<{ product_id: number; filename: string }[]> {
  return tx
    .selectFrom("product_images")
    .select(["product_id", "filename"])
    .where("product_id", "in", (eb) => eb.selectFrom("order_lines").select("product_id").where("order_id", "=", orderId))
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/**
 * New pickup orders whose hold has ended: not paid, and with no TON payment in flight (a message reported
 * sent whose validUntil is after `paymentCutoff`, i.e. now minus the grace).
 */
export async function selectExpiredHolds(tx: Executor, now: string, paymentCutoff: string): Promise<number[]> {
  const rows = await tx
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "N")
    .where("hold_until", "<=", now)
    .where("payment_status", "=", "P")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("ton_quotes as q")
            .select("q.id")
            .whereRef("q.order_id", "=", "orders.id")
            .where("q.message_valid_until", ">", paymentCutoff),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** New pickup orders whose hold ends before `before`, not yet reminded. */
export async function selectHoldsToRemind(tx: Executor, now: string, before: string): Promise<number[]> {
  const rows = await tx
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "N")
    .where("hold_until", ">", now)
    .where("hold_until", "<=", before)
    .where("hold_reminded_at", "is", null)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks an order reminded, only once: the run whose update changed the row sends the reminder. */
export async function markReminded(tx: Executor, orderId: number, now: string): Promise<boolean> {
  const result = await tx
    .updateTable("orders")
    .set({ hold_reminded_at: now })
    .where("id", "=", orderId)
    .where("status", "=", "N")
    .where("hold_reminded_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
