/** Formats shared by every screen. Money is integer Baht. */

/** 12345 → "12,345": amounts are shown with thousands separators. */
export function formatAmount(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function formatBaht(value: number): string {
  return `${formatAmount(value)} ฿`;
}

/** 1 → "1 shop", 3 → "3 shops", 1200 → "1,200 orders". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatAmount(count)} ${count === 1 ? one : many}`;
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
