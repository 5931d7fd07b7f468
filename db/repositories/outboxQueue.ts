/**
 * The outbox as the delivery worker sees it. A row is claimed by a conditional update that also sets a
 * lease (next_attempt_at = now + lease) while it is 'sending'; the lease's end is the claim's token, so a
 * worker whose lease ran out can no longer record an outcome over the one that took the row from it.
 */
import { PostgresAdapter, sql } from "kysely";
import type { Executor } from "../executor";
import type { WriteAccess } from "../../server/domain/writeAccess";

export interface DueNotification {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  user_id: number | null;
  telegram_id: number | null;
  telegram_unreachable_at: string | null;
  /** The recipient's stored language choice and Telegram's (issue 24): the push speaks the one in effect. */
  locale: string | null;
  telegram_locale: string | null;
  /** 'refused' when the recipient declined the bot's messages in Telegram's dialog (issue 26): skipped. */
  write_access: WriteAccess | null;
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
    .select(["u.locale", "u.telegram_locale", "u.write_access"])
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

/**
 * Claims the next due row (as `nextDue` chooses it) for this worker until `leaseUntil`, in one unit of work;
 * undefined when none is due. On PostgreSQL one statement whose `for update skip locked` passes over a row
 * another worker is claiming at that moment, so workers never queue for each other's rows; on SQLite the
 * unit is the only writer, so the read and the conditional update cannot be split by another claim.
 */
export async function claimNextDue(
  tx: Executor,
  now: string,
  leaseUntil: string,
  exceptIds: readonly number[],
): Promise<DueNotification | undefined> {
  if (!(tx.getExecutor().adapter instanceof PostgresAdapter)) {
    const row = await nextDue(tx, now, exceptIds);
    return row && (await claim(tx, row.id, now, leaseUntil)) ? row : undefined;
  }
  const except = exceptIds.length > 0 ? sql`and o.id not in (${sql.join(exceptIds)})` : sql``;
  const { rows } = await sql<DueNotification>`
    with next as (
      select o.id from outbox o
       where o.status in ('pending', 'sending') and o.next_attempt_at <= ${now} ${except}
         and not exists (select 1 from outbox older
                          where older.user_id = o.user_id and older.id < o.id and older.status in ('pending', 'sending'))
       order by o.id
       limit 1
         for update of o skip locked
    ),
    claimed as (
      update outbox set status = 'sending', attempts = outbox.attempts + 1, next_attempt_at = ${leaseUntil}
        from next
       where outbox.id = next.id
      returning outbox.id, outbox.kind, outbox.payload, outbox.attempts - 1 as attempts, outbox.user_id
    )
    select c.id, c.kind, c.payload, c.attempts, c.user_id, u.telegram_id, u.telegram_unreachable_at, u.locale, u.telegram_locale,
           u.write_access
      from claimed c left join users u on u.id = c.user_id`.execute(tx);
  return rows[0];
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

/**
 * The notices not yet sent (pending, in backoff, or being sent) and when the oldest of them was written:
 * one read of the backlog through the `outbox_due` index (status first), never of the sent history.
 */
export async function outboxBacklog(db: Executor): Promise<{ unsent: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<number | string>().as("unsent"), eb.fn.min("created_at").as("oldest")])
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirstOrThrow();
  return { unsent: Number(row.unsent), oldestCreatedAt: row.oldest ?? null };
}
