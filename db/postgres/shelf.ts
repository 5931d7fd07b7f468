/**
 * A placement's shelves on PostgreSQL: each line's take and its `stock_history` row in one statement (a
 * data-modifying CTE, which SQLite does not have). A shelf's row is locked from its take to the commit and
 * every placement of that product waits for it, so each round trip saved while it is held counts. Lines go
 * one after another in the caller's order (product, option), so two units lock rows in the same order and
 * never deadlock (one statement for every line locked them in whatever order the join produced).
 */
import { sql } from "kysely";
import type { Executor } from "../executor";
import type { ShelfChange } from "../repositories/shelf";

/** The amount the shelf holds after, or null when it held fewer than `amount` (then nothing changed). */
export async function takeWithHistory(
  tx: Executor,
  shelf: { shop_id: number; product_id: number; option_id: number },
  amount: number,
  change: ShelfChange,
): Promise<number | null> {
  const { rows } = await sql<{ amount_after: number }>`
    with taken as (
      update stock set amount = amount - ${amount}, updated_at = ${change.now}
       where shop_id = ${shelf.shop_id} and product_id = ${shelf.product_id} and option_id = ${shelf.option_id}
         and amount >= ${amount}
      returning shop_id, product_id, option_id, amount
    )
    insert into stock_history (shop_id, product_id, option_id, delta, amount_after, reason, actor_user_id, order_id, created_at)
    select shop_id, product_id, option_id, ${-amount}::integer, amount, ${change.reason}, ${change.actor_user_id}::integer,
           ${change.order_id}::integer, ${change.now}
      from taken
    returning amount_after`.execute(tx);
  return rows[0]?.amount_after ?? null;
}
