/**
 * Telegram's "allow messages from the bot" (issue 26): what the launch data says, and the client's own dialog
 * (`requestWriteAccess`, Bot API 6.9). A bot may message only someone who wrote to it or allowed it; the
 * store asks right after an order is placed, so that the order's notices reach the person.
 */
import { isInsideTelegram, sdkNow, telegramInitData, versionAtLeast } from "./telegram";

const V_WRITE_ACCESS = "6.9";

/** initData's user says the bot may write to them (`allows_write_to_pm`); false when it says otherwise or nothing. */
export function launchAllowsWriteToPm(): boolean {
  try {
    const user = JSON.parse(new URLSearchParams(telegramInitData()).get("user") ?? "null") as { allows_write_to_pm?: unknown } | null;
    return user?.allows_write_to_pm === true;
  } catch {
    return false;
  }
}

/** Telegram's dialog can be opened: inside Telegram, on a client of 6.9 or newer. */
export function canRequestWriteAccess(): boolean {
  return isInsideTelegram() && versionAtLeast(V_WRITE_ACCESS);
}

let open: Promise<boolean | null> | null = null;

/**
 * Opens Telegram's dialog and resolves with the person's answer: true when they allowed messages, false when
 * they declined; null when no answer can come (no dialog here, or Telegram refused to open it). One dialog at
 * a time: a call while it is open gets the same answer.
 */
export function requestWriteAccess(): Promise<boolean | null> {
  if (!canRequestWriteAccess()) return Promise.resolve(null);
  open ??= sdkNow()
    .then(
      (sdk) =>
        new Promise<boolean | null>((resolve) => {
          try {
            sdk.requestWriteAccess((allowed) => resolve(allowed));
          } catch {
            resolve(null);
          }
        }),
    )
    .finally(() => {
      open = null;
    });
  return open;
}
