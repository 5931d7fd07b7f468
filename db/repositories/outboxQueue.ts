/**
 * The outbox as the delivery worker sees it. A row is claimed by a conditional update that also sets a
 * lease (next_attempt_at = now + lease) while it is 'sending'; the lease's end is the claim's token, so a
 * worker whose lease ran out can no longer record an outcome over the one that took the row from it.
 */
import type { Executor } from "../executor";

export interface DueNotification {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  user_id: number | null;
  telegram_id: number | null;
  telegram_unreachable_at: string | null;
}

/**
 * The oldest row that is due: pending and past its next attempt, or 'sending' with a lease that ran out
 * (its worker died). A user's messages go out in the order they were written: a row waits while an older
 * one of the same user is still pending or sending (e.g. "placed" in backoff holds back "canceled").
 */
export function nextDue(db: Executor, now: string, exceptIds: readonly number[]): Promise<DueNotification | undefined> {
  let query = db
    .selectFrom("outbox as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.kind", "o.payload", "o.attempts", "o.user_id", "u.telegram_id", "u.telegram_unreachable_at"])
    .where("o.status", "in", ["pending", "sending"])
    .where("o.next_attempt_at", "<=", now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("outbox as older")
            .select("older.id")
            .whereRef("older.user_id", "=", "o.user_id")
            .whereRef("older.id", "<", "o.id")
            .where("older.status", "in", ["pending", "sending"]),
        ),
      ),
    );
  if (exceptIds.length > 0) query = query.where("o.id", "not in", exceptIds);
  return query.orderBy("o.id").limit(1).executeTakeFirst();
}

/** True when this worker now owns the row until `leaseUntil`. */
export async function claim(db: Executor, id: number, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), next_attempt_at: leaseUntil }))
    .where("id", "=", id)
    .where("status", "in", ["pending", "sending"])
    .where("next_attempt_at", "<=", now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export interface Outcome {
  status: "pending" | "sent" | "failed" | "skipped";
  attempts?: number;
  next_attempt_at?: string;
  last_error?: string | null;
  sent_at?: string;
  /** The Telegram message a sent row became (or, for an edit, the message it edited). */
  tg_chat_id?: number;
  tg_message_id?: number;
}

/** Records what happened to a claimed row; false when the claim was lost (lease ran out). */
export async function settle(db: Executor, id: number, leaseUntil: string, outcome: Outcome): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set(outcome)
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("next_attempt_at", "=", leaseUntil)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Gives a claimed row back undelivered (a worker that stops mid-send): pending and due at `now`, the
 * claim's attempt not counted, the lease gone, so the next worker sends it at once. Fenced by the lease
 * like settle(): false when the row was no longer this claim's (settled meanwhile, or taken over).
 */
export async function release(db: Executor, id: number, leaseUntil: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set((eb) => ({ status: "pending", attempts: eb("attempts", "-", 1), next_attempt_at: now }))
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("next_attempt_at", "=", leaseUntil)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * The Telegram message an earlier row of the same user became, found by that row's dedupe key; undefined
 * when that row was not sent (skipped, failed) or was sent before messages were remembered.
 */
export function sentMessageOf(
  db: Executor,
  userId: number,
  dedupeKey: string,
): Promise<{ chat_id: number; message_id: number } | undefined> {
  return db
    .selectFrom("outbox")
    .select(["tg_chat_id as chat_id", "tg_message_id as message_id"])
    .where("user_id", "=", userId)
    .where("dedupe_key", "=", dedupeKey)
    .where("status", "=", "sent")
    .where("tg_chat_id", "is not", null)
    .where("tg_message_id", "is not", null)
    .$narrowType<{ chat_id: number; message_id: number }>()
    .executeTakeFirst();
}

export async function markUserUnreachable(db: Executor, userId: number, now: string): Promise<void> {
  await db.updateTable("users").set({ telegram_unreachable_at: now }).where("id", "=", userId).execute();
}
