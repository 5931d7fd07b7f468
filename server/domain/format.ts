/**
 * Formats shared by every screen, in each language's own way (design §11). Money is integer Baht.
 *
 * The mini-app shows one person's language: it sets it once with setDisplayLocale and calls these without a
 * locale. The server and the bot speak to many people at once and always pass the reader's locale.
 */
import type { Locale } from "./locale";

let displayLocale: Locale = "en";

/** The mini-app's language for every format called without one (the server never sets it). */
export function setDisplayLocale(locale: Locale): void {
  displayLocale = locale;
}

export function getDisplayLocale(): Locale {
  return displayLocale;
}

/** Russian groups digits with a no-break space, English and Thai with a comma. */
const GROUP_SEPARATOR: Record<Locale, string> = { en: ",", ru: "\u00a0", th: "," };

/** 12345 → "12,345" (en, th), "12 345" (ru): amounts are shown with thousands separators. */
export function formatAmount(value: number, locale: Locale = displayLocale): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR[locale]);
}

/** 12345 → "12,345 ฿" (en, the spec's), "12 345 ฿" (ru), "฿12,345" (th: the sign first, as Thai writes it). */
export function formatBaht(value: number, locale: Locale = displayLocale): string {
  if (locale === "th") return `฿${formatAmount(value, locale)}`;
  // Russian keeps the sign on the figure's line; English keeps the spec's plain space.
  return `${formatAmount(value, locale)}${locale === "ru" ? "\u00a0" : " "}฿`;
}

/** Koh Samui keeps UTC+7 all year (no daylight saving): the island's clock, whatever the server's zone. */
export const ISLAND_UTC_OFFSET_MS = 7 * 3600_000;

/** The island date (YYYY-MM-DD, Koh Samui, UTC+7) of an instant. */
export function islandDate(ms: number): string {
  return new Date(ms + ISLAND_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The island's wall-clock time of an instant, read with the getUTC… methods of the returned date. */
export function islandClock(iso: string): Date {
  return new Date(new Date(iso).getTime() + ISLAND_UTC_OFFSET_MS);
}

/** "17:05" on the island. */
export function formatIslandTime(iso: string): string {
  const d = islandClock(iso);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

/**
 * Spec §9: an address is shown shortened to its first 5 and last 9 characters ("https…!4d100.06"), so a long
 * maps link never widens its card; one that short or shorter stays whole.
 */
export function shortenAddress(address: string): string {
  return address.length > 15 ? `${address.slice(0, 5)}…${address.slice(-9)}` : address;
}
