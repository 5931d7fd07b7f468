/**
 * Whether the bot can message a user: the outbox worker skips those marked unreachable, and those who refused
 * the bot's messages in Telegram's dialog (`write_access`, issue 26).
 */
import type { Executor } from "../executor";
import type { WriteAccess } from "../../server/domain/writeAccess";

/**
 * A message from the user, their unblocking the bot, or Telegram saying the bot may write to them proves
 * deliveries may resume: reachable again, and write access allowed. Writes only when that is news.
 */
export async function markReachable(db: Executor, telegramId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ telegram_unreachable_at: null, write_access: "allowed" })
    .where("telegram_id", "=", telegramId)
    .where((eb) =>
      eb.or([eb("telegram_unreachable_at", "is not", null), eb("write_access", "is", null), eb("write_access", "!=", "allowed")]),
    )
    .execute();
}

export async function markUnreachable(db: Executor, telegramId: number, now: string): Promise<void> {
  await db.updateTable("users").set({ telegram_unreachable_at: now }).where("telegram_id", "=", telegramId).execute();
}

/**
 * The person's answer to Telegram's dialog (requestWriteAccess). 'allowed' is Telegram granting the bot its
 * messages, so an earlier "unreachable" (a send refused before they allowed it) no longer holds.
 */
export async function setWriteAccess(db: Executor, userId: number, access: WriteAccess, now: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ write_access: access, updated_at: now, ...(access === "allowed" ? { telegram_unreachable_at: null } : {}) })
    .where("id", "=", userId)
    .execute();
}
