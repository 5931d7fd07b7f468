/**
 * Paging and the admin's product search (issue 23): the indexes each keyset list walks, and the products'
 * search name. Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 *
 * - `products.name_search`: the name lower-cased by JavaScript's `toLowerCase()` (Unicode: Latin, Cyrillic,
 *   Greek…; Thai has no case), written with every name (db/repositories/products.ts `searchName`). The search
 *   compares it with `LIKE`, so both engines match the same rows: SQLite's `lower()` and `LIKE` fold ASCII
 *   only, PostgreSQL's `lower()` folds what its database locale knows (nothing past ASCII under `C`).
 *   Rows that exist now are filled here, by the same function.
 * - The admin product list pages by (position, id descending), alone, in a category or among hot deals.
 * - A shop's staff list pages by (role descending: owner first, user id).
 * - A referral's detail pages its incomes by ledger id within (partner, referral).
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").addColumn("name_search", "text").execute();
  await db.schema.createIndex("products_position_id").on("products").expression(sql`position, id desc`).execute();
  await db.schema.createIndex("products_category_position_id").on("products").expression(sql`category_id, position, id desc`).execute();
  await db.schema.createIndex("products_hot_position_id").on("products").expression(sql`hot_deal, position, id desc`).execute();
  await db.schema.createIndex("shop_staff_shop_role_user").on("shop_staff").expression(sql`shop_id, role desc, user_id`).execute();
  await db.schema.createIndex("bonus_ledger_source_id").on("bonus_ledger").columns(["user_id", "source_user_id", "id"]).execute();

  // Last: on PostgreSQL an update of products queues the catalogue's commit-time triggers, and a table with
  // pending trigger events can take no more schema changes in this transaction (the migrator runs every pending
  // migration in one). So the queued triggers run now, and a later migration may still change products.
  const rows: Array<{ id: number; name: string }> = await db.selectFrom("products").select(["id", "name"]).execute();
  for (const row of rows) {
    await db.updateTable("products").set({ name_search: row.name.toLowerCase() }).where("id", "=", row.id).execute();
  }
  if (isPostgres(db) && rows.length > 0) await sql`set constraints all immediate`.execute(db);
}
