/**
 * Telegram Mini App initData, checked exactly as Telegram specifies: key = HMAC-SHA256("WebAppData",
 * bot token); hash = hex HMAC-SHA256(key, every field but `hash`, sorted by key, as `key=value` lines).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { UnauthorizedError } from "../domain/errors";
import type { ServerMessage } from "../domain/serverMessages";

/** auth_date may run this far ahead of our clock (clock skew), never more. */
const MAX_FUTURE_S = 60;

export interface TelegramProfile {
  id: number;
  first_name: string;
  last_name: string | null;
  username: string | null;
  photo_url: string | null;
  /** The user's language as Telegram says it (an IETF tag such as "ru" or "th"), or null. */
  language_code: string | null;
  /** Telegram says the bot may write to this user (they started it, or allowed it): issue 26. */
  allows_write_to_pm: boolean;
}

export interface VerifiedInitData {
  user: TelegramProfile;
  authDate: number;
  startParam: string | null;
}

function secretKey(botToken: string): Buffer {
  return createHmac("sha256", "WebAppData").update(botToken).digest();
}

function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== "hash")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
}

function reject(message: Extract<ServerMessage, `initData ${string}`>): never {
  throw new UnauthorizedError("INVALID_INIT_DATA", message);
}

export function verifyInitData(raw: string, botToken: string, nowS: number, maxAgeS: number): VerifiedInitData {
  const params = new URLSearchParams(raw);
  const hash = params.get("hash");
  if (!hash) reject("initData has no hash");
  if (!/^[0-9a-f]{64}$/i.test(hash)) reject("initData hash is not valid");

  const expected = createHmac("sha256", secretKey(botToken)).update(dataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) reject("initData signature does not match");

  const authDate = Number(params.get("auth_date"));
  if (!Number.isInteger(authDate) || authDate <= 0) reject("initData has no auth_date");
  if (nowS - authDate > maxAgeS) reject("initData has expired: open the store from Telegram again");
  if (authDate - nowS > MAX_FUTURE_S) reject("initData comes from the future: check the server clock");

  let user: Record<string, unknown>;
  try {
    user = JSON.parse(params.get("user") ?? "null") as Record<string, unknown>;
  } catch {
    reject("initData user is not valid JSON");
  }
  if (!user || !Number.isSafeInteger(user.id) || typeof user.first_name !== "string") reject("initData has no user");
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    user: {
      id: user.id as number,
      first_name: user.first_name,
      last_name: text(user.last_name),
      username: text(user.username),
      photo_url: text(user.photo_url),
      language_code: text(user.language_code),
      allows_write_to_pm: user.allows_write_to_pm === true,
    },
    authDate,
    startParam: params.get("start_param"),
  };
}

/** Signs launch data as Telegram would: for the dev page that opens the app in messenger mode, and tests. */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  params.delete("hash");
  const hash = createHmac("sha256", secretKey(botToken)).update(dataCheckString(params)).digest("hex");
  params.set("hash", hash);
  return params.toString();
}
