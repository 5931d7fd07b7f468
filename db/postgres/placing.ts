/**
 * Placements written together on PostgreSQL (issue 22; docs/performance.md "Placements written together"): the
 * statements of the placements that arrived in one turn of the event loop, each written once for all of them
 * (`insert … select from unnest(…)`, `= any(…)`), in one transaction. What makes a placement dear on PostgreSQL is
 * the number of statements (each a round trip, a plan's set-up and its triggers' firing), not the rows; SQLite's
 * group commit shares the same work among the placements of a turn its own way (db/sqlite/groupCommit.ts).
 *
 * PostgreSQL only: the service uses these only where `together` units exist (db/unitOfWork.ts).
 */
import { sql } from "kysely";
import type { Executor } from "../executor";
import { announceOrderChange } from "../live";
import { WITH_COMMIT } from "./connection";
import {
  writtenOrder,
  type LineRow,
  type NewOrder,
  type NewOrderLine,
  type OrderColumns,
  type PlacingCustomer,
  type ShopRow,
} from "../repositories/orders";
import type { OutboxMessage } from "../../server/domain/notifications";

/**
 * Locks the rows of these users that no other transaction holds (in id order), until this transaction ends; the
 * ids it locked. A batch decides only for those: a customer whose row another unit holds (their placement on
 * another instance, say) would make every placement of the batch wait for that unit.
 */
