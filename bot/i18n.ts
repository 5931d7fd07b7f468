/**
 * The bot's languages: its catalogues (bot/locales) compiled once, and `say`, the translate function bound to
 * one reader's locale. Every text the bot sends goes through one; the reader is the person who sent the
 * update (bot/context.ts, `ctx.say`) or the recipient of an outbox row (bot/notifications.ts).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../server/domain/locale";
import { createTranslate, type MessageValues } from "../server/domain/messages";
import en from "./locales/en";
import ru from "./locales/ru";
import th from "./locales/th";

export type BotMessageId = keyof typeof en;

export const translate = createTranslate<BotMessageId>({ en, ru, th });

/** What the bot says to one reader: their locale, and the message by id. */
export interface Say {
  (id: BotMessageId, values?: MessageValues): string;
  readonly locale: Locale;
}

const SAY = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.assign((id: BotMessageId, values?: MessageValues) => translate(locale, id, values), { locale })]),
) as Record<Locale, Say>;

export function sayIn(locale: Locale = DEFAULT_LOCALE): Say {
  return SAY[locale] ?? SAY[DEFAULT_LOCALE];
}
