/**
 * A placement's shelves on PostgreSQL: every line's take and its `stock_history` row in one statement (a
 * data-modifying CTE, which SQLite does not have). A shelf's row is locked from its take to the commit and
 * every placement of that product waits for it, so each round trip saved while it is held counts; and on
 * PostgreSQL every statement is a round trip to another process, which costs both sides CPU.
 */
import { sql } from "kysely";
import type { Executor } from "../executor";
import type { ShelfChange } from "../repositories/shelf";
import { WITH_COMMIT } from "./connection";

/** A range of amounts a shelf may hold after a take, both ends included. */
export interface AmountRange {
  from: number;
  to: number;
}

/**
 * The take as its unit's last statement (`takeAllWithHistory`'s `last`): sent with the unit's COMMIT in one
 * write, so the shelves are locked only while the server runs the two, never while this process gets round to
 * answering. It refuses (the unit is undone) when a shelf holds fewer than its line, and when a shelf would be
 * left inside its line's `noticeAfter` range: the unit owes a notice for that, which it could not write after
 * its commit, so it must run again with the take not last (`ShelfNoticeDue`).
 */
export interface LastTake {
  noticeAfter: readonly (AmountRange | null)[];
}

/** The take was refused because a shelf would be left in its notice range: run the unit again, the take not last. */
export class ShelfNoticeDue extends Error {
  constructor() {
    super("A shelf would be left in its notice range: the unit runs again with its take not last");
  }
}

/** The reasons `store_refuse` (migration 20261127T230000_refuse) raises with, SQLSTATE P0001. */
const SHORT = "SHELF_SHORT";
const NOTICE_DUE = "SHELF_NOTICE_DUE";

/**
 * Takes every line off one shop's shelves in one statement, each line only if its shelf holds that many, and
 * writes each take's `stock_history` row. The amount each shelf holds after, in the lines' order; null when
 * any shelf holds fewer or does not exist (then the caller's unit must be undone: the other lines were taken;
 * with `last`, it already is).
 *
 * The rows are locked first, in (product, option) order, by an ordered `for update` the update then joins:
 * an update joining a list of lines locks rows in whatever order its plan meets them, and two placements
 * locking the same two shelves in opposite orders deadlock.
 */
export async function takeAllWithHistory(
  tx: Executor,
  shopId: number,
  lines: readonly { product_id: number; option_id: number; amount: number }[],
  change: ShelfChange,
  last?: LastTake,
): Promise<number[] | null> {
  const wanted = sql.join(
    lines.map((l, i) => {
      const notice = last?.noticeAfter[i] ?? null;
      return sql`(${l.product_id}::integer, ${l.option_id}::integer, ${l.amount}::integer,
                  ${notice?.from ?? null}::integer, ${notice?.to ?? null}::integer)`;
    }),
  );
  const taking = sql`
    with wanted (product_id, option_id, amount, notice_from, notice_to) as (values ${wanted}),
    locked as (
      select s.product_id, s.option_id
        from stock s join wanted w on w.product_id = s.product_id and w.option_id = s.option_id
       where s.shop_id = ${shopId}
       order by s.product_id, s.option_id
         for update of s
    ),
    taken as (
      update stock s set amount = s.amount - w.amount, updated_at = ${change.now}
        from wanted w, locked l
       where s.shop_id = ${shopId} and s.product_id = l.product_id and s.option_id = l.option_id
         and w.product_id = l.product_id and w.option_id = l.option_id and s.amount >= w.amount
      returning s.product_id, s.option_id, s.amount, w.amount as taken, w.notice_from, w.notice_to
    ),
    written as (
      insert into stock_history (shop_id, product_id, option_id, delta, amount_after, reason, actor_user_id, order_id, created_at)
      select ${shopId}::integer, product_id, option_id, -taken, amount, ${change.reason}, ${change.actor_user_id}::integer,
             ${change.order_id}::integer, ${change.now}
        from taken
    )`;
  let rows: { product_id: number; option_id: number; amount_after: number }[];
  if (last) {
    // One row whatever was taken (an aggregate), so the verdict is reached even when no shelf was.
    try {
      const { rows: [verdict] } = await sql<{ product_ids: number[]; option_ids: number[]; amounts: number[] }>`
        ${sql.raw(WITH_COMMIT)} ${taking}
        select case when count(*) <> ${lines.length} then store_refuse(${SHORT})
                    when coalesce(bool_or(amount between notice_from and notice_to), false) then store_refuse(${NOTICE_DUE})
                    else 0 end as refused,
               array_agg(product_id) as product_ids, array_agg(option_id) as option_ids, array_agg(amount) as amounts
          from taken`.execute(tx);
      const { product_ids, option_ids, amounts } = verdict!;
      rows = amounts.map((amount, i) => ({ product_id: product_ids[i]!, option_id: option_ids[i]!, amount_after: amount }));
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      if (code === "P0001" && message === SHORT) return null;
      if (code === "P0001" && message === NOTICE_DUE) throw new ShelfNoticeDue();
      throw error;
    }
  } else {
    ({ rows } = await sql<{ product_id: number; option_id: number; amount_after: number }>`
      ${taking}
      select product_id, option_id, amount as amount_after from taken`.execute(tx));
    if (rows.length !== lines.length) return null;
  }
  const after = new Map(rows.map((r) => [`${r.product_id}:${r.option_id}`, r.amount_after]));
  return lines.map((l) => after.get(`${l.product_id}:${l.option_id}`)!);
}
