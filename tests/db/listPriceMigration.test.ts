/**
 * The list price migration (20261208T000000_list_price) on a database that already holds orders: every line
 * written before it gets its per_price as its list price (sold at list price), and the statistics built from them
 * count every item at list price. On PostgreSQL the column keeps no default, so a line written without its list
 * price is refused, not stored as 0.
 */
import { Migrator, sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import { migrations } from "../../db/migrations";
import { seedDemo } from "../../db/seed/demo";
import { createStats } from "../../server/services/stats";
import { ON_POSTGRES, productIdsByName, shopIdsByName, unmigratedDatabase } from "../helpers/app";

let db: DB | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

it("gives every earlier line its per_price as list price; the statistics count those items at list price", async () => {
  db = await unmigratedDatabase("list_price");
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("20261207T180000_sale_price")).error).toBeUndefined();
  await seedDemo(db, { uploadsDir: null });
  const products = await productIdsByName(db);
  const shops = await shopIdsByName(db);
  // Written as the store before this migration wrote them (no list_price column yet).
  const { rows: users } = await sql<{ id: number }>`
    insert into users (telegram_id, first_name, reflink) values (4242, 'Old', 'old4242') returning id`.execute(db);
  const { rows: orders } = await sql<{ id: number }>`
    insert into orders (user_id, shop_id, status, total_price, discounted_price, total_cost_price, created_at, updated_at)
    values (${users[0]!.id}, ${shops["Chaweng Beach Store"]}, 'S', 1290, 1290, 520, '2026-11-20T05:00:00.000Z', '2026-11-20T05:00:00.000Z')
    returning id`.execute(db);
  const orderId = orders[0]!.id;
  await sql`
    insert into order_lines (order_id, product_id, option_id, product_name, price_text, per_price, cost_price, amount)
    values (${orderId}, ${products["Jack Herer"]}, 0, 'Jack Herer', '1 g', 450, 180, 2),
           (${orderId}, ${products["Durban Poison"]}, 0, 'Durban Poison', '1 g', 390, 160, 1)`.execute(db);

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const lines = await db.selectFrom("order_lines").select(["product_name", "per_price", "list_price"]).orderBy("id").execute();
  expect(lines).toEqual([
    { product_name: "Jack Herer", per_price: 450, list_price: 450 },
    { product_name: "Durban Poison", per_price: 390, list_price: 390 },
  ]);
  const stats = await createStats({ db, clock: () => Date.parse("2026-11-21T00:00:00.000Z") }).compute({});
  expect(stats.totals).toMatchObject({ orders: 1, total_sales_amount: 1290, items_at_list: 3, items_at_sale: 0 });

  if (ON_POSTGRES) {
    const withoutListPrice = sql`
      insert into order_lines (order_id, product_id, option_id, product_name, price_text, per_price, cost_price, amount)
      values (${orderId}, ${products["Jack Herer"]}, 0, 'Jack Herer', '1 g', 450, 180, 1)`.execute(db);
    await expect(withoutListPrice).rejects.toThrow(/list_price/);
  }
});
