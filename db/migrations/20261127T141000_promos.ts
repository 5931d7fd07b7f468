/**
 * Promo codes (issue 25). Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 * - `promos`: one code (stored upper-case, unique), a `percent` or a fixed `amount` in Baht (exactly one), the
 *   cart's minimum, the window, `max_uses` (null: no limit) and `uses`, the live uses. `uses` moves only by
 *   conditional updates (`uses < max_uses`), so the last use goes to exactly one order whatever process asks.
 * - `promo_shops`: where a code is taken (no row: every shop).
 * - `promo_uses`: one row per order carrying a code (`order_id` unique). `once_key` is the customer's id when
 *   the code is once per customer, else null; unique (promo_id, once_key) lets the database refuse a second
 *   use by one customer (nulls never collide). A canceled or expired order, or an admin discount, deletes the
 *   row and gives the use back in the same unit.
 */
import { sql, type Kysely } from "kysely";
import { idColumn, nowDefault } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const now = nowDefault(db);
  await db.schema
    .createTable("promos")
    .addColumn("id", "integer", id)
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("percent", "integer")
    .addColumn("amount", "integer")
    .addColumn("min_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("valid_from", "text")
    .addColumn("valid_to", "text")
    .addColumn("max_uses", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn("once_per_customer", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("promos_one_kind", sql`(percent is null) <> (amount is null)`)
    .addCheckConstraint("promos_max_uses", sql`max_uses is null or uses <= max_uses`)
    .execute();

  await db.schema
    .createTable("promo_shops")
    .addColumn("promo_id", "integer", (c) => c.notNull().references("promos.id"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addPrimaryKeyConstraint("promo_shops_pk", ["promo_id", "shop_id"])
    .execute();

  await db.schema
    .createTable("promo_uses")
    .addColumn("id", "integer", id)
    .addColumn("promo_id", "integer", (c) => c.notNull().references("promos.id"))
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("once_key", "integer")
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("promo_uses_once", ["promo_id", "once_key"])
    .execute();
  await db.schema.createIndex("promo_uses_promo").on("promo_uses").columns(["promo_id", "order_id"]).execute();
}
