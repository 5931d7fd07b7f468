/**
 * Whether and how the outbox's notices reach their readers, as the store's data: the queue as the delivery
 * worker works it (server/jobs/outboxWorker.ts receives it as its port), and whether the bot can message a
 * user at all (the bot hears of blocking and unblocking, the worker of a refused send).
 *
 * Each call is one statement in a unit of its own. The queue's rules hold in the database
 * (db/repositories/outboxQueue.ts): a claim is a conditional update that sets a lease, and an outcome is
 * recorded only by the holder of that lease.
 */
import type { DB } from "../../db/connection";
import {
  claimNextDue,
  markUserUnreachable,
  release,
  sentMessageOf,
  settle,
  type DueNotification as DueRow,
  type Outcome,
} from "../../db/repositories/outboxQueue";
import { markReachable, markUnreachable } from "../../db/repositories/reachability";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { effectiveLocale, type Locale } from "../domain/locale";

export type { Outcome };

/** A claimed row, with the language its recipient reads: their stored choice, else Telegram's, else English. */
export type DueNotification = Omit<DueRow, "locale" | "telegram_locale"> & { locale: Locale };

function withLocale(row: DueRow | undefined): DueNotification | undefined {
  if (!row) return undefined;
  const { locale, telegram_locale, ...rest } = row;
  return { ...rest, locale: effectiveLocale({ stored: locale, telegram: telegram_locale }) };
}

/** The outbox queue as the delivery worker needs it; times are ISO strings. */
export interface OutboxQueue {
  /**
   * Claims for this worker, until `leaseUntil`, the oldest due row not in `exceptIds` whose user has no older
   * row pending or sending; undefined when there is none.
   */
  claimNext(now: string, leaseUntil: string, exceptIds: readonly number[]): Promise<DueNotification | undefined>;
  /** Records what happened to a claimed row; false when the claim was lost. */
  settle(id: number, leaseUntil: string, outcome: Outcome): Promise<boolean>;
  /** Gives a claimed row back undelivered, due at `now`; false when it was no longer this claim's. */
  release(id: number, leaseUntil: string, now: string): Promise<boolean>;
  /** The Telegram message an earlier row of the user (by dedupe key) became, if it was sent. */
  sentMessageOf(userId: number, dedupeKey: string): Promise<{ chat_id: number; message_id: number } | undefined>;
  /** The user blocked the bot: their later notices are skipped. */
  markUserUnreachable(userId: number, now: string): Promise<void>;
}

export function createOutboxDelivery({ db }: { db: DB }): OutboxQueue {
  const units = unitOfWorkOf(db).named("outbox");
  return {
    claimNext: async (now, leaseUntil, exceptIds) =>
      withLocale(await units.write("claimNext", (tx) => claimNextDue(tx, now, leaseUntil, exceptIds))),
    settle: (id, leaseUntil, outcome) => units.write("settle", (tx) => settle(tx, id, leaseUntil, outcome)),
    release: (id, leaseUntil, now) => units.write("release", (tx) => release(tx, id, leaseUntil, now)),
    sentMessageOf: (userId, dedupeKey) => units.read("sentMessageOf", (tx) => sentMessageOf(tx, userId, dedupeKey)),
    markUserUnreachable: (userId, now) => units.write("markUserUnreachable", (tx) => markUserUnreachable(tx, userId, now)),
  };
}

export type Reachability = ReturnType<typeof createReachability>;

/** Whether the bot can message a user, as the bot hears of it (by Telegram id). */
export function createReachability({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("reachability");
  return {
    /** The user blocked the bot: the outbox worker skips their notices from now on. */
    blocked: (telegramId: number): Promise<void> =>
      units.write("blocked", (tx) => markUnreachable(tx, telegramId, new Date(clock()).toISOString())),
    /** A message from the user, or their unblocking the bot, proves deliveries may resume. */
    reachable: (telegramId: number): Promise<void> => units.write("reachable", (tx) => markReachable(tx, telegramId)),
  };
}
