/**
 * Orders, their lines and events, and the stock they reserve. These run inside a unit of work of the
 * store's writer (db/writer.ts): synchronous statements prepared once, the caller's unit owning the
 * transaction.
 */
import type { Selectable } from "kysely";
import type { OrderStatus } from "../../server/domain/orders";
import type { OrderLinesTable, OrdersTable, ShopsTable } from "../schema";
import { prepared, type Tx } from "../writer";

export type LineKey = { product_id: number; option_id: number };
export type StockLine = LineKey & { shop_id: number; amount: number };

export interface LinePriceRow {
  per_price: number;
  cost_price: number;
  price_text: string;
  option_deleted: 0 | 1;
  name: string;
  is_inactive: 0 | 1;
  is_deleted: 0 | 1;
  max_amount: number | null;
}

/** What a product's option costs now, read from the catalogue (never from the client). */
export function selectLinePrice(tx: Tx, line: LineKey): LinePriceRow | undefined {
  return prepared(
    tx,
    `select o.per_price, o.cost_price, o.price_text, o.is_deleted as option_deleted, p.name, p.is_inactive, p.is_deleted, p.max_amount
       from product_options o join products p on p.id = o.product_id
      where o.product_id = ? and o.option_id = ?`,
  ).get<LinePriceRow>(line.product_id, line.option_id);
}

/** Whether a product is on sale (exists, active, not deleted). */
export function productOnSale(tx: Tx, productId: number): boolean {
  return prepared(tx, "select 1 from products where id = ? and is_deleted = 0 and is_inactive = 0").get(productId) !== undefined;
}

export type ShopRow = Pick<Selectable<ShopsTable>, "id" | "name" | "address" | "district" | "map_link" | "logo_filename" | "is_deleted">;

export function selectShop(tx: Tx, shopId: number): ShopRow | undefined {
  return prepared(tx, "select id, name, address, district, map_link, logo_filename, is_deleted from shops where id = ?").get<ShopRow>(shopId);
}

/**
 * Reserves stock: one conditional decrement, so two customers can never take the same last unit.
 * False when the shop does not hold that many.
 */
export function reserveStock(tx: Tx, line: StockLine, now: string): boolean {
  return (
    prepared(tx, "update stock set amount = amount - ?, updated_at = ? where shop_id = ? and product_id = ? and option_id = ? and amount >= ?").run(
      line.amount,
      now,
      line.shop_id,
      line.product_id,
      line.option_id,
      line.amount,
    ).changes === 1
  );
}

export function returnStock(tx: Tx, line: StockLine, now: string): void {
  prepared(
    tx,
    `insert into stock (shop_id, product_id, option_id, amount, updated_at) values (?, ?, ?, ?, ?)
     on conflict (shop_id, product_id, option_id) do update set amount = amount + excluded.amount, updated_at = excluded.updated_at`,
  ).run(line.shop_id, line.product_id, line.option_id, line.amount, now);
}

export interface ShopStockRow extends StockLine {
  name: string;
  district: string;
}

/** Positive stock per (shop, option) of a product, at shops that are not deleted. */
export function selectStockFor(tx: Tx, productId: number): ShopStockRow[] {
  return prepared(
    tx,
    `select stock.shop_id, stock.product_id, stock.option_id, stock.amount, shops.name, shops.district
       from stock join shops on shops.id = stock.shop_id
      where stock.product_id = ? and shops.is_deleted = 0 and stock.amount > 0`,
  ).all<ShopStockRow>(productId);
}

/** How many orders a customer has, and how many of them are done (S). */
export function countOrdersOfUser(tx: Tx, userId: number): { all: number; done: number } {
  return prepared(tx, "select count(*) as \"all\", coalesce(sum(case when status = 'S' then 1 else 0 end), 0) as done from orders where user_id = ?").get<{
    all: number;
    done: number;
  }>(userId)!;
}

/** Whether a customer has at least `atLeast` orders in these statuses: counts no further than that. */
export function hasOrdersIn(tx: Tx, userId: number, statuses: readonly OrderStatus[], atLeast: number): boolean {
  const count = prepared(
    tx,
    `select count(*) from (select 1 from orders where user_id = ? and status in (${statuses.map(() => "?").join(", ")}) limit ?) as open_orders`,
  ).column<number>(userId, ...statuses, atLeast)[0];
  return (count ?? 0) >= atLeast;
}

