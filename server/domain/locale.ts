/**
 * The languages the store speaks (design §11): English, Russian and Thai, English the fallback and the spec's
 * own words. A person's language is their stored choice, else Telegram's `language_code`, else the browser's
 * `Accept-Language`, each reduced to one of these three.
 */
export const LOCALES = ["en", "ru", "th"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's own name, as its speakers write it (the picker shows these, whatever the page's language). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ru: "Русский", th: "ไทย" };

/** Languages whose speakers on the island read Russian more easily than English (Ukrainian, Belarusian, Kazakh). */
const READ_AS_RUSSIAN = new Set(["ru", "uk", "be", "kk"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** "ru-RU" → ru, "uk" → ru, "th_TH" → th, "en-GB" → en; anything else (or nothing) → null. */
export function reduceLanguageTag(tag: string | null | undefined): Locale | null {
  if (typeof tag !== "string") return null;
  const primary = /^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*$/.exec(tag)?.[1]?.toLowerCase();
  if (!primary) return null;
  if (READ_AS_RUSSIAN.has(primary)) return "ru";
  if (primary === "th") return "th";
  if (primary === "en") return "en";
  return null;
}

/** Longest Accept-Language header read; beyond it the header is ignored (English), never an error. */
const MAX_ACCEPT_LANGUAGE = 1024;

/**
 * The best of en/ru/th an Accept-Language header asks for, by its q-values (ties keep the header's order);
 * null when it names none of them, is malformed or is too long to be honest.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (typeof header !== "string" || header.length === 0 || header.length > MAX_ACCEPT_LANGUAGE) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(",").slice(0, 20)) {
    const [tag, ...params] = part.split(";");
    const locale = reduceLanguageTag(tag);
    if (!locale) continue;
    // A q-value that is there but is no number from 0 to 1 ("q=7", "q=") makes the entry unreadable: skipped.
    const qParams = params.filter((p) => /^\s*q\s*=/i.test(p));
    const qParam = qParams.length === 1 ? /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(qParams[0]!) : undefined;
    if (qParams.length > 0 && !qParam) continue;
    const q = qParam ? Number(qParam[1]) : 1;
    if (!(q > 0) || q > 1) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? null;
}

/** The language in effect: the stored choice, else Telegram's, else the browser's, else English. */
export function effectiveLocale(choice: {
  stored?: string | null;
  telegram?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(choice.stored)) return choice.stored;
  return reduceLanguageTag(choice.telegram) ?? localeFromAcceptLanguage(choice.acceptLanguage) ?? DEFAULT_LOCALE;
}
