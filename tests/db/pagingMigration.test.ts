/**
 * The paging migration (20261127T110000_paging) on a database that already holds products: their search names
 * are filled by Unicode's lower case, so a store that upgrades finds its old products by any case of their name.
 */
import { Migrator } from "kysely";
import { afterEach, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import { migrations } from "../../db/migrations";
import * as paging from "../../db/migrations/20261127T110000_paging";
import { unmigratedDatabase } from "../helpers/app";

let db: DB | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

it("fills the search name of every product that existed before it, lower-cased by Unicode's rules", async () => {
  db = await unmigratedDatabase("paging");
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo("20261124T090000_rate_limit_counts");
  expect(before.error).toBeUndefined();
  // Written as the store before this migration wrote them (no name_search column yet).
  const names = ["Северное СИЯНИЕ", "Blue DREAM", "กัญชา ไทย"];
  for (const name of names) await db.insertInto("products").values({ name, category_id: 1 }).execute();

  // As the migrator runs it, in one transaction with whatever migration comes next: a later one may still
  // change the products table (PostgreSQL refuses that while the backfill's catalogue triggers wait for the commit).
  await db.transaction().execute(async (trx) => {
    await paging.up(trx);
    await trx.schema.createIndex("products_later_migration").on("products").column("updated_at").execute();
  });
  const rows = await db.selectFrom("products").select(["name", "name_search"]).orderBy("id").execute();
  expect(rows).toEqual([
    { name: "Северное СИЯНИЕ", name_search: "северное сияние" },
    { name: "Blue DREAM", name_search: "blue dream" },
    { name: "กัญชา ไทย", name_search: "กัญชา ไทย" },
  ]);
});
