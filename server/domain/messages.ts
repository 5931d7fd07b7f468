/**
 * Messages in three languages for code that speaks to many people at once (the API's errors, the code mail,
 * the bot and its pushes): one catalogue of ICU messages per language, compiled once when the process
 * starts, and a translate function that takes the reader's locale on every call. The mini-app keeps one
 * language at a time instead (webapp/src/lib/i18n.ts) and downloads only that one's catalogue.
 *
 * A catalogue is `Record<Id, string>`: the English one is the source (`as const`, its keys are the ids), the
 * others are typed against it, so a missing or extra translation fails the type check. English is the
 * fallback for any id a catalogue lacks at run time.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locale.ts";

export type Catalogue<Id extends string = string> = Readonly<Record<Id, string>>;
export type MessageValues = Record<string, string | number>;
export type Translate<Id extends string> = (locale: Locale, id: Id, values?: MessageValues) => string;

/** Compiles every message of a catalogue; a message that is not valid ICU throws, naming it. */
export function compileCatalogue(catalogue: Catalogue): Record<string, ReturnType<typeof compileMessageOrThrow>> {
  const compiled: Record<string, ReturnType<typeof compileMessageOrThrow>> = {};
  for (const [id, message] of Object.entries(catalogue)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`message ${JSON.stringify(id)} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/**
 * What a translation lacks or has too much against the English source, as a sentence naming the ids; null when
 * it has exactly English's ids. The type check says the same; this says it where no type check runs (the
 * mini-app's build, a start of the compiled server).
 */
export function catalogueGaps(name: string, english: Catalogue, translation: Catalogue): string | null {
  const missing = Object.keys(english).filter((id) => !Object.hasOwn(translation, id));
  const extra = Object.keys(translation).filter((id) => !Object.hasOwn(english, id));
  if (missing.length === 0 && extra.length === 0) return null;
  const list = (ids: string[]) => ids.map((id) => JSON.stringify(id)).join(", ");
  return [
    `${name}:`,
    missing.length > 0 ? `missing ${missing.length} translation(s): ${list(missing)}` : "",
    extra.length > 0 ? `${missing.length > 0 ? "; " : ""}${extra.length} id(s) English does not have: ${list(extra)}` : "",
  ].join(" ");
}

/** One translate function over a catalogue per language; a catalogue with gaps against English throws, naming them. */
export function createTranslate<Id extends string>(catalogues: Record<Locale, Catalogue<Id>>): Translate<Id> {
  const instances = {} as Record<Locale, I18n>;
  for (const locale of LOCALES) {
    const gaps = catalogueGaps(`the ${locale} catalogue`, catalogues[DEFAULT_LOCALE], catalogues[locale]);
    if (gaps) throw new Error(gaps);
    const messages = { ...compileCatalogue(catalogues[DEFAULT_LOCALE]), ...compileCatalogue(catalogues[locale]) };
    instances[locale] = setupI18n({ locale, messages: { [locale]: messages } });
  }
  return (locale, id, values) => (instances[locale] ?? instances[DEFAULT_LOCALE])._(id, values);
}
