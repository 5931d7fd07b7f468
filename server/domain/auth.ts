/** Rules of sign-in and sessions (design §2). Pure: the clock and randomness come from the caller. */
import { ValidationError } from "./errors";

export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries a code survives; the next try fails even with the right code. */
export const LOGIN_CODE_MAX_WRONG_TRIES = 5;
export const LOGIN_CODE_SENDS_PER_ADDRESS = 3;
export const LOGIN_CODE_SEND_WINDOW_MS = 10 * 60_000;
/** Per IP address, over the same window: what one honest household never reaches. */
export const LOGIN_CODE_SENDS_PER_IP = 10;
export const LOGIN_VERIFIES_PER_IP = 30;

export const SESSION_TTL_MS = 30 * 24 * 3600_000;
/** A session's expiry slides forward at most this often, so a busy user does not write on every call. */
export const SESSION_SLIDE_EVERY_MS = 3600_000;

export const INVALID_CODE = "Invalid code!";
export const ADMIN_ROLE = "A";

/**
 * One plain address: a local part without quotes, spaces, control characters, angle brackets or list
 * separators (`,` `;`), and a domain of dot-separated labels. Anything a mail library could read as a list
 * or a display name ("x>,<victim@…", "a;victim@…") is refused, so the address checked is the one mailed.
 */
const EMAIL = /^[a-z0-9.!#$%&*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const MAX_EMAIL = 254;

/** E-mail addresses are compared lower-cased and trimmed; the normalised address is the only one used. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) throw new ValidationError("email", "email must be an e-mail address");
  return email;
}

export function isWellFormedCode(code: string): boolean {
  return new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(code);
}

/** Whether a session's expiry is due to move forward. */
export function shouldSlideSession(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - nowMs < SESSION_TTL_MS - SESSION_SLIDE_EVERY_MS;
}
