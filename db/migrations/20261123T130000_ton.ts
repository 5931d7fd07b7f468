/**
 * TON payment (issue 15). Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 * - `ton_quotes`: what a customer was asked to pay for an order in crypto: the amount in nanoTON (text: it
 *   passes 2^53), the rate it was quoted at and when, the wallet it goes to, a comment unique to the order and
 *   quote, and, once the mini-app reported the wallet's reply (`/ton/sent`), that reply and the message's
 *   `validUntil` (the hold waits for it).
 * - `ton_transfers`: every transfer the chain showed for one of our comments, by transaction hash. The hash is
 *   unique: one transaction pays at most one order, ever. `outcome` says what it did.
 * The rate itself is the setting `ton_thb_per_ton` in `settings` (its `updated_at` is the rate's time).
 */
import { sql, type Kysely } from "kysely";
import { idColumn, nowDefault } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const now = nowDefault(db);
  await db.schema
    .createTable("ton_quotes")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("comment", "text", (c) => c.notNull().unique())
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("amount_thb", "integer", (c) => c.notNull())
    .addColumn("amount_nano", "text", (c) => c.notNull())
    .addColumn("thb_per_ton", "text", (c) => c.notNull())
    .addColumn("quoted_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("valid_until", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("boc", "text")
    .addColumn("message_valid_until", "text")
    .execute();
  await db.schema.createIndex("ton_quotes_order").on("ton_quotes").columns(["order_id", "id"]).execute();

  await db.schema
    .createTable("ton_transfers")
    .addColumn("id", "integer", id)
    .addColumn("tx_hash", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("quote_id", "integer", (c) => c.references("ton_quotes.id"))
    .addColumn("amount_nano", "text", (c) => c.notNull())
    .addColumn("source", "text")
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("tx_time", "text", (c) => c.notNull())
    .addColumn("seen_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome in ('paid', 'underpaid', 'refund_due', 'unmatched')`))
    .execute();
  await db.schema.createIndex("ton_transfers_order").on("ton_transfers").columns(["order_id", "id"]).execute();
}
