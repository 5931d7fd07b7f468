/**
 * The referral programme and the bonus wallet (issue 13). Frozen once shipped; it takes Kysely<any> and
 * imports nothing of the application.
 * - A ledger entry may be an admin's correction: it names the admin and the reason (never an edit of an entry).
 * - A referral income names the order it came from; incomes of one partner are read by referral.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bonus_ledger").addColumn("reason", "text").execute();
  await db.schema.alterTable("bonus_ledger").addColumn("actor_user_id", "integer", (c) => c.references("users.id")).execute();
  await db.schema.createIndex("bonus_ledger_source").on("bonus_ledger").columns(["user_id", "source_user_id"]).execute();
}