export function findOrderByIdempotencyKey(tx: Tx, userId: number, key: string): { id: number; request_hash: string | null } | undefined {
  return prepared(tx, "select id, request_hash from orders where user_id = ? and idempotency_key = ?").get(userId, key);
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

export function insertOrder(tx: Tx, o: NewOrder): number {
  const result = prepared(
    tx,
    `insert into orders (user_id, shop_id, status, delivery_option, payment_option, phone, delivery_address, delivery_address_link,
                         is_reserved, total_price, discounted_price, total_cost_price, hold_until, idempotency_key, request_hash,
                         created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    o.user_id,
    o.shop_id,
    o.status,
    o.delivery_option,
    o.payment_option,
    o.phone,
    o.delivery_address,
    o.delivery_address_link,
    o.is_reserved,
    o.total_price,
    o.discounted_price,
    o.total_cost_price,
    o.hold_until,
    o.idempotency_key,
    o.request_hash,
    o.created_at,
    o.updated_at,
  );
  return Number(result.lastInsertRowid);
}

export type NewOrderLine = Omit<Selectable<OrderLinesTable>, "id" | "order_id">;

/** Writes the lines of an order; returns them as written, with their ids. */
export function insertOrderLines(tx: Tx, orderId: number, lines: readonly NewOrderLine[]): LineRow[] {
  const insert = prepared(
    tx,
    `insert into order_lines (order_id, product_id, option_id, product_name, price_text, per_price, cost_price, amount)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return lines.map((l) => {
    const { lastInsertRowid } = insert.run(orderId, l.product_id, l.option_id, l.product_name, l.price_text, l.per_price, l.cost_price, l.amount);
    return { id: Number(lastInsertRowid), order_id: orderId, ...l };
  });
}

export function insertOrderEvent(
  tx: Tx,
  event: { order_id: number; type: string; from_status: OrderStatus | null; to_status: OrderStatus | null; actor_user_id: number | null; created_at: string; data?: object },
): void {
  prepared(tx, "insert into order_events (order_id, type, from_status, to_status, actor_user_id, created_at, data) values (?, ?, ?, ?, ?, ?, ?)").run(
    event.order_id,
    event.type,
    event.from_status,
    event.to_status,
    event.actor_user_id,
    event.created_at,
    event.data ? JSON.stringify(event.data) : null,
  );
}

const CHANGEABLE = [
  "status",
  "is_reserved",
  "hold_until",
  "delivery_option",
  "payment_option",
  "phone",
  "delivery_address",
  "delivery_address_link",
  "payment_status",
  "delivery_status",
  "manager_id",
  "map_html",
  "discount_percent",
  "discounted_price",
  "paid_with_bonus",
] as const;

/** What a move may change besides `updated_at`: the status and the fields that go with it. */
export type OrderChange = Partial<Pick<Selectable<OrdersTable>, (typeof CHANGEABLE)[number]>>;

/** Moves an order only if it is still in `from`: the loser of a race changes nothing. */
export function moveOrderIf(tx: Tx, orderId: number, from: OrderStatus, change: OrderChange, now: string): boolean {
  const columns = CHANGEABLE.filter((c) => change[c] !== undefined);
  const assignments = [...columns.map((c) => `${c} = ?`), "updated_at = ?"].join(", ");
  const result = prepared(tx, `update orders set ${assignments} where id = ? and status = ?`).run(
    ...columns.map((c) => change[c]),
    now,
    orderId,
    from,
  );
  return result.changes === 1;
}

const ORDER_ROW = `
  select o.id, o.user_id, o.shop_id, o.status, o.payment_status, o.delivery_status, o.payment_option, o.delivery_option,
         o.delivery_address, o.delivery_address_link, o.phone, o.map_html, o.discount_percent, o.total_price,
         o.discounted_price, o.is_reserved, o.hold_until, o.manager_id, o.created_at,
         s.name as shop_name, s.address as shop_address, s.district as shop_district, s.map_link as shop_map_link,
         s.logo_filename as shop_logo, u.email as user_email, u.reflink as user_reflink
    from orders o join shops s on s.id = o.shop_id join users u on u.id = o.user_id`;

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

export function selectOrderRow(tx: Tx, orderId: number): OrderRow | undefined {
  return prepared(tx, `${ORDER_ROW} where o.id = ?`).get<OrderRow>(orderId);
}

/** A customer's orders, newest first: `limit` of those older than `before`. */
export function selectOrderRowsOfUser(tx: Tx, userId: number, before: number | null, limit: number): OrderRow[] {
  return prepared(tx, `${ORDER_ROW} where o.user_id = ? and o.id < ? order by o.id desc limit ?`).all<OrderRow>(userId, before ?? Number.MAX_SAFE_INTEGER, limit);
}

export type LineRow = Pick<Selectable<OrderLinesTable>, "id" | "order_id" | "product_id" | "option_id" | "product_name" | "per_price" | "cost_price" | "amount" | "price_text">;

export function selectLines(tx: Tx, orderId: number): LineRow[] {
  return prepared(
    tx,
    "select id, order_id, product_id, option_id, product_name, per_price, cost_price, amount, price_text from order_lines where order_id = ? order by id",
  ).all<LineRow>(orderId);
}

/** The images of the products of an order's lines, each product's in gallery order. */
export function selectOrderImages(tx: Tx, orderId: number): { product_id: number; filename: string }[] {
  return prepared(
    tx,
    `select product_id, filename from product_images
      where product_id in (select product_id from order_lines where order_id = ?)
      order by product_id, position, id`,
  ).all(orderId);
}

/**
 * New pickup orders whose hold has ended: not paid, and with no TON payment in flight (a message reported
 * sent whose validUntil is after `paymentCutoff`, i.e. now minus the grace).
 */
export function selectExpiredHolds(tx: Tx, now: string, paymentCutoff: string): number[] {
  return prepared(
    tx,
    `select id from orders where status = 'N' and hold_until <= ? and payment_status = 'P'
        and not exists (select 1 from ton_quotes q where q.order_id = orders.id and q.message_valid_until > ?)`,
  ).column<number>(now, paymentCutoff);
}

/** New pickup orders whose hold ends before `before`, not yet reminded. */
export function selectHoldsToRemind(tx: Tx, now: string, before: string): number[] {
  return prepared(tx, "select id from orders where status = 'N' and hold_until > ? and hold_until <= ? and hold_reminded_at is null").column<number>(now, before);
}

export function markReminded(tx: Tx, orderId: number, now: string): boolean {
  return prepared(tx, "update orders set hold_reminded_at = ? where id = ? and status = 'N' and hold_reminded_at is null").run(now, orderId).changes === 1;
}
