/**
 * Languages (issue 24): the language a person chose in the store's picker (`locale`, en/ru/th, null until they
 * choose) and the one Telegram last said they use (`telegram_locale`, reduced to en/ru/th, null when Telegram
 * said nothing or something else). The choice wins; the bot's pushes read both long after any request.
 * Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("locale", "text").execute();
  await db.schema.alterTable("users").addColumn("telegram_locale", "text").execute();
}
