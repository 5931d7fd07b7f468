/**
 * Statistics answers are kept per question until their figures can move (server/services/stats.ts): asked again
 * after an order is completed, after a product is renamed, or after a completed order is written by another path
 * (a script), the answer is the new one, never the kept one.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "../../../db/connection";
import { createStats } from "../../../server/services/stats";
import { productIdsByName, shopIdsByName, testDatabase } from "../../helpers/app";

let db: DB | null = null;
afterEach(async () => {
  await db?.destroy();
  db = null;
});

/** A completed order of one line written straight into the tables, completed at `at`. */
async function completedOrder(d: DB, shopId: number, productId: number, price: number, at: string): Promise<void> {
  const user = await d
    .insertInto("users")
    .values({ telegram_id: 700_000 + price, first_name: "Buyer", reflink: `buyer${price}` } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const order = await d
    .insertInto("orders")
    .values({
      user_id: user.id,
      shop_id: shopId,
      status: "S",
      total_price: price,
      discounted_price: price,
      total_cost_price: 1,
      created_at: at,
      updated_at: at,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  await d
    .insertInto("order_lines")
    .values({ order_id: order.id, product_id: productId, product_name: "", option_id: 0, amount: 1, per_price: price, list_price: price,
      cost_price: 1 })
    .execute();
}

describe("statistics answers kept between reads", () => {
  it("answer anew once an order is completed or a product renamed, and the same figures while nothing moved", async () => {
    db = await testDatabase();
    const stats = createStats({ db, clock: () => Date.parse("2026-03-01T00:00:00Z") });
    const [shop] = Object.values(await shopIdsByName(db)).filter((id) => id !== 1);
    const [[name, product]] = Object.entries(await productIdsByName(db)) as [[string, number]];
    const day = { from: "2026-02-10", to: "2026-02-10" };

    await completedOrder(db, shop!, product, 700, "2026-02-10T05:00:00.000Z");
    const first = await stats.compute(day);
    expect(first.totals.orders).toBe(1);
    expect(await stats.compute(day)).toEqual(first);

    // Another path (a script) completes an order: the roll-up is rebuilt and the answer counts it.
    await completedOrder(db, shop!, product, 300, "2026-02-10T06:00:00.000Z");
    const second = await stats.compute(day);
    expect(second.totals).toMatchObject({ orders: 2, total_sales_discounted_price: 1000 });
    expect(second.products).toEqual([expect.objectContaining({ product_id: product, product: name, discounted_price_sum: 1000 })]);

    await db.updateTable("products").set({ name: "Renamed" }).where("id", "=", product).execute();
    const renamed = await stats.compute(day);
    expect(renamed.products).toEqual([expect.objectContaining({ product_id: product, product: "Renamed", discounted_price_sum: 1000 })]);
    expect((await stats.csv(day)).text).toContain("Renamed");
    // Another question on the same data is its own answer.
    expect((await stats.compute({ from: "2026-02-11", to: "2026-02-11" })).totals.orders).toBe(0);
  });
});
