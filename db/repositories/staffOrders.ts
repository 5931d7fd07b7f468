/**
 * What the hand-over reads and writes besides the order itself (db/repositories/orders.ts): who staffs
 * which shop, the staff's view of an order, paged staff lists, sales counts, and the bonus a customer pays
 * with. Units of the store's writer (db/writer.ts), like every other change to orders and money.
 */
import type { OrderStatus } from "../../server/domain/orders";
import { prepared, type Tx } from "../writer";
import type { OrderRow } from "./orders";

/** The shops (not deleted) a user staffs, as owner or manager. */
export function selectStaffShopIds(tx: Tx, userId: number): number[] {
  return prepared(
    tx,
    "select st.shop_id from shop_staff st join shops s on s.id = st.shop_id where st.user_id = ? and s.is_deleted = 0 order by st.shop_id",
  ).column<number>(userId);
}

export function selectIsAdmin(tx: Tx, userId: number): boolean {
  return prepared(tx, "select 1 from users where id = ? and is_admin = 1").get(userId) !== undefined;
}

export interface PersonRow {
  id: number;
  email: string | null;
  telegram_id: number | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  photo_url: string | null;
  telegram_unreachable_at: string | null;
}

export function selectPerson(tx: Tx, userId: number): PersonRow | undefined {
  return prepared(
    tx,
    "select id, email, telegram_id, first_name, last_name, username, photo_url, telegram_unreachable_at from users where id = ?",
  ).get<PersonRow>(userId);
}

/** Everyone who staffs a shop, to be told of its new orders. */
export function selectShopStaff(tx: Tx, shopId: number): PersonRow[] {
  return prepared(
    tx,
    `select u.id, u.email, u.telegram_id, u.first_name, u.last_name, u.username, u.photo_url, u.telegram_unreachable_at
       from shop_staff st join users u on u.id = st.user_id
      where st.shop_id = ? order by u.id`,
  ).all<PersonRow>(shopId);
}

/**
 * Who gets a new order's push: the shop's staff, and the admins who asked for every shop's (`/notify on`),
 * each once.
 */
export function selectNewOrderRecipients(tx: Tx, shopId: number): PersonRow[] {
  return prepared(
    tx,
    `select u.id, u.email, u.telegram_id, u.first_name, u.last_name, u.username, u.photo_url, u.telegram_unreachable_at
       from shop_staff st join users u on u.id = st.user_id
      where st.shop_id = ?
     union
     select u.id, u.email, u.telegram_id, u.first_name, u.last_name, u.username, u.photo_url, u.telegram_unreachable_at
       from users u
      where u.new_order_pushes = 1 and u.is_admin = 1
     order by 1`,
  ).all<PersonRow>(shopId);
}

/** The staff members who were pushed an order (whose messages say what became of it). */
export function selectPushedStaff(tx: Tx, orderId: number): { user_id: number; dedupe_key: string }[] {
  return prepared(tx, "select user_id, dedupe_key from outbox where order_id = ? and kind = 'staff_new_order' order by id").all(orderId);
}

export interface StaffOrderRowExtra {
  total_cost_price: number;
  paid_with_bonus: 0 | 1;
  user_first_name: string | null;
  user_photo_url: string | null;
}

export type StaffOrderRow = OrderRow & StaffOrderRowExtra;

const STAFF_ORDER_ROW = `
  select o.id, o.user_id, o.shop_id, o.status, o.payment_status, o.delivery_status, o.payment_option, o.delivery_option,
         o.delivery_address, o.delivery_address_link, o.phone, o.map_html, o.discount_percent, o.total_price,
         o.discounted_price, o.is_reserved, o.hold_until, o.manager_id, o.created_at, o.total_cost_price, o.paid_with_bonus,
         s.name as shop_name, s.address as shop_address, s.district as shop_district, s.map_link as shop_map_link,
         s.logo_filename as shop_logo, u.email as user_email, u.reflink as user_reflink,
         u.first_name as user_first_name, u.photo_url as user_photo_url
    from orders o join shops s on s.id = o.shop_id join users u on u.id = o.user_id`;

