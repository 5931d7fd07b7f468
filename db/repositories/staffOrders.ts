/**
 * What the hand-over reads and writes besides the order itself (db/repositories/orders.ts): who staffs
 * which shop, the people an order's notices go to, the staff's view of an order, paged staff lists, sales
 * counts, and taking an order (a conditional update: of many managers exactly one wins). The bonus a
 * customer pays with is the ledger's (db/repositories/ledger.ts); "is this user an admin" is users.isAdmin.
 */
import { sql, type ExpressionBuilder } from "kysely";
import type { OrderStatus } from "../../server/domain/orders";
import { idValues, prepareQuery } from "../compiledQuery";
import type { Executor } from "../executor";
import type { Database } from "../schema";
import type { OrderRow } from "./orders";
import { rollupIsFresh } from "./stats";

/** The shops (not deleted) a user staffs, as owner or manager. */
export async function selectStaffShopIds(tx: Executor, userId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom("shop_staff as st")
    .innerJoin("shops as s", "s.id", "st.shop_id")
    .select("st.shop_id")
    .where("st.user_id", "=", userId)
    .where("s.is_deleted", "=", 0)
    .orderBy("st.shop_id")
    .execute();
  return rows.map((r) => r.shop_id);
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
  /** Whether the person let the bot write to them (issue 26): 'refused' means the outbox skips them. */
  write_access: string | null;
}

const PERSON = [
  "u.id",
  "u.email",
  "u.telegram_id",
  "u.first_name",
  "u.last_name",
  "u.username",
  "u.photo_url",
  "u.telegram_unreachable_at",
  "u.write_access",
] as const;

export async function selectPerson(tx: Executor, userId: number): Promise<PersonRow | undefined> {
  return tx.selectFrom("users as u").select(PERSON).where("u.id", "=", userId).executeTakeFirst();
}

const people = prepareQuery<Record<string, number>, PersonRow>((v, n, tx) =>
  tx
    .selectFrom("users as u")
    .select(PERSON)
    .where("u.id", "in", Array.from({ length: n }, (_, i) => v[`id${i}`]!)),
);

/** Several users (the managers of a page of orders), by id; an id with no user is missing. */
export async function selectPeople(tx: Executor, userIds: readonly number[]): Promise<Map<number, PersonRow>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await people.execute(tx, idValues(userIds), userIds.length);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Everyone who staffs a shop, to be told of its new orders. */
export async function selectShopStaff(tx: Executor, shopId: number): Promise<PersonRow[]> {
  return tx
    .selectFrom("shop_staff as st")
    .innerJoin("users as u", "u.id", "st.user_id")
    .select(PERSON)
    .where("st.shop_id", "=", shopId)
    .orderBy("u.id")
    .execute();
}

/**
 * Who gets a new order's push: the shop's staff, and the admins who asked for every shop's (`/notify on`),
 * each once.
 */
const newOrderRecipients = prepareQuery<{ shopId: number }, PersonRow>((v, _n, tx) =>
  tx
    .selectFrom("shop_staff as st")
    .innerJoin("users as u", "u.id", "st.user_id")
    .select(PERSON)
    .where("st.shop_id", "=", v.shopId)
    // Literal 1s, not bound values: SQLite uses the partial index users_new_order_pushes only for a literal, and
    // with a parameter it planned the statement again on every placement (64 µs against 2 µs).
    .union((eb) =>
      eb.selectFrom("users as u").select(PERSON).where("u.new_order_pushes", "=", sql.lit(1)).where("u.is_admin", "=", sql.lit(1)),
    )
    .orderBy("id"),
);

export async function selectNewOrderRecipients(tx: Executor, shopId: number): Promise<PersonRow[]> {
  const { rows } = await newOrderRecipients.execute(tx, { shopId });
  return rows;
}

/** The staff members who were pushed an order (whose messages say what became of it). */
export async function selectPushedStaff(tx: Executor, orderId: number): Promise<{ user_id: number; dedupe_key: string }[]> {
  const rows = await tx
    .selectFrom("outbox")
    .select(["user_id", "dedupe_key"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "staff_new_order")
    .orderBy("id")
    .execute();
  // A staff push always names its staff member.
  return rows.map((r) => ({ user_id: r.user_id!, dedupe_key: r.dedupe_key }));
}

export interface StaffOrderRowExtra {
  total_cost_price: number;
  paid_with_bonus: 0 | 1;
  user_first_name: string | null;
  user_photo_url: string | null;
}

export type StaffOrderRow = OrderRow & StaffOrderRowExtra;

function staffOrderRows(tx: Executor) {
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
      "o.total_cost_price",
      "o.paid_with_bonus",
      "s.name as shop_name",
      "s.address as shop_address",
      "s.district as shop_district",
      "s.map_link as shop_map_link",
      "s.logo_filename as shop_logo",
      "u.email as user_email",
      "u.reflink as user_reflink",
      "u.first_name as user_first_name",
      "u.photo_url as user_photo_url",
    ]);
}

