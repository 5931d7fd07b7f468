/**
 * The sale fields of the product form. The end is typed as a date and time on the island's clock (Koh Samui,
 * UTC+7 all year, as every date of the app is shown), whatever the phone's zone, and sent as ISO 8601 with that
 * offset. The API's 400 names the field it refuses (server/domain/sale.ts).
 */
import { islandClock } from "@domain/format";

const ISLAND_OFFSET = "+07:00";
const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-12-08T21:30" (island time, a datetime-local value) → "2026-12-08T21:30:00+07:00"; anything else goes as typed. */
export function isoWithOffset(local: string): string {
  const text = local.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return text;
  return `${text.length === 16 ? `${text}:00` : text}${ISLAND_OFFSET}`;
}

/** An ISO instant as a datetime-local input's value on the island's clock ("2026-12-08T21:30"); null → "". */
export function localInputValue(iso: string | null): string {
  if (iso === null || Number.isNaN(Date.parse(iso))) return "";
  const at = islandClock(iso);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

export type SaleField = "sale_price" | "sale_ends_at";

/** Which field a refusal is about: the one its message names first (every language names it as the API spells it). */
export function saleFieldOf(message: string): SaleField {
  const price = message.indexOf("sale_price");
  const end = message.indexOf("sale_ends_at");
  return end !== -1 && (price === -1 || end < price) ? "sale_ends_at" : "sale_price";
}

/** The price as typed: a whole number of Baht as a number, anything else as the text (the server says what is wrong). */
export function salePriceToSend(text: string): number | string | null {
  const typed = text.trim();
  if (typed === "") return null;
  return /^\d{1,12}$/.test(typed) ? Number(typed) : typed;
}
