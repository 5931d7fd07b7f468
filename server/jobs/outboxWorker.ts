/**
 * Delivers the notification outbox. The worker owns the queue (claims, leases, ordering, retries); how a
 * row becomes a message is the Messenger's business, a port the composition root fills in (bot/launch.ts
 * gives it the Telegram one, bot/messenger.ts). Nothing here knows grammY or how a message looks.
 *
 * - Due rows go out oldest first, one at a time, each claimed before it is sent (outboxQueue.ts), so two
 *   workers, or two ticks, never send one row twice.
 * - "retry after N s" (Telegram's 429): try again then (not counted as a failed attempt).
 * - "blocked" (the user blocked the bot, or never started it): the user is marked unreachable and this and
 *   all their later rows are skipped. Users without a Telegram chat (e-mail only) are skipped too, not failed.
 * - "rejected" (the request itself is wrong, or the row cannot be rendered): failed at once.
 * - The messenger throws (network, timeout, 5xx): exponential backoff with a cap; after maxAttempts, failed.
 * - A row that edits an earlier message (staff_order_update, whose payload names the pushed row by its
 *   dedupe key) edits the message that row became; if that row was never sent, there is nothing to edit
 *   and the row is skipped. Per-user ordering means the pushed row is settled before its edit is tried.
 *
 * Restarts: a row stays 'sending' for at most one lease. A worker that dies holding it leaves the lease to
 * run out; then any worker sends it again. The lease is longer than the send timeout, so a live worker
 * never loses its row while its request may still succeed. What cannot be known is whether Telegram took
 * a request whose answer never arrived: delivery is at-least-once at that boundary, and a crash can
 * duplicate at most the one message that was in flight (docs/bot.md). A graceful stop waits for it.
 */
import type { DB } from "../../db/connection";
import {
  claim,
  markUserUnreachable,
  nextDue,
  sentMessageOf,
  settle,
  type DueNotification,
  type Outcome,
} from "../../db/repositories/outboxQueue";
import type { StaffOrderUpdatePayload } from "../domain/notifications";

/** The few logger methods the worker uses; Fastify's (pino) logger and the bot's fit it. */
export interface OutboxLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** A Telegram message, by chat and message id. */
export interface MessageRef {
  chatId: number;
  messageId: number;
}

/** One due row, as the messenger gets it. */
export interface OutgoingNotification {
  kind: string;
  /** The row's payload, JSON as it was written (maybe by an older version). */
  payload: string;
  /** The recipient's Telegram chat. */
  chatId: number;
  /** Set for a row that edits an earlier message: edit this one instead of sending a new message. */
  edit: MessageRef | null;
}

/** What became of one notification; anything transient (network, timeout, 5xx) is thrown instead. */
export type Delivery =
  | ({ result: "sent" } & MessageRef)
  /** Asked to wait (Telegram's 429 and its retry_after). */
  | { result: "retry_after"; seconds: number; reason: string }
  /** The recipient cannot be reached (blocked the bot, never started it). */
  | { result: "blocked"; reason: string }
  /** Will never go through as it is: a bad request, or a payload that does not render. */
  | { result: "rejected"; reason: string }
  /** Nothing to deliver (e.g. the message to edit was deleted): not a failure. */
  | { result: "skip"; reason: string };

/** The port between the worker and whoever renders and sends messages (bot/messenger.ts). */
export interface Messenger {
  /** Renders and sends (or edits) one notification; `signal` aborts a request that takes too long. */
  deliver(notification: OutgoingNotification, signal: AbortSignal): Promise<Delivery>;
}

export interface OutboxWorkerOptions {
  /** Pause between ticks of start(). */
  intervalMs: number;
  /** Rows one tick delivers at most, so stop() never waits long. */
  batchSize: number;
  /** Failed tries before a row is given up as failed. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** One delivery (a request to Telegram) may take this long before it is aborted and retried. */
  sendTimeoutMs: number;
  /** How long a claim lasts; must exceed sendTimeoutMs so a live worker keeps its row. */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  intervalMs: 2_000,
  batchSize: 25,
  maxAttempts: 8,
  backoffBaseMs: 5_000,
  backoffCapMs: 10 * 60_000,
  sendTimeoutMs: 30_000,
  leaseMs: 2 * 60_000,
};

