/**
 * Shelves (stock per shop, product and option): the one place that changes them. Every change writes its
 * `stock_history` row in the same unit of work, naming why, who and which order, with the amount the shelf
 * holds after it. Takes are conditional writes (`… where amount >= q`): two units can never take the same
 * last item, whatever the engine runs beside them.
 */
import { PostgresAdapter } from "kysely";
import type { StockReason } from "../../server/domain/stock";
import { takeAllWithHistory, type LastTake } from "../postgres/shelf";
import { prepareQuery } from "../compiledQuery";
import type { Executor } from "../executor";

export { ShelfNoticeDue, type LastTake } from "../postgres/shelf";

export type ShelfKey = { shop_id: number; product_id: number; option_id: number };

/** Why a shelf changed, for its audit row. */
export interface ShelfChange {
  reason: StockReason;
  actor_user_id: number | null;
  order_id: number | null;
  now: string;
}

type HistoryRow = ShelfKey & ShelfChange & { delta: number; amount_after: number };

const historyInsert = prepareQuery<HistoryRow, never>((v, _n, tx) =>
  tx.insertInto("stock_history").values({
    shop_id: v.shop_id,
    product_id: v.product_id,
    option_id: v.option_id,
    delta: v.delta,
    amount_after: v.amount_after,
    reason: v.reason,
    actor_user_id: v.actor_user_id,
    order_id: v.order_id,
    created_at: v.now,
  }),
);

async function record(tx: Executor, shelf: ShelfKey, delta: number, amountAfter: number, change: ShelfChange): Promise<void> {
  await historyInsert.execute(tx, {
    shop_id: shelf.shop_id,
    product_id: shelf.product_id,
    option_id: shelf.option_id,
    delta,
    amount_after: amountAfter,
    reason: change.reason,
    actor_user_id: change.actor_user_id,
    order_id: change.order_id,
    now: change.now,
  });
}

const take = prepareQuery<ShelfKey & { amount: number; now: string }, { amount: number }>((v, _n, tx) =>
  tx
    .updateTable("stock")
    .set((eb) => ({ amount: eb("amount", "-", v.amount), updated_at: v.now }))
    .where("shop_id", "=", v.shop_id)
    .where("product_id", "=", v.product_id)
    .where("option_id", "=", v.option_id)
    .where("amount", ">=", v.amount)
    .returning("amount"),
);

/**
 * Takes `amount` off a shelf only if it holds that many, and records it. The amount left, or null when the
 * shelf holds fewer (then nothing changed).
 */
export async function takeFromShelf(tx: Executor, shelf: ShelfKey, amount: number, change: ShelfChange): Promise<number | null> {
  const {
    rows: [row],
  } = await take.execute(tx, { shop_id: shelf.shop_id, product_id: shelf.product_id, option_id: shelf.option_id, amount, now: change.now });
  if (!row) return null;
  await record(tx, shelf, -amount, row.amount, change);
  return row.amount;
}

/**
 * Takes every line off one shop's shelves, each only if the shelf holds that many, and records each. The
 * amount each shelf holds after, in the lines' order; null when any shelf holds fewer (then the caller's unit
 * must be undone: the lines before it were taken). Lines in a fixed order (product, option), so two units take
 * rows in the same order.
 *
 * `last`: the take is its unit's last statement. On PostgreSQL it then goes with the unit's COMMIT (see
 * `LastTake`): it may throw `ShelfNoticeDue` (run the unit again without `last`), and once it has answered the
 * unit is committed and may run no statement more. Where no statement is sent with the COMMIT (SQLite) it is
 * an ordinary take.
 */
export async function takeFromShelves(
  tx: Executor,
  shopId: number,
  lines: readonly { product_id: number; option_id: number; amount: number }[],
  change: ShelfChange,
  last?: LastTake,
): Promise<number[] | null> {
  // On PostgreSQL every line's take and history row are one round trip (db/postgres/shelf.ts); SQLite runs
  // its statements in this process, where more of them cost nothing more.
  if (tx.getExecutor().adapter instanceof PostgresAdapter) return takeAllWithHistory(tx, shopId, lines, change, last);
  const after: number[] = [];
  for (const line of lines) {
    const left = await takeFromShelf(tx, { shop_id: shopId, product_id: line.product_id, option_id: line.option_id }, line.amount, change);
    if (left === null) return null;
    after.push(left);
  }
  return after;
}

/** Puts `amount` on a shelf, making the shelf when it does not exist yet, and records it. The amount after. */
export async function putOnShelf(tx: Executor, shelf: ShelfKey, amount: number, change: ShelfChange): Promise<number> {
  const row = await tx
    .insertInto("stock")
    .values({ shop_id: shelf.shop_id, product_id: shelf.product_id, option_id: shelf.option_id, amount, updated_at: change.now })
    .onConflict((oc) =>
      oc
        .columns(["shop_id", "product_id", "option_id"])
        .doUpdateSet((eb) => ({ amount: eb("stock.amount", "+", eb.ref("excluded.amount")), updated_at: change.now })),
    )
    .returning("amount")
    .executeTakeFirstOrThrow();
  await record(tx, shelf, amount, row.amount, change);
  return row.amount;
}

/** What a shelf holds now (0 when it does not exist). */
export async function shelfAmount(tx: Executor, shelf: ShelfKey): Promise<number> {
  const row = await tx
    .selectFrom("stock")
    .select("amount")
    .where("shop_id", "=", shelf.shop_id)
    .where("product_id", "=", shelf.product_id)
    .where("option_id", "=", shelf.option_id)
    .executeTakeFirst();
  return row?.amount ?? 0;
}
