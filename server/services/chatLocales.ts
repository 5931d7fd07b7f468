/**
 * The language the bot speaks to the person behind an update (issue 24): their stored choice (the store's
 * picker, PUT /api/me/locale), else the `language_code` Telegram puts on the update, else English. Telegram's
 * language is remembered on a known user (`users.telegram_locale`, reduced to en/ru/th), so that the pushes
 * the outbox sends long after find it; written only when it changed, so most updates cost one lookup.
 */
import type { DB } from "../../db/connection";
import { selectChatLocale, setTelegramLocale } from "../../db/repositories/chatLocales";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { effectiveLocale, reduceLanguageTag, type Locale } from "../domain/locale";

export type ChatLocales = ReturnType<typeof createChatLocales>;

export function createChatLocales({ db }: { db: DB }) {
  const units = unitOfWorkOf(db).named("chatLocales");
  return {
    /** `languageCode` as the update gives it (absent when Telegram said nothing: the remembered one serves). */
    async localeOf(telegramId: number, languageCode: string | undefined): Promise<Locale> {
      const user = await units.lookup("localeOf", (tx) => selectChatLocale(tx, telegramId));
      const telegram = languageCode === undefined ? (user?.telegram_locale ?? null) : reduceLanguageTag(languageCode);
      if (user && languageCode !== undefined && user.telegram_locale !== telegram) {
        await units.write("rememberTelegramLocale", (tx) => setTelegramLocale(tx, telegramId, telegram));
      }
      return effectiveLocale({ stored: user?.locale, telegram });
    },
  };
}
