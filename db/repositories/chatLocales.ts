/** The language the bot speaks to a Telegram user (issue 24): their stored choice and Telegram's, by Telegram id. */
import type { Executor } from "../executor";

/** The user's stored choice and the language Telegram last said they use; undefined for someone not (yet) a user. */
export function selectChatLocale(db: Executor, telegramId: number) {
  return db.selectFrom("users").select(["locale", "telegram_locale"]).where("telegram_id", "=", telegramId).executeTakeFirst();
}

/** Remembers Telegram's language of a user; a write only when it changed. */
export async function setTelegramLocale(db: Executor, telegramId: number, telegramLocale: string | null): Promise<void> {
  await db
    .updateTable("users")
    .set({ telegram_locale: telegramLocale })
    .where("telegram_id", "=", telegramId)
    .where("telegram_locale", "is distinct from", telegramLocale)
    .execute();
}
