/**
 * Write access (issue 26): whether the bot may write to a person, as far as the store knows. 'allowed' when
 * Telegram said so (initData's allows_write_to_pm, the answer to requestWriteAccess) or the person wrote to the
 * bot; 'refused' when they declined Telegram's dialog; null while unknown. The outbox skips 'refused'.
 * Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("write_access", "text", (column) => column.check(sql`write_access in ('allowed', 'refused')`))
    .execute();
}