export function selectStaffOrderRow(tx: Tx, orderId: number): StaffOrderRow | undefined {
  return prepared(tx, `${STAFF_ORDER_ROW} where o.id = ?`).get<StaffOrderRow>(orderId);
}

export interface StaffListFilter {
  /** Only these shops; null for every shop (admins). */
  staffOf: number | null;
  shopId: number | null;
  statuses: readonly OrderStatus[] | null;
  /** Only orders this user took or handed over. */
  managerId: number | null;
  /** Orders with a smaller id than this (the page before ended there). */
  before: number | null;
  limit: number;
}

/**
 * Staff lists, newest first, one page. The statement is built from which filters are set (a handful of
 * shapes, each prepared once); the values always travel as parameters.
 */
export function selectStaffOrderRows(tx: Tx, f: StaffListFilter): StaffOrderRow[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.staffOf !== null) {
    where.push("o.shop_id in (select shop_id from shop_staff where user_id = ?)");
    params.push(f.staffOf);
  }
  if (f.shopId !== null) {
    where.push("o.shop_id = ?");
    params.push(f.shopId);
  }
  if (f.statuses !== null) {
    where.push(`o.status in (${f.statuses.map(() => "?").join(", ")})`);
    params.push(...f.statuses);
  }
  if (f.managerId !== null) {
    where.push("o.manager_id = ?");
    params.push(f.managerId);
  }
  if (f.before !== null) {
    where.push("o.id < ?");
    params.push(f.before);
  }
  const sql = `${STAFF_ORDER_ROW} ${where.length ? `where ${where.join(" and ")}` : ""} order by o.id desc limit ?`;
  return prepared(tx, sql).all<StaffOrderRow>(...params, f.limit);
}

/** Open (N, W) and done (S) orders under the same filter as a list. */
export function countSales(tx: Tx, f: Pick<StaffListFilter, "staffOf" | "shopId" | "managerId">): { new: number; done: number } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.staffOf !== null) {
    where.push("shop_id in (select shop_id from shop_staff where user_id = ?)");
    params.push(f.staffOf);
  }
  if (f.shopId !== null) {
    where.push("shop_id = ?");
    params.push(f.shopId);
  }
  if (f.managerId !== null) {
    where.push("manager_id = ?");
    params.push(f.managerId);
  }
  const row = prepared(
    tx,
    `select coalesce(sum(case when status in ('N', 'W') then 1 else 0 end), 0) as open,
            coalesce(sum(case when status = 'S' then 1 else 0 end), 0) as done
       from orders ${where.length ? `where ${where.join(" and ")}` : ""}`,
  ).get<{ open: number; done: number }>(...params)!;
  return { new: row.open, done: row.done };
}

/** Takes a new order for a manager: one conditional update, so of many managers exactly one wins. */
export function takeOrderIf(tx: Tx, orderId: number, managerId: number, now: string): boolean {
  return prepared(tx, "update orders set status = 'W', manager_id = ?, updated_at = ? where id = ? and status = 'N'").run(managerId, now, orderId).changes === 1;
}

// The bonus ledger: append-only; the balance is the sum and never stored alone.

export function selectBonusBalance(tx: Tx, userId: number): number {
  return (
    prepared(tx, "select coalesce(sum(case when type = 'income' then amount else -amount end), 0) as balance from bonus_ledger where user_id = ?").get<{
      balance: number;
    }>(userId)?.balance ?? 0
  );
}

/** A customer pays an order with bonus: one expense entry per order (a unique key keeps it to one). */
export function insertBonusExpense(tx: Tx, entry: { user_id: number; order_id: number; amount: number; created_at: string }): void {
  prepared(tx, "insert into bonus_ledger (user_id, type, amount, order_id, created_at) values (?, 'exp', ?, ?, ?)").run(
    entry.user_id,
    entry.amount,
    entry.order_id,
    entry.created_at,
  );
}