export async function lockFreeUsers(tx: Executor, ids: readonly number[]): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    select id from users where id = any(${[...ids]}::int[]) order by id for update skip locked`.execute(tx);
  return new Set(rows.map((row) => row.id));
}

/** The placing customers of a batch, in its order: undefined for a user who does not exist. */
export async function selectPlacingCustomersTogether(
  tx: Executor,
  wanted: readonly { userId: number; key: string }[],
  openStatuses: readonly string[],
): Promise<(PlacingCustomer | undefined)[]> {
  const { rows } = await sql<PlacingCustomer & { i: number }>`
    select x.i, u.email, u.reflink, o.id as earlier_id, o.request_hash as earlier_request_hash,
           (select count(*) from orders where user_id = x.user_id and status = any(${[...openStatuses]}::text[])) as open_orders
      from unnest(${wanted.map((w) => w.userId)}::int[], ${wanted.map((w) => w.key)}::text[]) with ordinality as x(user_id, key, i)
      join users u on u.id = x.user_id
      left join orders o on o.user_id = u.id and o.idempotency_key = x.key`.execute(tx);
  const found: (PlacingCustomer | undefined)[] = wanted.map(() => undefined);
  for (const { i, ...customer } of rows) found[Number(i) - 1] = customer;
  return found;
}

export async function selectShopsTogether(tx: Executor, ids: readonly number[]): Promise<Map<number, ShopRow>> {
  const { rows } = await sql<ShopRow>`
    select id, name, address, district, map_link, logo_filename, is_deleted from shops where id = any(${[...ids]}::int[])`.execute(tx);
  return new Map(rows.map((shop) => [shop.id, shop]));
}

export interface ShelfKey {
  shop_id: number;
  product_id: number;
  option_id: number;
}

export const shelfKey = (s: ShelfKey) => `${s.shop_id}:${s.product_id}:${s.option_id}`;

/**
 * What these shelves hold: keyed by `shelfKey`; a shelf that does not exist is absent. With `lock`, each is locked
 * until the transaction ends, in (shop, product, option) order as every take locks them (db/postgres/shelf.ts).
 */
export async function selectShelvesTogether(
  tx: Executor,
  shelves: readonly ShelfKey[],
  { lock }: { lock: boolean },
): Promise<Map<string, number>> {
  if (shelves.length === 0) return new Map();
  const { rows } = await sql<ShelfKey & { amount: number }>`
    select s.shop_id, s.product_id, s.option_id, s.amount
      from stock s
      join unnest(${shelves.map((s) => s.shop_id)}::int[], ${shelves.map((s) => s.product_id)}::int[],
                  ${shelves.map((s) => s.option_id)}::int[]) as w(shop_id, product_id, option_id)
        on w.shop_id = s.shop_id and w.product_id = s.product_id and w.option_id = s.option_id
     order by s.shop_id, s.product_id, s.option_id
     ${lock ? sql`for update of s` : sql``}`.execute(tx);
  return new Map(rows.map((row) => [shelfKey(row), row.amount]));
}

/** An order's columns as the insert writes them, with their types for `unnest`. */
const ORDER_INSERT: [keyof NewOrder, "int" | "text"][] = [
  ["user_id", "int"],
  ["shop_id", "int"],
  ["status", "text"],
  ["payment_status", "text"],
  ["delivery_status", "text"],
  ["delivery_option", "int"],
  ["payment_option", "int"],
  ["phone", "text"],
  ["delivery_address", "text"],
  ["delivery_address_link", "text"],
  ["map_html", "text"],
  ["discount_percent", "int"],
  ["is_reserved", "int"],
  ["total_price", "int"],
  ["discounted_price", "int"],
  ["total_cost_price", "int"],
  ["hold_until", "text"],
  ["manager_id", "int"],
  ["idempotency_key", "text"],
  ["request_hash", "text"],
  ["created_at", "text"],
  ["updated_at", "text"],
];

export interface PlacedTogether {
  order: NewOrder;
  lines: readonly NewOrderLine[];
  /** The first event's type and actor; from no status to the order's. */
  event: { type: string; actor_user_id: number; created_at: string };
}

/**
 * Writes the orders, their lines and their first events: two statements whatever their number. Each order's
 * columns as written and its lines read back with their ids, in the batch's order. No two orders of a batch share
 * a customer and an Idempotency-Key (the unique key would refuse the whole batch).
 */
export async function insertOrdersTogether(
  tx: Executor,
  placed: readonly PlacedTogether[],
): Promise<{ order: OrderColumns; lines: LineRow[] }[]> {
  if (placed.length === 0) return [];
  const columns = sql.raw(ORDER_INSERT.map(([c]) => c).join(", "));
  const arrays = sql.join(ORDER_INSERT.map(([c, type]) => sql`${placed.map((p) => p.order[c])}::${sql.raw(type)}[]`));
  const { rows: ids } = await sql<{ id: number; i: number }>`
    with x as (select * from unnest(${arrays}) with ordinality as x(${columns}, i)),
    placed as (insert into orders (${columns}) select ${columns} from x order by i returning id, user_id, idempotency_key)
    select placed.id, x.i from placed join x on x.user_id = placed.user_id and x.idempotency_key = placed.idempotency_key`.execute(tx);
  const idOf: number[] = [];
  for (const { id, i } of ids) idOf[Number(i) - 1] = id;
  const lines = placed.flatMap((p, i) => p.lines.map((line) => ({ ...line, order_id: idOf[i]! })));
  const column = <K extends keyof (typeof lines)[number]>(name: K) => lines.map((l) => l[name]);
  const { rows: written } = await sql<LineRow>`
    with lines as (
      insert into order_lines (order_id, product_id, option_id, product_name, price_text, per_price, list_price, cost_price, amount)
      select * from unnest(${column("order_id")}::int[], ${column("product_id")}::int[], ${column("option_id")}::int[],
                           ${column("product_name")}::text[], ${column("price_text")}::text[], ${column("per_price")}::int[],
                           ${column("list_price")}::int[], ${column("cost_price")}::int[], ${column("amount")}::int[])
      returning id, order_id, product_id, option_id, product_name, per_price, list_price, cost_price, amount, price_text),
    events as (
      insert into order_events (order_id, type, from_status, to_status, actor_user_id, created_at, data)
      select * , null from unnest(${idOf}::int[], ${placed.map((p) => p.event.type)}::text[], ${placed.map(() => null)}::text[],
                                  ${placed.map((p) => p.order.status)}::text[], ${placed.map((p) => p.event.actor_user_id)}::int[],
                                  ${placed.map((p) => p.event.created_at)}::text[]))
    select * from lines order by id`.execute(tx);
  for (const id of idOf) announceOrderChange(tx, id);
  const linesOf = new Map<number, LineRow[]>(idOf.map((id) => [id, []]));
  for (const line of written) linesOf.get(line.order_id)!.push(line);
  return placed.map((p, i) => ({ order: writtenOrder(p.order, idOf[i]!), lines: linesOf.get(idOf[i]!)! }));
}

/** The reason `store_refuse` gives when the batch's last take cannot be kept (migration 20261127T230000_refuse). */
const TAKE_REFUSED = "BATCH_TAKE_REFUSED";

/** The batch's last take was refused: a shelf held less than read, or the take would owe a low-stock notice. */
export class TakeRefused extends Error {
  constructor() {
    super("The batch's take was refused: a shelf changed since it was read");
  }
}

/**
 * Takes the batch off its shelves, each shelf once by the batch's whole take (`takes`), only where the shelf holds
 * that much, and writes a history row per order line (`history`): the amount its shelf held after it, which is the
 * shelf's amount after the whole take plus what the batch's later lines took from it (`later`).
 *
 * Without `last`, the shelves were locked and read (`selectShelvesTogether` with `lock`) and hold enough: one that
 * does not is an error, and the batch is undone. With `last`, the shelves were read without a lock: the take is
 * the unit's last statement, sent with its COMMIT in one write (db/postgres/connection.ts `WITH_COMMIT`), so the
 * shelves are locked only while the server runs the two; it refuses (`TakeRefused`, nothing of the unit is kept)
 * when a shelf holds less than its take, or when its take would cross `last.threshold` (a low-stock notice the
 * unit would owe and has not written).
 */
export async function takeTogether(
  tx: Executor,
  takes: readonly (ShelfKey & { amount: number })[],
  history: readonly (ShelfKey & { amount: number; later: number; actor_user_id: number; order_id: number })[],
  { reason, now, last }: { reason: string; now: string; last?: { threshold: number } },
): Promise<void> {
  if (takes.length === 0) return;
  const of = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((r) => r[key]);
  const crossing = last
    ? sql`and not (s.amount > ${last.threshold}::integer and s.amount - w.amount <= ${last.threshold}::integer)`
    : sql``;
  const taking = sql`
    with taken as (
      update stock s set amount = s.amount - w.amount, updated_at = ${now}
        from unnest(${of(takes, "shop_id")}::int[], ${of(takes, "product_id")}::int[], ${of(takes, "option_id")}::int[],
                    ${of(takes, "amount")}::int[]) as w(shop_id, product_id, option_id, amount)
       where s.shop_id = w.shop_id and s.product_id = w.product_id and s.option_id = w.option_id and s.amount >= w.amount
             ${crossing}
      returning s.shop_id, s.product_id, s.option_id, s.amount),
    written as (
      insert into stock_history (shop_id, product_id, option_id, delta, amount_after, reason, actor_user_id, order_id, created_at)
      select h.shop_id, h.product_id, h.option_id, -h.amount, t.amount + h.later, ${reason}, h.actor_user_id, h.order_id, ${now}
        from unnest(${of(history, "shop_id")}::int[], ${of(history, "product_id")}::int[], ${of(history, "option_id")}::int[],
                    ${of(history, "amount")}::int[], ${of(history, "later")}::int[], ${of(history, "actor_user_id")}::int[],
                    ${of(history, "order_id")}::int[]) as h(shop_id, product_id, option_id, amount, later, actor_user_id, order_id)
        join taken t on t.shop_id = h.shop_id and t.product_id = h.product_id and t.option_id = h.option_id)`;
  if (last) {
    try {
      await sql`${sql.raw(WITH_COMMIT)} ${taking}
        select case when count(*) <> ${takes.length} then store_refuse(${TAKE_REFUSED}) else 0 end as refused from taken`.execute(tx);
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      if (code === "P0001" && message === TAKE_REFUSED) throw new TakeRefused();
      throw error;
    }
    return;
  }
  const { rows: [taken] } = await sql<{ shelves: number }>`${taking} select count(*) as shelves from taken`.execute(tx);
  if (Number(taken!.shelves) !== takes.length) throw new Error("A locked shelf held less than the batch's take");
}

/** Queues these notices (the outbox, db/repositories/outbox.ts) in one statement; one already queued is skipped. */
export async function enqueueTogether(tx: Executor, messages: readonly OutboxMessage[], now: string): Promise<void> {
  if (messages.length === 0) return;
  await sql`
    insert into outbox (kind, user_id, order_id, payload, dedupe_key, created_at, next_attempt_at)
    select x.kind, x.user_id, x.order_id, x.payload, x.dedupe_key, ${now}, ${now}
      from unnest(${messages.map((m) => m.kind)}::text[], ${messages.map((m) => m.user_id)}::int[],
                  ${messages.map((m) => m.order_id)}::int[], ${messages.map((m) => JSON.stringify(m.payload))}::text[],
                  ${messages.map((m) => m.dedupe_key)}::text[]) as x(kind, user_id, order_id, payload, dedupe_key)
    on conflict (dedupe_key) do nothing`.execute(tx);
}
