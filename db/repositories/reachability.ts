/** Whether the bot can message a user: the outbox worker skips those marked unreachable. */
import type { Executor } from "../executor";

/** A message from the user, or their unblocking the bot, proves deliveries may resume. */
export async function markReachable(db: Executor, telegramId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ telegram_unreachable_at: null })
    .where("telegram_id", "=", telegramId)
    .where("telegram_unreachable_at", "is not", null)
    .execute();
}

export async function markUnreachable(db: Executor, telegramId: number, now: string): Promise<void> {
  await db.updateTable("users").set({ telegram_unreachable_at: now }).where("telegram_id", "=", telegramId).execute();
}
