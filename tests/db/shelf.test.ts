/**
 * A placement's takes off its shop's shelves (db/repositories/shelf.ts `takeFromShelves`; on PostgreSQL one
 * statement for every line, db/postgres/shelf.ts), on either engine: every line or none, the amounts after in
 * the lines' order, one history row per line, and no deadlock when many placements take the same shelves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import { takeFromShelves, type ShelfChange } from "../../db/repositories/shelf";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { shelfAmount, shopIdsByName, testDatabase } from "../helpers/app";

let db: DB;
let shopId: number;
/** Two products the shop stocks (option 0), in (product, option) order, as placements sort their lines. */
let first: number;
let second: number;

const change = (orderId: number | null = null): ShelfChange => ({
  reason: "sold",
  actor_user_id: null,
  order_id: orderId,
  now: new Date().toISOString(),
});

const setShelf = (productId: number, amount: number) =>
  db
    .updateTable("stock")
    .set({ amount })
    .where("shop_id", "=", shopId)
    .where("product_id", "=", productId)
    .where("option_id", "=", 0)
    .execute();

class OutOfStock extends Error {}

/** Takes the lines in a unit that is undone when any line is short, as placing does. */
const takeAll = (lines: { product_id: number; option_id: number; amount: number }[]) =>
  unitOfWorkOf(db).write(async (tx) => {
    const after = await takeFromShelves(tx, shopId, lines, change());
    if (after === null) throw new OutOfStock();
    return after;
  });

beforeAll(async () => {
  db = await testDatabase(true);
  shopId = (await shopIdsByName(db))["Chaweng Beach Store"]!;
  const shelves = await db
    .selectFrom("stock")
    .select("product_id")
    .where("shop_id", "=", shopId)
    .where("option_id", "=", 0)
    .orderBy("product_id")
    .limit(2)
    .execute();
  [first, second] = shelves.map((s) => s.product_id) as [number, number];
});
afterAll(async () => {
  await db.destroy();
});

describe("takes off a shop's shelves", () => {
  it("takes every line, answers each shelf's amount after in the lines' order and writes one history row per line", async () => {
    await setShelf(first, 10);
    await setShelf(second, 7);
    const after = await takeAll([
      { product_id: first, option_id: 0, amount: 3 },
      { product_id: second, option_id: 0, amount: 2 },
    ]);
    expect(after).toEqual([7, 5]);
    expect(await shelfAmount(db, shopId, first)).toBe(7);
    expect(await shelfAmount(db, shopId, second)).toBe(5);
    const history = await db
      .selectFrom("stock_history")
      .select(["product_id", "delta", "amount_after", "reason"])
      .where("shop_id", "=", shopId)
      .where("product_id", "in", [first, second])
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(history.sort((a, b) => a.product_id - b.product_id)).toEqual([
      { product_id: first, delta: -3, amount_after: 7, reason: "sold" },
      { product_id: second, delta: -2, amount_after: 5, reason: "sold" },
    ]);
    // The amounts follow the lines as given.
    const reversed = [
      { product_id: second, option_id: 0, amount: 1 },
      { product_id: first, option_id: 0, amount: 1 },
    ];
    expect(await takeAll(reversed)).toEqual([4, 6]);
  });

  it("takes nothing when one line's shelf holds too few, or the shop has no such shelf", async () => {
    await setShelf(first, 10);
    await setShelf(second, 1);
    const historyBefore = await db.selectFrom("stock_history").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await expect(
      takeAll([
        { product_id: first, option_id: 0, amount: 1 },
        { product_id: second, option_id: 0, amount: 2 },
      ]),
    ).rejects.toBeInstanceOf(OutOfStock);
    // An option the shop has no shelf for.
    await expect(
      takeAll([
        { product_id: first, option_id: 0, amount: 1 },
        { product_id: first, option_id: 987_654, amount: 1 },
      ]),
    ).rejects.toBeInstanceOf(OutOfStock);
    expect(await shelfAmount(db, shopId, first)).toBe(10);
    expect(await shelfAmount(db, shopId, second)).toBe(1);
    const historyAfter = await db.selectFrom("stock_history").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(historyAfter.n).toBe(historyBefore.n);
  });

  it("sells a shelf's last items exactly once when 60 two-line placements take the same shelves at once, none deadlocking", async () => {
    await setShelf(first, 25);
    await setShelf(second, 1000);
    const lines = [
      { product_id: first, option_id: 0, amount: 1 },
      { product_id: second, option_id: 0, amount: 2 },
    ];
    // Plain transactions, not units of work: a unit would run a deadlock's victim again and hide it. Half of
    // them list the lines the other way round: the rows must still be locked in one order.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        db.transaction().execute(async (tx) => {
          const after = await takeFromShelves(tx, shopId, i % 2 ? lines : [...lines].reverse(), change());
          if (after === null) throw new OutOfStock();
          return after;
        }),
      ),
    );
    const failures = outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason as Error);
    expect(failures.filter((e) => !(e instanceof OutOfStock))).toEqual([]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(25);
    expect(await shelfAmount(db, shopId, first)).toBe(0);
    expect(await shelfAmount(db, shopId, second)).toBe(1000 - 2 * 25);
  });
});
