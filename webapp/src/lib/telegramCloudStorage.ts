/**
 * Telegram's CloudStorage (Bot API 6.9): a few strings kept by Telegram for this user and this bot, the same on
 * every device the person uses. The SDK asks with `web_app_invoke_custom_method` (`saveStorageValue`,
 * `getStorageValues`) and Telegram answers with `custom_method_invoked`. Outside Telegram, or on an older
 * client, nothing is asked: reads give null and writes false.
 */
import { isInsideTelegram, sdkNow, versionAtLeast } from "./telegram";

const V_CLOUD_STORAGE = "6.9";

/** Telegram's limits: 1024 keys a user, a key of 1–128 characters A-Z a-z 0-9 _ -, a value of 0–4096 characters. */
export const CLOUD_MAX_KEYS = 1024;
export const CLOUD_MAX_VALUE_LENGTH = 4096;
const KEY = /^[A-Za-z0-9_-]{1,128}$/;

/** How long Telegram gets to answer: an unanswered call counts as failed, and the app goes on without it. */
const ANSWER_WAIT_MS = 10_000;

export function canUseCloudStorage(): boolean {
  return isInsideTelegram() && versionAtLeast(V_CLOUD_STORAGE);
}

export function isCloudKey(key: string): boolean {
  return KEY.test(key);
}

/** Telegram's answer, or `failed` when it sent an error, threw, or said nothing within `waitMs`. */
function ask<T>(call: (done: (error: string | null, result?: T) => void) => void, failed: T, waitMs = ANSWER_WAIT_MS): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(failed), waitMs);
    const done = (error: string | null, result?: T) => {
      clearTimeout(timer);
      resolve(error || result === undefined ? failed : result);
    };
    try {
      call(done);
    } catch {
      done("unsupported");
    }
  });
}

/**
 * The values of `keys`, as Telegram keeps them ("" or absent for a key never saved); null when Telegram could not
 * be asked, answered with an error or did not answer within `waitMs`.
 */
export async function readCloudValues(keys: string[], waitMs = ANSWER_WAIT_MS): Promise<Record<string, string> | null> {
  if (!canUseCloudStorage() || keys.length === 0 || !keys.every(isCloudKey)) return null;
  const sdk = await sdkNow();
  const values = await ask<Record<string, string> | null>((done) => sdk.CloudStorage.getItems(keys, done), null, waitMs);
  return values && typeof values === "object" ? values : null;
}

/** Saves one value; true once Telegram has confirmed it. A key or value outside Telegram's limits is not sent. */
export async function writeCloudValue(key: string, value: string): Promise<boolean> {
  if (!canUseCloudStorage() || !isCloudKey(key) || value.length > CLOUD_MAX_VALUE_LENGTH) return false;
  const sdk = await sdkNow();
  return ask<boolean>((done) => sdk.CloudStorage.setItem(key, value, done), false);
}
