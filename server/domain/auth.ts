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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail addresses are compared lower-cased and trimmed. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new ValidationError("email", "email must be an e-mail address");
  return email;
}

export function isWellFormedCode(code: string): boolean {
  return new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(code);
}

/** Whether a session's expiry is due to move forward. */
export function shouldSlideSession(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - nowMs < SESSION_TTL_MS - SESSION_SLIDE_EVERY_MS;
}
