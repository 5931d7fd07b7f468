/**
 * The take of placements written together on PostgreSQL (db/postgres/placing.ts `takeTogether`): sent last, with
 * the COMMIT, after the shelves were read without a lock. What the database decides then: a shelf another
 * transaction emptied meanwhile, or a take that would owe a low-stock notice, undoes the whole unit; a shelf that
 * merely changed gets history rows with what it really held after each line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../../db/connection";
import { selectShelvesTogether, takeTogether, TakeRefused, type ShelfKey } from "../../../db/postgres/placing";
import { unitOfWorkOf } from "../../../db/unitOfWork";
import { productIdsByName, shelfAmount, shopIdsByName, testDatabase } from "../../helpers/app";

let db: DB;
let shelf: ShelfKey;
let userId: number;
const now = "2026-11-28T12:00:00.000Z";

beforeAll(async () => {
  db = await testDatabase();
  const shops = await shopIdsByName(db);
  const products = await productIdsByName(db);
  shelf = { shop_id: shops["Nathon Pier"]!, product_id: products["Aluminium Grinder"]!, option_id: 0 };
  const taker = { email: "taker@example.test", reflink: "taker01" };
  userId = (await db.insertInto("users").values(taker).returning("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await db.destroy();
});

async function setShelf(amount: number) {
  await db
    .updateTable("stock")
    .set({ amount })
    .where("shop_id", "=", shelf.shop_id)
    .where("product_id", "=", shelf.product_id)
    .where("option_id", "=", shelf.option_id)
    .execute();
}

/** Orders to hang the history rows on. */
async function ordersFor(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const order = await db
      .insertInto("orders")
      .values({ user_id: userId, shop_id: shelf.shop_id, status: "N", total_price: 1, discounted_price: 1, total_cost_price: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(order.id);
  }
  return ids;
}

/** In one unit: reads the shelf without a lock, lets `meanwhile` change it from another connection, then takes one per order. */
async function takeLast(orderIds: number[], meanwhile: () => Promise<void>, threshold = 0) {
  return unitOfWorkOf(db).write(async (tx) => {
    const read = await selectShelvesTogether(tx, [shelf], { lock: false });
    await meanwhile();
    const later = (i: number) => orderIds.length - 1 - i;
    const history = orderIds.map((order_id, i) => ({ ...shelf, amount: 1, later: later(i), actor_user_id: userId, order_id }));
    await takeTogether(tx, [{ ...shelf, amount: orderIds.length }], history, { reason: "sold", now, last: { threshold } });
    return read;
  });
}

const historyOf = (orderIds: number[]) =>
  db
    .selectFrom("stock_history")
    .select(["order_id", "delta", "amount_after"])
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .execute();

describe("the batch's take, sent with its COMMIT", () => {
  it("writes each line's history with what the shelf really held after it, though another transaction changed it", async () => {
    await setShelf(100);
    const orders = await ordersFor(2);
    const read = await takeLast(orders, () => setShelf(90));
    expect([...read.values()]).toEqual([100]);
    expect(await shelfAmount(db, shelf.shop_id, shelf.product_id)).toBe(88);
    expect(await historyOf(orders)).toEqual([
      { order_id: orders[0], delta: -1, amount_after: 89 },
      { order_id: orders[1], delta: -1, amount_after: 88 },
    ]);
  });

  it("undoes the whole unit when another transaction left the shelf short meanwhile", async () => {
    await setShelf(5);
    const orders = await ordersFor(2);
    let written = false;
    await expect(
      unitOfWorkOf(db).write(async (tx) => {
        await tx.insertInto("order_events").values({ order_id: orders[0]!, type: "placed", to_status: "N", created_at: now }).execute();
        written = true;
        const history = orders.map((order_id, i) => ({ ...shelf, amount: 1, later: 1 - i, actor_user_id: userId, order_id }));
        await setShelf(1);
        await takeTogether(tx, [{ ...shelf, amount: 2 }], history, { reason: "sold", now, last: { threshold: 0 } });
      }),
    ).rejects.toBeInstanceOf(TakeRefused);
    expect(written).toBe(true);
    expect(await shelfAmount(db, shelf.shop_id, shelf.product_id)).toBe(1);
    expect(await historyOf(orders)).toEqual([]);
    expect(await db.selectFrom("order_events").select("id").where("order_id", "=", orders[0]!).execute()).toEqual([]);
  });

  it("refuses a take that would take the shelf across the low-stock line (the notice it owes is not written)", async () => {
    const orders = await ordersFor(1);
    await setShelf(3);
    await expect(takeLast(orders, async () => undefined, 2)).rejects.toBeInstanceOf(TakeRefused);
    expect(await shelfAmount(db, shelf.shop_id, shelf.product_id)).toBe(3);
    // Already at or below the line before the take: no crossing, nothing owed, the take stands.
    await setShelf(2);
    await takeLast(orders, async () => undefined, 2);
    expect(await shelfAmount(db, shelf.shop_id, shelf.product_id)).toBe(1);
  });
});
