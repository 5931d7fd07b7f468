/**
 * The back office (issue 12). Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 * - `stock_history`: every stock change is an audit row (who, when, shop, option, delta, why). `amount_after`
 *   is the shelf after the change, so a low-stock crossing and a report can be read from one row.
 * - `bot_conversations`: the state of the bot's guided conversations (@grammyjs/conversations storage), so a
 *   conversation survives a restart of the process.
 * - `product_images.card_filename`: the small WebP a card shows; `filename` stays the large one (gallery).
 */
import { sql, type Kysely } from "kysely";
import { idColumn, nowDefault } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const now = nowDefault(db);
  await db.schema
    .createTable("stock_history")
    .addColumn("id", "integer", id)
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("option_id", "integer", (c) => c.notNull())
    .addColumn("delta", "integer", (c) => c.notNull())
    .addColumn("amount_after", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('added', 'moved', 'sold', 'returned')`))
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("stock_history_product").on("stock_history").columns(["product_id", "id"]).execute();

  await db.schema
    .createTable("bot_conversations")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.alterTable("product_images").addColumn("card_filename", "text").execute();
}
