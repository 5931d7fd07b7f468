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

/** A session dies after 30 days without use (idle), and 90 days after sign-in whatever happens (absolute). */
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
export const SESSION_MAX_AGE_MS = 90 * 24 * 3600_000;
/** Live sessions one user may hold; signing in once more ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** A session's expiry slides forward at most this often, so a busy user does not write on every call. */
export const SESSION_SLIDE_EVERY_MS = 3600_000;

export const INVALID_CODE = "Invalid code!";
/** A code that was used, ran out of time or of tries: a wrong guess at it is no longer the point. */
export const CODE_USED_UP = "This code can no longer be used. Request a new one.";
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
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) throw new ValidationError("email", "Please enter a valid e-mail address.");
  return email;
}

export function isWellFormedCode(code: string): boolean {
  return new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(code);
}

/** When a session opened at `createdAtMs` dies if it is used now: idle expiry, never past the absolute one. */
export function sessionExpiry(createdAtMs: number, nowMs: number): number {
  return Math.min(nowMs + SESSION_TTL_MS, createdAtMs + SESSION_MAX_AGE_MS);
}

/** The new expiry of a session used now, or null when it is not worth a write (moved less than an hour). */
export function slidSessionExpiry(createdAtMs: number, expiresAtMs: number, nowMs: number): number | null {
  const next = sessionExpiry(createdAtMs, nowMs);
  return next - expiresAtMs >= SESSION_SLIDE_EVERY_MS ? next : null;
}
