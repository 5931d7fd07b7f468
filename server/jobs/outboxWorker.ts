/**
 * Delivers the notification outbox through the Bot API.
 *
 * - Due rows go out oldest first, one at a time, each claimed before it is sent (outboxQueue.ts), so two
 *   workers, or two ticks, never send one row twice.
 * - 429: try again after the `retry_after` Telegram asks for (not counted as a failed attempt).
 * - 403 (the user blocked the bot, or never started it): the user is marked unreachable and this and all
 *   their later rows are skipped. Users without a Telegram chat (e-mail only) are skipped too, not failed.
 * - 400: the request itself is wrong and will not improve: failed at once.
 * - Anything else (network, timeout, 5xx): exponential backoff with a cap; after maxAttempts, failed.
 *
 * Restarts: a row stays 'sending' for at most one lease. A worker that dies holding it leaves the lease to
 * run out; then any worker sends it again. The lease is longer than the send timeout, so a live worker
 * never loses its row while its request may still succeed. What cannot be known is whether Telegram took
 * a request whose answer never arrived: delivery is at-least-once at that boundary, and a crash can
 * duplicate at most the one message that was in flight (docs/bot.md). A graceful stop waits for it.
 */
import { GrammyError, type Api } from "grammy";
import type { DB } from "../../db/connection";
import { renderNotification } from "../../bot/notifications";
import type { BotLog } from "../../bot/context";
import type { MiniApp } from "../../bot/miniApp";
import { claim, markUserUnreachable, nextDue, settle, type DueNotification, type Outcome } from "../../db/repositories/outboxQueue";

export interface OutboxWorkerOptions {
  /** Pause between ticks of start(). */
  intervalMs: number;
  /** Rows one tick delivers at most, so stop() never waits long. */
  batchSize: number;
  /** Failed tries before a row is given up as failed. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** One sendMessage may take this long before it is aborted and retried. */
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
  api: Pick<Api, "sendMessage">;
  miniApp: MiniApp;
  log: BotLog;
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
type GrammySignal = Parameters<Api["sendMessage"]>[3];

/** Node's AbortSignal; grammY types its own with an older shim's declarations, which Node's fits at runtime. */
const sendTimeout = (ms: number) => AbortSignal.timeout(ms) as unknown as GrammySignal;

export function createOutboxWorker({ db, api, miniApp, log, clock = Date.now, options }: OutboxWorkerDeps): OutboxWorker {
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
    const message = renderNotification(row.kind, row.payload, miniApp);
    if (!message) return record("failed", { status: "failed", last_error: `cannot render ${row.kind} from its payload` });

    try {
      await api.sendMessage(row.telegram_id, message.text, { reply_markup: message.keyboard }, sendTimeout(o.sendTimeoutMs));
      return record("sent", { status: "sent", sent_at: iso(clock()), last_error: null });
    } catch (error) {
      const now = clock();
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof GrammyError && error.error_code === 429) {
        const waitS = error.parameters.retry_after ?? 1;
        return record("retrying", { status: "pending", attempts: attempt - 1, next_attempt_at: iso(now + waitS * 1000), last_error: reason });
      }
      if (error instanceof GrammyError && error.error_code === 403) {
        // The user is marked first: should the outcome not be recorded, the next try skips anyway.
        if (row.user_id !== null) await markUserUnreachable(db, row.user_id, iso(now));
        log.info({ outboxId: row.id, userId: row.user_id }, "outbox: the user blocked the bot; their notifications are skipped");
        return record("skipped", { status: "skipped", last_error: reason });
      }
      if ((error instanceof GrammyError && error.error_code === 400) || attempt >= o.maxAttempts) {
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
