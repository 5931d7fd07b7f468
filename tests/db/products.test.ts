/**
 * Extra options' ids (db/repositories/products.ts `insertExtraOption`): unique across products, so an option
 * id alone names one option. Taken as `max + 1` inside the insert; on PostgreSQL two units doing that at once
 * would take the same id (each statement sees only what was committed when it began), so extra options are
 * added one at a time there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import { insertExtraOption } from "../../db/repositories/products";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { testDatabase } from "../helpers/app";

let db: DB;
beforeAll(async () => {
  db = await testDatabase(true);
});
afterAll(async () => {
  await db.destroy();
});

describe("extra options", () => {
  it("get 20 different ids when 20 are added to different products at once", async () => {
    const products = (await db.selectFrom("products").select("id").orderBy("id").execute()).map((p) => p.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        unitOfWorkOf(db).write((tx) =>
          insertExtraOption(tx, products[i % products.length]!, {
            per_price: 100 + i,
            cost_price: 50,
            price_text: `${i} g`,
            gift_text: "",
          }),
        ),
      ),
    );
    const failures = outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    const ids = outcomes.map((o) => (o as PromiseFulfilledResult<number>).value);
    expect(new Set(ids).size).toBe(20);
    const stored = await db.selectFrom("product_options").select("option_id").where("option_id", "in", ids).execute();
    expect(stored).toHaveLength(20);
  });
});
