/**
 * Orders, their lines and events: the statements of the order use cases, run on the executor of the
 * caller's unit of work (db/unitOfWork.ts), which owns the transaction. The stock they take and give back
 * goes through the shelf (db/repositories/shelf.ts).
 *
 * The statements of a placement and of the order view are `sql` templates: Kysely's builder spends far
 * more building and compiling a query (tens of µs) than SQLite spends running one of these, and a
 * placement runs about fifteen (docs/performance.md). The rest use the builder.
 */
import { PostgresAdapter, sql, type Selectable } from "kysely";
import type { OrderStatus } from "../../server/domain/orders";
import { idList, idValues, prepareQuery, type Slots } from "../compiledQuery";
import type { Executor } from "../executor";
import { announceOrderChange } from "../live";
import type { OrderLinesTable, OrdersTable, ShopsTable } from "../schema";

export type LineKey = { product_id: number; option_id: number };
export type StockLine = LineKey & { shop_id: number; amount: number };

export interface LinePriceRow extends LineKey {
  per_price: number;
  /** The sale, priced at placing by server/domain/sale.ts. */
  sale_price: number | null;
  sale_ends_at: string | null;
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
const linePrices = prepareQuery<Record<string, number>, LinePriceRow>((v, n) => {
  const options = sql.join(
    Array.from({ length: n }, (_, i) => sql`(o.product_id = ${v[`p${i}`]} and o.option_id = ${v[`o${i}`]})`),
    sql` or `,
  );
  return sql<LinePriceRow>`
    select o.product_id, o.option_id, o.per_price, o.sale_price, o.sale_ends_at, o.cost_price, o.price_text, o.is_deleted as option_deleted,
           p.name, p.is_inactive, p.is_deleted, p.max_amount
      from product_options o join products p on p.id = o.product_id
     where ${options}`;
});

export async function selectLinePrices(tx: Executor, lines: readonly LineKey[]): Promise<LinePriceRow[]> {
  if (lines.length === 0) return [];
  const values: Record<string, number> = {};
  lines.forEach((l, i) => {
    values[`p${i}`] = l.product_id;
    values[`o${i}`] = l.option_id;
  });
  const { rows } = await linePrices.execute(tx, values, lines.length);
  return rows;
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

const shopById = prepareQuery<{ shopId: number }, ShopRow>(
  (v) => sql<ShopRow>`select id, name, address, district, map_link, logo_filename, is_deleted from shops where id = ${v.shopId}`,
);

export async function selectShop(tx: Executor, shopId: number): Promise<ShopRow | undefined> {
  const { rows } = await shopById.execute(tx, { shopId });
  return rows[0];
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

/** What a placement reads of its customer, in one statement. */
export interface PlacingCustomer {
  email: string | null;
  reflink: string;
  /** The order an earlier request with this Idempotency-Key placed, if any. */
  earlier_id: number | null;
  earlier_request_hash: string | null;
  /** Their orders in the open statuses. */
  open_orders: number;
}

/**
 * A placing customer: who they are (for the answer), what an earlier request with this Idempotency-Key
 * placed, and how many open orders they hold. Undefined for no such user.
 *
 * The count is a plain `count(*)` on the (user_id, status) index: the cap keeps it small, and a `limit`
 * in a subquery (to stop counting at the cap) cost more than the rows it saved (docs/performance.md).
 */
export async function selectPlacingCustomer(
  tx: Executor,
  userId: number,
  idempotencyKey: string,
  openStatuses: readonly OrderStatus[],
): Promise<PlacingCustomer | undefined> {
  const values: Record<string, unknown> = { userId, idempotencyKey };
  openStatuses.forEach((status, i) => (values[`s${i}`] = status));
  const { rows } = await placingCustomer.execute(tx, values, openStatuses.length);
  return rows[0];
}

const placingCustomer = prepareQuery<Record<string, unknown>, PlacingCustomer>((v, n) => {
  const statuses = sql.join(Array.from({ length: n }, (_, i) => v[`s${i}`]));
  return sql<PlacingCustomer>`
    select u.email, u.reflink, o.id as earlier_id, o.request_hash as earlier_request_hash,
           (select count(*) from orders where user_id = ${v.userId} and status in (${statuses})) as open_orders
      from users u left join orders o on o.user_id = u.id and o.idempotency_key = ${v.idempotencyKey}
     where u.id = ${v.userId}`;
});

/** The columns of an order that its readers show (the `Order` contract), without its shop and customer. */
const ORDER_COLUMNS = [
  "id",
  "user_id",
  "shop_id",
  "status",
  "payment_status",
  "delivery_status",
  "payment_option",
  "delivery_option",
  "delivery_address",
  "delivery_address_link",
  "phone",
  "map_html",
  "discount_percent",
  "total_price",
  "discounted_price",
  "is_reserved",
  "hold_until",
  "manager_id",
  "created_at",
] as const;

export type OrderColumns = Pick<Selectable<OrdersTable>, (typeof ORDER_COLUMNS)[number]>;

/** An order with its shop and customer, as its readers show it. */
export type OrderRow = OrderColumns & {
  shop_name: string;
  shop_address: string;
  shop_district: string;
  shop_map_link: string;
  shop_logo: string | null;
  user_email: string | null;
  user_reflink: string;
};

const ORDER_ROW = sql`
  select ${sql.raw(ORDER_COLUMNS.map((c) => `o.${c}`).join(", "))},
         s.name as shop_name, s.address as shop_address, s.district as shop_district, s.map_link as shop_map_link,
         s.logo_filename as shop_logo, u.email as user_email, u.reflink as user_reflink
    from orders o join shops s on s.id = o.shop_id join users u on u.id = o.user_id`;

/** A new order as its placement writes it: every column its readers show but its id. */
export type NewOrder = Omit<OrderColumns, "id"> &
  Pick<Selectable<OrdersTable>, "total_cost_price" | "idempotency_key" | "request_hash" | "updated_at">;

/** The order's insert, for its own statement and for a placement's one statement on PostgreSQL. */
const orderInsertSql = (o: Slots<NewOrder>) => sql<{ id: number }>`
    insert into orders (user_id, shop_id, status, payment_status, delivery_status, delivery_option, payment_option, phone,
                        delivery_address, delivery_address_link, map_html, discount_percent, is_reserved, total_price,
                        discounted_price, total_cost_price, hold_until, manager_id, idempotency_key, request_hash, created_at,
                        updated_at)
    values (${o.user_id}, ${o.shop_id}, ${o.status}, ${o.payment_status}, ${o.delivery_status}, ${o.delivery_option},
            ${o.payment_option}, ${o.phone}, ${o.delivery_address}, ${o.delivery_address_link}, ${o.map_html},
            ${o.discount_percent}, ${o.is_reserved}, ${o.total_price}, ${o.discounted_price}, ${o.total_cost_price},
            ${o.hold_until}, ${o.manager_id}, ${o.idempotency_key}, ${o.request_hash}, ${o.created_at}, ${o.updated_at})
    returning id`;

const orderInsert = prepareQuery<NewOrder, { id: number }>((o) => orderInsertSql(o));

/** The order's columns as written, from what was written and the id it got. */
export function writtenOrder(o: NewOrder, id: number): OrderColumns {
  const order = { id } as OrderColumns;
  for (const column of ORDER_COLUMNS) if (column !== "id") (order as Record<string, unknown>)[column] = o[column];
  return order;
}

/**
 * Writes an order; returns its columns as written. Every column is given (none left to the table's
 * defaults), so only the id is read back: on SQLite a `returning` of all the columns cost more than the
 * insert itself (docs/performance.md).
 */
async function insertOrder(tx: Executor, o: NewOrder): Promise<OrderColumns> {
  const { rows } = await orderInsert.execute(tx, o);
  return writtenOrder(o, rows[0]!.id);
}

export type NewOrderLine = Omit<Selectable<OrderLinesTable>, "id" | "order_id">;

export type LineRow = Pick<
  Selectable<OrderLinesTable>,
  "id" | "order_id" | "product_id" | "option_id" | "product_name" | "per_price" | "list_price" | "cost_price" | "amount" | "price_text"
>;

const LINE_COLUMNS = sql`id, order_id, product_id, option_id, product_name, per_price, list_price, cost_price, amount, price_text`;

/** The columns of a line the lines' insert writes after its order id, in its order. */
const LINE_FIELDS = ["product_id", "option_id", "product_name", "price_text", "per_price", "list_price", "cost_price", "amount"] as const;

/** The lines' insert: `orderId` is a value, or on PostgreSQL the id the same statement's order insert got. */
const linesInsertSql = (v: Record<string, unknown>, n: number, orderId: unknown) => {
  const values = sql.join(Array.from({ length: n }, (_, i) => sql`(${orderId}, ${sql.join(LINE_FIELDS.map((f) => v[`${f}${i}`]))})`));
  return sql`
    insert into order_lines (order_id, product_id, option_id, product_name, price_text, per_price, list_price, cost_price, amount)
    values ${values}`;
};

const linesInsert = prepareQuery<Record<string, unknown>, never>((v, n) => linesInsertSql(v, n, v.orderId));

/** A list of lines as the values of the lines' insert (`product_id0`, `option_id0`, …). */
function lineValues(lines: readonly NewOrderLine[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  lines.forEach((line, i) => {
    for (const f of LINE_FIELDS) values[`${f}${i}`] = line[f];
  });
  return values;
}

/**
 * Writes an order's lines and reads them back by the order (two statements cost less on SQLite than one
 * insert with a `returning`).
 */
async function insertOrderLines(tx: Executor, orderId: number, lines: readonly NewOrderLine[]): Promise<LineRow[]> {
  if (lines.length === 0) return [];
  await linesInsert.execute(tx, { orderId, ...lineValues(lines) }, lines.length);
  return selectLines(tx, orderId);
}

export type NewOrderEvent = {
  order_id: number;
  type: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  actor_user_id: number | null;
  created_at: string;
  data?: object;
};

/**
 * Every change of an order writes its event row here (or in insertPlacedOrder): so this is also where the
 * change is announced to the live streams (db/live.ts), published once the unit has committed.
 */
export async function insertOrderEvent(tx: Executor, event: NewOrderEvent): Promise<void> {
  await eventInsert.execute(tx, { ...eventValues(event), order_id: event.order_id });
  announceOrderChange(tx, event.order_id);
}

type EventValues = {
  event_type: string;
  from_status: unknown;
  to_status: unknown;
  actor_user_id: unknown;
  event_at: string;
  data: unknown;
};

function eventValues(event: Omit<NewOrderEvent, "order_id">): EventValues {
  const data = event.data ? JSON.stringify(event.data) : null;
  const { type, from_status, to_status, actor_user_id, created_at } = event;
  return { event_type: type, from_status, to_status, actor_user_id, event_at: created_at, data };
}

/** The event's insert: `orderId` as for the lines' insert. */
const eventInsertSql = (e: Slots<EventValues>, orderId: unknown) => sql`
    insert into order_events (order_id, type, from_status, to_status, actor_user_id, created_at, data)
    values (${orderId}, ${e.event_type}, ${e.from_status}, ${e.to_status}, ${e.actor_user_id}, ${e.event_at}, ${e.data})`;

const eventInsert = prepareQuery<EventValues & { order_id: number }, never>((e) => eventInsertSql(e, e.order_id));

/**
 * A placement's writes: the order, its lines (read back with their ids, in their order) and its first event.
 * On PostgreSQL one statement (data-modifying CTEs: every statement is a round trip to the server); on SQLite
 * the statements one by one, which cost it nothing more.
 */
export async function insertPlacedOrder(
  tx: Executor,
  o: NewOrder,
  lines: readonly NewOrderLine[],
  event: Omit<NewOrderEvent, "order_id">,
): Promise<{ order: OrderColumns; lines: LineRow[] }> {
  if (!(tx.getExecutor().adapter instanceof PostgresAdapter) || lines.length === 0) {
    const order = await insertOrder(tx, o);
    const written = await insertOrderLines(tx, order.id, lines);
    await insertOrderEvent(tx, { ...event, order_id: order.id });
    return { order, lines: written };
  }
  const { rows } = await placedOrderInsert.execute(tx, { ...o, ...lineValues(lines), ...eventValues(event) }, lines.length);
  announceOrderChange(tx, rows[0]!.placed_id);
  return { order: writtenOrder(o, rows[0]!.placed_id), lines: rows.map(({ placed_id: _id, ...line }) => line) };
}

const placedOrderInsert = prepareQuery<Record<string, unknown>, LineRow & { placed_id: number }>((v, n) => {
  const placed = sql`(select id from placed)`;
  return sql`
    with placed as (${orderInsertSql(v as Slots<NewOrder>)}),
    lines as (${linesInsertSql(v, n, placed)} returning ${LINE_COLUMNS}),
    event as (${eventInsertSql(v as Slots<EventValues>, placed)})
    select (select id from placed) as placed_id, ${LINE_COLUMNS} from lines order by id`;
});

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

export async function selectOrderRow(tx: Executor, orderId: number): Promise<OrderRow | undefined> {
  const { rows } = await sql<OrderRow>`${ORDER_ROW} where o.id = ${orderId}`.execute(tx);
  return rows[0];
}

/** A customer's orders, newest first: `limit` of those older than `before`. */
export async function selectOrderRowsOfUser(tx: Executor, userId: number, before: number | null, limit: number): Promise<OrderRow[]> {
  const older = before === null ? sql`` : sql`and o.id < ${before}`;
  const { rows } = await sql<OrderRow>`${ORDER_ROW} where o.user_id = ${userId} ${older} order by o.id desc limit ${limit}`.execute(tx);
  return rows;
}

const linesOfOrder = prepareQuery<{ orderId: number }, LineRow>(
  (v) => sql<LineRow>`select ${LINE_COLUMNS} from order_lines where order_id = ${v.orderId} order by id`,
);

export async function selectLines(tx: Executor, orderId: number): Promise<LineRow[]> {
  const { rows } = await linesOfOrder.execute(tx, { orderId });
  return rows;
}

/** The images of the products of an order's lines, each product's in gallery order. */
const orderImages = prepareQuery<{ orderId: number }, { product_id: number; filename: string }>(
  (v) => sql<{ product_id: number; filename: string }>`
    select product_id, filename from product_images
     where product_id in (select product_id from order_lines where order_id = ${v.orderId})
     order by product_id, position, id`,
);

export async function selectOrderImages(tx: Executor, orderId: number): Promise<{ product_id: number; filename: string }[]> {
  const { rows } = await orderImages.execute(tx, { orderId });
  return rows;
}

/** The lines of several orders (a page of a list): by order, each order's in its order. */
const linesOfOrders = prepareQuery<Record<string, number>, LineRow>(
  (v, n) => sql<LineRow>`select ${LINE_COLUMNS} from order_lines where order_id in (${idList(v, n)}) order by order_id, id`,
);

export async function selectLinesOfOrders(tx: Executor, orderIds: readonly number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await linesOfOrders.execute(tx, idValues(orderIds), orderIds.length);
  return rows;
}

export type CancelEventRow = { order_id: number; type: string; actor_user_id: number | null; data: string | null };

/** The events that moved these orders into C, on the (order_id, to_status) index: why each was canceled. */
const cancelEventsOfOrders = prepareQuery<Record<string, number>, CancelEventRow>(
  (v, n) => sql<CancelEventRow>`
    select order_id, type, actor_user_id, data from order_events
     where order_id in (${idList(v, n)}) and to_status = 'C'
     order by order_id, id`,
);

/** Each order's event into C by its id (the last, were there two); none for an order that has none. */
export async function selectCancelEvents(tx: Executor, orderIds: readonly number[]): Promise<Map<number, CancelEventRow>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await cancelEventsOfOrders.execute(tx, idValues(orderIds), orderIds.length);
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** The images of these products, each product's in gallery order (as `selectOrderImages` gives an order's). */
const productsImages = prepareQuery<Record<string, number>, { product_id: number; filename: string }>(
  (v, n) => sql<{ product_id: number; filename: string }>`
    select product_id, filename from product_images
     where product_id in (${idList(v, n)})
     order by product_id, position, id`,
);

export async function selectImagesOfProducts(
  tx: Executor,
  productIds: readonly number[],
): Promise<{ product_id: number; filename: string }[]> {
  if (productIds.length === 0) return [];
  const { rows } = await productsImages.execute(tx, idValues(productIds), productIds.length);
  return rows;
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

// ---- g-live ----
/** Who may hear of these orders' changes (server/services/live.ts): each order's customer and shop, by its key. */
export async function selectOrderAudience(
  tx: Executor,
  orderIds: readonly number[],
): Promise<{ id: number; user_id: number; shop_id: number }[]> {
  if (orderIds.length === 0) return [];
  return tx.selectFrom("orders").select(["id", "user_id", "shop_id"]).where("id", "in", [...orderIds]).execute();
}
