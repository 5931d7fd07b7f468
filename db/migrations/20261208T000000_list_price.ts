/**
 * The usual price beside the price paid: `order_lines.list_price` is the option's list price at placing (whole
 * Baht), while `per_price` is what each item was sold for (the sale price while a sale ran, server/domain/sale.ts).
 * A line sold at its list price has both equal. Lines written before this are filled with their `per_price`: the
 * list price of a line placed during a sale before this column existed is not known any more, so it counts as
 * sold at list price. Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 *
 * The statistics' roll-up (migration 20261127T120000_scale) keeps, per product and island day or month, how many
 * of its items were sold at a sale price (`items_at_sale`: lines whose per_price is below their list_price); the
 * rest of `items` were sold at list price. Every line written before this is at list price, so the roll-up's
 * rows stay exact with 0.
 */
import { sql, type Kysely } from "kysely";
import { bigIntegerType, isPostgres } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; PostgreSQL drops it after the fill, so an insert that
  // leaves the list price out is refused there rather than written as 0.
  await db.schema
    .alterTable("order_lines")
    .addColumn("list_price", "integer", (c) => c.notNull().defaultTo(0).check(sql`list_price >= 0`))
    .execute();
  await sql`update order_lines set list_price = per_price`.execute(db);
  if (isPostgres(db)) await sql`alter table order_lines alter column list_price drop default`.execute(db);

  const big = bigIntegerType(db);
  for (const table of ["stats_product_days", "stats_product_months"]) {
    await db.schema
      .alterTable(table)
      .addColumn("items_at_sale", big, (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
