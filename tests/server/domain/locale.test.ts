import { describe, expect, it } from "vitest";
import {
  effectiveLocale,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  localeFromAcceptLanguage,
  reduceLanguageTag,
} from "../../../server/domain/locale";

describe("isLocale", () => {
  it("takes exactly en, ru and th", () => {
    expect(LOCALES.filter(isLocale)).toEqual(["en", "ru", "th"]);
    for (const value of ["fr", "", "RU", "ru-RU", "ru; DROP", 7, null, undefined, {}]) expect(isLocale(value)).toBe(false);
  });

  it("names each language in its own words", () => {
    expect(LOCALE_NAMES).toEqual({ en: "English", ru: "Русский", th: "ไทย" });
  });
});

describe("reduceLanguageTag", () => {
  it.each([
    ["ru", "ru"],
    ["ru-RU", "ru"],
    ["RU-ru", "ru"],
    ["uk", "ru"],
    ["uk-UA", "ru"],
    ["be", "ru"],
    ["kk", "ru"],
    ["th", "th"],
    ["th_TH", "th"],
    ["th-TH-u-ca-buddhist", "th"],
    ["en", "en"],
    ["en-GB", "en"],
  ])("%s → %s", (tag, locale) => {
    expect(reduceLanguageTag(tag)).toBe(locale);
  });

  const notOurs = [["de"], ["fr-FR"], ["zh-Hans-CN"], [""], ["r"], ["ru;q=1"], ["1234"], ["ru RU"], ["-ru"]];
  it.each(notOurs)("%s → null (unknown or not a tag)", (tag) => {
    expect(reduceLanguageTag(tag)).toBeNull();
  });

  it("is null for anything that is not text", () => {
    expect(reduceLanguageTag(null)).toBeNull();
    expect(reduceLanguageTag(undefined)).toBeNull();
  });
});

describe("localeFromAcceptLanguage", () => {
  it("picks the best of en, ru and th by q-value, ties in the header's order", () => {
    expect(localeFromAcceptLanguage("th-TH,th;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("th");
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,ru;q=0.8,en;q=0.7")).toBe("ru");
    expect(localeFromAcceptLanguage("en;q=0.5, th;q=0.8")).toBe("th");
    expect(localeFromAcceptLanguage("ru, th")).toBe("ru");
    expect(localeFromAcceptLanguage("uk-UA,uk;q=0.9")).toBe("ru");
    expect(localeFromAcceptLanguage("th;Q=0.9, en;q=0.3")).toBe("th");
  });

  it("skips what is refused (q=0) or unreadable (q=7, q=abc), keeping the rest", () => {
    expect(localeFromAcceptLanguage("ru;q=0, th;q=0.1")).toBe("th");
    expect(localeFromAcceptLanguage("ru;q=7")).toBeNull();
    expect(localeFromAcceptLanguage("ru;q=abc, th;q=0.2")).toBe("th");
    expect(localeFromAcceptLanguage("ru;q=1.5")).toBeNull();
  });

  it("is null when the header names none of the three, is empty, malformed or over 1 KB", () => {
    expect(localeFromAcceptLanguage("de-DE,fr;q=0.9")).toBeNull();
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage("")).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage(";;;q==,,@@@, -ru")).toBeNull();
    expect(localeFromAcceptLanguage(`ru,${"x".repeat(1100)}`)).toBeNull();
    expect(localeFromAcceptLanguage(`${"ru;q=0.9,".repeat(1200)}`)).toBeNull();
  });
});

describe("effectiveLocale", () => {
  it("the stored choice, else Telegram's, else the browser's, else English", () => {
    expect(effectiveLocale({ stored: "ru", telegram: "th", acceptLanguage: "en" })).toBe("ru");
    expect(effectiveLocale({ stored: null, telegram: "th", acceptLanguage: "ru" })).toBe("th");
    expect(effectiveLocale({ stored: null, telegram: "de", acceptLanguage: "ru" })).toBe("ru");
    expect(effectiveLocale({ telegram: null, acceptLanguage: "de" })).toBe("en");
    expect(effectiveLocale({})).toBe("en");
  });

  it("ignores a stored value that is no locale (an old or hand-edited row)", () => {
    expect(effectiveLocale({ stored: "fr", telegram: "uk" })).toBe("ru");
  });
});