export async function selectStaffOrderRow(tx: Executor, orderId: number): Promise<StaffOrderRow | undefined> {
  return staffOrderRows(tx).where("o.id", "=", orderId).executeTakeFirst();
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

type OrdersScope = Pick<StaffListFilter, "staffOf" | "shopId" | "managerId">;

/** The orders (as `o`) of a list's scope: the caller's shops (or every shop), one shop, one manager. */
function inScope(f: OrdersScope) {
  return (eb: ExpressionBuilder<Database & { o: Database["orders"] }, "o">) =>
    eb.and([
      ...(f.staffOf === null
        ? []
        : [eb("o.shop_id", "in", eb.selectFrom("shop_staff").select("shop_staff.shop_id").where("shop_staff.user_id", "=", f.staffOf))]),
      ...(f.shopId === null ? [] : [eb("o.shop_id", "=", f.shopId)]),
      ...(f.managerId === null ? [] : [eb("o.manager_id", "=", f.managerId)]),
    ]);
}

/** Staff lists, newest first, `limit` rows. */
export async function selectStaffOrderRows(tx: Executor, f: StaffListFilter): Promise<StaffOrderRow[]> {
  let query = staffOrderRows(tx).where(inScope(f));
  if (f.statuses !== null) query = query.where("o.status", "in", f.statuses);
  if (f.before !== null) query = query.where("o.id", "<", f.before);
  return query.orderBy("o.id", "desc").limit(f.limit).execute();
}

/**
 * Open (N, W) and done (S) orders under the same filter as a list. Open orders are few and counted on the
 * orders' index; a year holds hundreds of thousands of done ones, so for a shop's (or every shop's) count they
 * come from the statistics' roll-up while it is fresh (db/repositories/stats.ts; one manager's from its
 * per-manager counts), and from the orders otherwise.
 */
export async function countSales(tx: Executor, f: OrdersScope): Promise<{ new: number; done: number }> {
  const open = await tx
    .selectFrom("orders as o")
    .select(sql<number>`count(*)`.as("n"))
    .where(inScope(f))
    .where("o.status", "in", ["N", "W"])
    .executeTakeFirstOrThrow();
  let done: number;
  const staffed = (user: number) => tx.selectFrom("shop_staff").select("shop_staff.shop_id").where("shop_staff.user_id", "=", user);
  if (f.managerId !== null && (await rollupIsFresh(tx))) {
    let mine = tx
      .selectFrom("stats_managers as m")
      .select(sql<number>`coalesce(sum(m.orders), 0)`.as("n"))
      .where("m.manager_id", "=", f.managerId);
    if (f.shopId !== null) mine = mine.where("m.shop_id", "=", f.shopId);
    if (f.staffOf !== null) mine = mine.where("m.shop_id", "in", staffed(f.staffOf));
    done = Number((await mine.executeTakeFirstOrThrow()).n);
  } else if (f.managerId === null && (await rollupIsFresh(tx))) {
    let days = tx.selectFrom("stats_days as d").select(sql<number>`coalesce(sum(d.orders), 0)`.as("n"));
    if (f.staffOf === null && f.shopId === null) days = days.where("d.shop_id", "=", 0);
    if (f.shopId !== null) days = days.where("d.shop_id", "=", f.shopId);
    if (f.staffOf !== null) days = days.where("d.shop_id", "in", staffed(f.staffOf));
    done = Number((await days.executeTakeFirstOrThrow()).n);
  } else {
    const row = await tx
      .selectFrom("orders as o")
      .select(sql<number>`count(*)`.as("n"))
      .where(inScope(f))
      .where("o.status", "=", "S")
      .executeTakeFirstOrThrow();
    done = Number(row.n);
  }
  return { new: Number(open.n), done };
}

/** Takes a new order for a manager: one conditional update, so of many managers exactly one wins. */
export async function takeOrderIf(tx: Executor, orderId: number, managerId: number, now: string): Promise<boolean> {
  const result = await tx
    .updateTable("orders")
    .set({ status: "W", manager_id: managerId, updated_at: now })
    .where("id", "=", orderId)
    .where("status", "=", "N")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
