/**
 * A placement's takes off its shop's shelves (db/repositories/shelf.ts `takeFromShelves`; on PostgreSQL one
 * statement for every line, db/postgres/shelf.ts), on either engine: every line or none, the amounts after in
 * the lines' order, one history row per line, and no deadlock when many placements take the same shelves.
 * As a unit's last statement (`last`), on PostgreSQL the take goes with the unit's COMMIT in one write: the unit
 * is committed once it answers, undone when a shelf is short or would be left in its notice range, and nothing
 * may run after it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import { ShelfNoticeDue, takeFromShelves, type LastTake, type ShelfChange } from "../../db/repositories/shelf";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { ON_POSTGRES, shelfAmount, shopIdsByName, testDatabase } from "../helpers/app";

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
const takeAll = (lines: { product_id: number; option_id: number; amount: number }[], last?: LastTake) =>
  unitOfWorkOf(db).write(async (tx) => {
    const after = await takeFromShelves(tx, shopId, lines, change(), last);
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

describe("a take as its unit's last statement", () => {
  const bothLines = () => [
    { product_id: first, option_id: 0, amount: 2 },
    { product_id: second, option_id: 0, amount: 1 },
  ];
  const historyCount = async () =>
    (await db.selectFrom("stock_history").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
  const shopName = async () => (await db.selectFrom("shops").select("name").where("id", "=", shopId).executeTakeFirstOrThrow()).name;
  const renameShop = (tx: Parameters<Parameters<ReturnType<typeof unitOfWorkOf>["write"]>[0]>[0], name: string) =>
    tx.updateTable("shops").set({ name }).where("id", "=", shopId).execute();

  it("keeps the whole unit; on PostgreSQL it is committed by the time the take answers", async () => {
    await setShelf(first, 10);
    await setShelf(second, 10);
    const seenOutside: string[] = [];
    const after = await unitOfWorkOf(db).write(async (tx) => {
      await renameShop(tx, "Chaweng Beach Store (last take)");
      const taken = await takeFromShelves(tx, shopId, bothLines(), change(), { noticeAfter: [null, null] });
      // Another connection (PostgreSQL's pool) already sees the unit's writes; on SQLite a read of the database
      // inside a unit would wait for it, so there the unit's commit is checked after it.
      if (ON_POSTGRES) seenOutside.push(await shopName());
      return taken;
    });
    expect(after).toEqual([8, 9]);
    if (ON_POSTGRES) expect(seenOutside).toEqual(["Chaweng Beach Store (last take)"]);
    expect(await shopName()).toBe("Chaweng Beach Store (last take)");
    expect(await shelfAmount(db, shopId, first)).toBe(8);
    expect(await shelfAmount(db, shopId, second)).toBe(9);
    await db.updateTable("shops").set({ name: "Chaweng Beach Store" }).where("id", "=", shopId).execute();
  });

  it("answers null when a shelf holds too few, and nothing of the unit is kept", async () => {
    await setShelf(first, 10);
    await setShelf(second, 0);
    const before = await historyCount();
    const name = await shopName();
    await expect(
      unitOfWorkOf(db).write(async (tx) => {
        await renameShop(tx, "Renamed by an undone unit");
        const after = await takeFromShelves(tx, shopId, bothLines(), change(), { noticeAfter: [null, null] });
        if (after === null) throw new OutOfStock();
        return after;
      }),
    ).rejects.toBeInstanceOf(OutOfStock);
    expect(await shelfAmount(db, shopId, first)).toBe(10);
    expect(await historyCount()).toBe(before);
    expect(await shopName()).toBe(name);
  });

  it("on PostgreSQL refuses to leave a shelf in its notice range (ShelfNoticeDue, nothing kept); elsewhere it takes", async () => {
    await setShelf(first, 6);
    await setShelf(second, 10);
    const before = await historyCount();
    // 6 - 2 = 4 lands in 3..5: a notice would be due.
    const taking = takeAll(bothLines(), { noticeAfter: [{ from: 3, to: 5 }, null] });
    if (ON_POSTGRES) {
      await expect(taking).rejects.toBeInstanceOf(ShelfNoticeDue);
      expect(await shelfAmount(db, shopId, first)).toBe(6);
      expect(await historyCount()).toBe(before);
    } else {
      expect(await taking).toEqual([4, 9]);
    }
    // Outside the range it takes on both.
    await setShelf(first, 10);
    await setShelf(second, 10);
    expect(await takeAll(bothLines(), { noticeAfter: [{ from: 3, to: 5 }, { from: 0, to: 8 }] })).toEqual([8, 9]);
  });

  it.runIf(ON_POSTGRES)("refuses a statement after the last one, and the unit's end still leaves the connection usable", async () => {
    await setShelf(first, 10);
    await setShelf(second, 10);
    await expect(
      unitOfWorkOf(db).write(async (tx) => {
        await takeFromShelves(tx, shopId, bothLines(), change(), { noticeAfter: [null, null] });
        await renameShop(tx, "Renamed after the commit");
      }),
    ).rejects.toThrow(/after its transaction's last one/);
    // The take was committed with it; the rename never ran.
    expect(await shelfAmount(db, shopId, first)).toBe(8);
    expect(await shopName()).toBe("Chaweng Beach Store");
    // Every connection of the pool still works as before (pipeline mode off again, no transaction left open).
    const units = await Promise.all(Array.from({ length: 20 }, (_, i) => unitOfWorkOf(db).write((tx) => renameShop(tx, `Name ${i}`))));
    expect(units).toHaveLength(20);
    await db.updateTable("shops").set({ name: "Chaweng Beach Store" }).where("id", "=", shopId).execute();
  });
});