export interface OutboxWorkerDeps {
  db: DB;
  messenger: Messenger;
  log: OutboxLog;
  clock?: () => number;
  options?: Partial<OutboxWorkerOptions>;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

export interface OutboxWorker {
  /** Delivers what is due now (up to batchSize rows) and says what became of it. */
  tick(): Promise<DeliveryReport>;
  /** Ticks every intervalMs until stop(). */
  start(): void;
  /** Stops ticking; waits for the message in flight to be sent and recorded. A stopped worker delivers no more. */
  stop(): Promise<void>;
}

type Result = keyof DeliveryReport;

/**
 * For a row that edits an earlier message, the dedupe key of the row that sent it: a string; null for an
 * edit that names none (malformed); undefined for a row that sends a message of its own.
 */
function editedRowKey(row: DueNotification): string | null | undefined {
  if (row.kind !== "staff_order_update") return undefined;
  try {
    const payload = JSON.parse(row.payload) as Partial<StaffOrderUpdatePayload> | null;
    return typeof payload?.edits === "string" ? payload.edits : null;
  } catch {
    return null;
  }
}

export function createOutboxWorker({ db, messenger, log, clock = Date.now, options }: OutboxWorkerDeps): OutboxWorker {
  const o = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  if (o.leaseMs <= o.sendTimeoutMs) throw new Error("outbox worker: leaseMs must exceed sendTimeoutMs");
  const iso = (ms: number) => new Date(ms).toISOString();

  let stopping = false;
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  /** The round under way, whoever started it (start()'s timer or a direct tick()): stop() waits for it. */
  let current: Promise<DeliveryReport> | null = null;

  function tick(): Promise<DeliveryReport> {
    const round = (current ?? Promise.resolve()).then(deliverDue, deliverDue);
    current = round;
    return round;
  }

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    const seen: number[] = [];
    while (seen.length < o.batchSize && !stopping) {
      const now = clock();
      const row = await nextDue(db, iso(now), seen);
      if (!row) break;
      seen.push(row.id);
      const leaseUntil = iso(now + o.leaseMs);
      if (!(await claim(db, row.id, iso(now), leaseUntil))) continue; // another worker was quicker
      report[await deliver(row, row.attempts + 1, leaseUntil)]++;
    }
    return report;
  }

  async function deliver(row: DueNotification, attempt: number, leaseUntil: string): Promise<Result> {
    const record = async (result: Result, outcome: Outcome): Promise<Result> => {
      if (!(await settle(db, row.id, leaseUntil, outcome))) {
        log.warn({ outboxId: row.id }, "outbox: the claim ran out before the outcome was recorded; another worker owns the row");
      }
      return result;
    };

    if (row.telegram_id === null) return record("skipped", { status: "skipped", last_error: "no Telegram chat (e-mail only user)" });
    if (row.telegram_unreachable_at !== null) return record("skipped", { status: "skipped", last_error: "user blocked the bot" });

    let edit: MessageRef | null = null;
    const edits = editedRowKey(row);
    if (edits === null) return record("failed", { status: "failed", last_error: `cannot render ${row.kind} from its payload` });
    if (edits !== undefined) {
      // The pushed row is older and of the same user, so it is settled by now: sent, or never to be.
      const original = row.user_id === null ? undefined : await sentMessageOf(db, row.user_id, edits);
      if (!original) return record("skipped", { status: "skipped", last_error: "the message to edit was never sent" });
      edit = { chatId: original.chat_id, messageId: original.message_id };
    }

    try {
      const delivery = await messenger.deliver({ kind: row.kind, payload: row.payload, chatId: row.telegram_id, edit }, AbortSignal.timeout(o.sendTimeoutMs));
      const now = clock();
      switch (delivery.result) {
        case "sent":
          return record("sent", { status: "sent", sent_at: iso(now), last_error: null, tg_chat_id: delivery.chatId, tg_message_id: delivery.messageId });
        case "retry_after":
          return record("retrying", { status: "pending", attempts: attempt - 1, next_attempt_at: iso(now + delivery.seconds * 1000), last_error: delivery.reason });
        case "blocked":
          // The user is marked first: should the outcome not be recorded, the next try skips anyway.
          if (row.user_id !== null) await markUserUnreachable(db, row.user_id, iso(now));
          log.info({ outboxId: row.id, userId: row.user_id }, "outbox: the user blocked the bot; their notifications are skipped");
          return record("skipped", { status: "skipped", last_error: delivery.reason });
        case "rejected":
          log.error({ outboxId: row.id, kind: row.kind, reason: delivery.reason }, "outbox: giving up on a notification");
          return record("failed", { status: "failed", last_error: delivery.reason });
        case "skip":
          return record("skipped", { status: "skipped", last_error: delivery.reason });
      }
    } catch (error) {
      const now = clock();
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= o.maxAttempts) {
        log.error({ outboxId: row.id, attempt, err: error }, "outbox: giving up on a notification");
        return record("failed", { status: "failed", last_error: reason });
      }
      const backoff = Math.min(o.backoffCapMs, o.backoffBaseMs * 2 ** (attempt - 1));
      log.warn({ outboxId: row.id, attempt, retryInMs: backoff, err: error }, "outbox: sending failed, will retry");
      return record("retrying", { status: "pending", next_attempt_at: iso(now + backoff), last_error: reason });
    }
  }

  async function loop(): Promise<void> {
    try {
      await tick();
    } catch (error) {
      log.error({ err: error }, "outbox: a delivery round failed");
    }
    if (!stopping) timer = setTimeout(loop, o.intervalMs);
  }

  return {
    tick,
    start() {
      if (started) return;
      started = true;
      stopping = false;
      void loop();
    },
    async stop() {
      stopping = true;
      started = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
  };
}
