/**
 * A sale price per option (the base option 0 included): `sale_price` (whole Baht, below `per_price`; null: no
 * sale) and `sale_ends_at` (ISO UTC; null: the sale runs until the admin ends it). The price a placement takes
 * is the sale price while `sale_ends_at` is ahead (server/domain/sale.ts). Frozen once shipped; it takes
 * Kysely<any> and imports nothing of the application.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("product_options")
    .addColumn("sale_price", "integer", (c) => c.check(sql`sale_price is null or sale_price >= 1`))
    .execute();
  await db.schema.alterTable("product_options").addColumn("sale_ends_at", "text").execute();
}
