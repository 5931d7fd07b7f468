/**
 * Phone and location from Telegram (issue 26): the rules for what the courier form may take from the messenger.
 * Pure: the bot's contact handler, the location route and the mini-app use the same ones.
 */
import { SINGLE_LINE } from "./textRules";

/** The courier's phone as it is typed (contracts/orders.ts): one line, at most this long. */
export const MAX_PHONE_LENGTH = 40;

const ONE_LINE = new RegExp(SINGLE_LINE);

/** Digits, spaces, dashes and parentheses, with an optional "+" in front: how people write a number to dial. */
const PHONE_CHARACTERS = /^\+?[\d ()-]+$/;
/** Thai numbers have 9 (landlines) or 10 (mobiles) digits; E.164 allows at most 15 with the country code. */
const MIN_PHONE_DIGITS = 9;
const MAX_PHONE_DIGITS = 15;

/** Spec §5 asks only for a phone; this says what one is (the server's list, translated in server/locales). */
export const INVALID_PHONE = "Type a phone number of 9 to 15 digits, such as +66 81 234 5678.";

/**
 * Whether a trimmed phone is one a courier can dial: the characters above and 9 to 15 digits. The order's
 * settings and a phone shared from Telegram are kept only when it is; the courier form checks it before saving.
 */
export function isPhoneNumber(phone: string): boolean {
  if (!PHONE_CHARACTERS.test(phone)) return false;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/**
 * A phone number Telegram shared, in the form the courier form keeps (the typed phone's rule: trimmed, one line,
 * at most MAX_PHONE_LENGTH, a number to dial). Telegram sends it as bare digits on some clients ("66812345678"):
 * those get the "+" of the international form, so a courier's phone can dial it. Null when nothing usable is left.
 */
export function normaliseSharedPhone(raw: string): string | null {
  const phone = raw.trim();
  if (phone === "" || !ONE_LINE.test(phone)) return null;
  const dialable = /^\d+$/.test(phone) ? `+${phone}` : phone;
  return dialable.length <= MAX_PHONE_LENGTH && isPhoneNumber(dialable) ? dialable : null;
}

/** Six decimals: about 10 cm, finer than any phone's fix. */
const DECIMALS = 6;

/** Latitude and longitude as a courier reads them ("13.756331, 100.501762"). */
export function coordinatesText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(DECIMALS)}, ${longitude.toFixed(DECIMALS)}`;
}

/**
 * The Google Maps link to a point, in the form the shops' map links already take (`maps.google.com/?q=lat,lng`):
 * `isMapsLink` (maps.ts) accepts it like a pasted one, and it opens the maps app on a courier's phone with a pin.
 */
export function mapsLinkAt(latitude: number, longitude: number): string {
  return `https://maps.google.com/?q=${latitude.toFixed(DECIMALS)},${longitude.toFixed(DECIMALS)}`;
}
