/**
 * The server's messages in en/ru/th, compiled once when the process starts (server/domain/messages.ts):
 * the error handler says every error in the caller's language with it, and the code mail is written in the
 * language of the request that asked for it.
 */
import { createTranslate } from "../domain/messages";
import type { Locale } from "../domain/locale";
import type { ServerMessage, Translatable } from "../domain/serverMessages";
import en from "./en";
import ru from "./ru";
import th from "./th";

export const SERVER_CATALOGUES = { en, ru, th } as const;

export const translateServer = createTranslate<ServerMessage>(SERVER_CATALOGUES);

/**
 * A translatable error or text (a DomainError, an upload refusal, `textOf(…)`) in a reader's language: for
 * code that answers outside HTTP, such as the bot showing a refusal to the person who pressed its button.
 */
export function translateText(locale: Locale, text: Translatable): string {
  return translateServer(locale, text.messageId, text.values);
}
