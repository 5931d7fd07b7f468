/**
 * Telegram's `shareMessage` (Bot API 8.0): the chat picker for a message the bot prepared for this person
 * (`savePreparedInlineMessage`, POST /api/referrals/share-message), sent as a card with its button. Built on
 * lib/telegram.ts; in a browser or an older client `canShareMessage()` is false and callers share as before.
 */
import { isInsideTelegram, sdkNow, versionAtLeast } from "./telegram";

const V_SHARE_MESSAGE = "8.0";

export function canShareMessage(): boolean {
  return isInsideTelegram() && versionAtLeast(V_SHARE_MESSAGE);
}

/** 'sent' once the card went into a chat, 'not-sent' when the picker was left or Telegram refused it. */
export type ShareMessageOutcome = "sent" | "not-sent" | "unsupported";

/**
 * Opens Telegram's chat picker with the prepared message `id`. Resolves when Telegram reports how it ended
 * (`prepared_message_sent` / `prepared_message_failed`); 'unsupported' at once where it cannot be asked, and
 * 'not-sent' when a picker is open already (a double tap: that one goes on).
 */
export async function shareMessage(id: string): Promise<ShareMessageOutcome> {
  if (!canShareMessage()) return "unsupported";
  const sdk = await sdkNow();
  return new Promise((resolve) => {
    try {
      sdk.shareMessage(id, (sent) => resolve(sent ? "sent" : "not-sent"));
    } catch {
      resolve("not-sent");
    }
  });
}
