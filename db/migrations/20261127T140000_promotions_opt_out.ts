/**
 * Promotions opt-out (issue 25): when a user pressed 'Stop promotions' (or sent /stop), null while they take
 * promotional messages (broadcasts, back-in-stock alerts). Never touches order notices.
 * Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("promotions_opted_out_at", "text").execute();
}
