/**
 * A generated catalogue of many products, written straight through the real db layer (the repositories the admin
 * screens use), so a browser test of a big home page takes a second to set up instead of hundreds of API calls.
 */
import type { Kysely } from "kysely";
import { insertProduct, setStock } from "../../db/repositories/products";
import type { Database } from "../../db/schema";

/** The categories the generated products cycle through (Sativa, Indica, Hybrid, Food). */
const CATEGORIES = [1, 2, 3, 5];

/**
 * Adds `count` in-stock products named `${prefix} N` (N from 1), each with its base option in stock in every
 * given shop; every fourth has a longer description, so cards are of different heights. Returns their ids.
 */
export async function addCatalogue(
  db: Kysely<Database>,
  { count, shopIds, prefix = "Generated" }: { count: number; shopIds: number[]; prefix?: string },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let n = 1; n <= count; n++) {
      const id = await insertProduct(
        trx,
        {
          name: `${prefix} ${n}`,
          category_id: CATEGORIES[n % CATEGORIES.length]!,
          description: n % 4 === 0 ? `A longer description of ${prefix} ${n}, `.repeat(6) : `About ${prefix} ${n}`,
          position: 999,
        },
        { per_price: 300 + n, cost_price: 100, price_text: "1 g", gift_text: "" },
      );
      for (const shopId of shopIds) await setStock(trx, shopId, id, 0, 5 + (n % 7));
      ids.push(id);
    }
    return ids;
  });
}
