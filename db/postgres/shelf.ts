/**
 * A placement's shelves on PostgreSQL: every line's take and its `stock_history` row in one statement (a
 * data-modifying CTE, which SQLite does not have). A shelf's row is locked from its take to the commit and
 * every placement of that product waits for it, so each round trip saved while it is held counts; and on
 * PostgreSQL every statement is a round trip to another process, which costs both sides CPU.
 */
import { sql } from "kysely";
import type { Executor } from "../executor";
import type { ShelfChange } from "../repositories/shelf";

/**
 * Takes every line off one shop's shelves in one statement, each line only if its shelf holds that many, and
 * writes each take's `stock_history` row. The amount each shelf holds after, in the lines' order; null when
 * any shelf holds fewer or does not exist (then the caller's unit must be undone: the other lines were taken).
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
): Promise<number[] | null> {
  const wanted = sql.join(lines.map((l) => sql`(${l.product_id}::integer, ${l.option_id}::integer, ${l.amount}::integer)`));
  const { rows } = await sql<{ product_id: number; option_id: number; amount_after: number }>`
    with wanted (product_id, option_id, amount) as (values ${wanted}),
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
      returning s.product_id, s.option_id, s.amount, w.amount as taken
    ),
    written as (
      insert into stock_history (shop_id, product_id, option_id, delta, amount_after, reason, actor_user_id, order_id, created_at)
      select ${shopId}::integer, product_id, option_id, -taken, amount, ${change.reason}, ${change.actor_user_id}::integer,
             ${change.order_id}::integer, ${change.now}
        from taken
    )
    select product_id, option_id, amount as amount_after from taken`.execute(tx);
  if (rows.length !== lines.length) return null;
  const after = new Map(rows.map((r) => [`${r.product_id}:${r.option_id}`, r.amount_after]));
  return lines.map((l) => after.get(`${l.product_id}:${l.option_id}`)!);
}
