/**
 * Delivers the notification outbox. The worker owns the queue (claims, leases, ordering, retries); how a
 * row becomes a message is the Messenger's business, a port the composition root fills in (bot/launch.ts
 * gives it the Telegram one, bot/messenger.ts). Nothing here knows grammY or how a message looks.
 *
 * - Due rows go out oldest first, each claimed before it is sent (the OutboxQueue port, which
 *   server/services/outboxDelivery.ts makes), so two workers, or two rounds, never send one row twice. Up
 *   to `concurrency` sends run at once, each to another user: a row is not offered while an older row of
 *   the same user is pending or sending, so one user's messages go one after another, in order, and a
 *   call that hangs for one chat holds up no other.
 * - Every delivery is aborted after sendTimeoutMs (its AbortSignal; the worker stops waiting then even if
 *   the messenger does not) and counts as a transient failure.
 * - "retry after N s" (Telegram's 429): try again then (not counted as a failed attempt).
 * - "blocked" (the user blocked the bot, or never started it): the user is marked unreachable and this and
 *   all their later rows are skipped. Users without a Telegram chat (e-mail only) are skipped too, not failed,
 *   and so are users who refused the bot's messages in Telegram's dialog (write access, issue 26).
 * - "rejected" (the request itself is wrong, or the row cannot be rendered): failed at once.
 * - The messenger throws (network, timeout, 5xx): exponential backoff with a cap; after maxAttempts, failed.
 * - A row that edits an earlier message (staff_order_update, whose payload names the pushed row by its
 *   dedupe key) edits the message that row became; if that row was never sent, there is nothing to edit
 *   and the row is skipped. Per-user ordering means the pushed row is settled before its edit is tried.
 *
 * Stopping: stop() claims nothing more, waits up to stopDeadlineMs for the sends under way, then aborts the
 * rest and releases their rows (pending, due now, the attempt not counted), so the next start sends them at
 * once. From the release on, nothing about such a row is recorded by this worker; the lease-fenced writes
 * (settle, release) make sure of it in the database too.
 *
 * Crashes: a row stays 'sending' for at most one lease. A worker that dies holding it leaves the lease to
 * run out; then any worker sends it again. The lease is longer than the send timeout, so a live worker
 * never loses its row while its request may still succeed. What cannot be known is whether Telegram took
 * a request whose answer never arrived: delivery is at-least-once at that boundary, and a crash can repeat
 * each message whose answer was on its way, once (docs/bot.md).
 */
import type { Locale } from "../domain/locale";
import type { StaffOrderUpdatePayload } from "../domain/notifications";
import type { DueNotification, OutboxQueue, Outcome } from "../services/outboxDelivery";

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
  /** The language the recipient reads (their stored choice, else Telegram's, else English). */
  locale: Locale;
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
  /** Pause between looks for due rows in start() (a finished send looks again at once). */
  intervalMs: number;
  /** Rows one tick() claims at most. */
  batchSize: number;
  /** Sends under way at once, each to another user's chat (a user's own rows go one after another). */
  concurrency: number;
  /** Failed tries before a row is given up as failed. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** One delivery (its Bot API calls) may take this long before it is aborted and retried with backoff. */
  sendTimeoutMs: number;
  /** How long a claim lasts; must exceed sendTimeoutMs so a live worker keeps its row. */
  leaseMs: number;
  /** stop() waits this long for the sends under way, then releases the rest. */
  stopDeadlineMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  intervalMs: 1_000,
  batchSize: 25,
  concurrency: 4,
  maxAttempts: 8,
  backoffBaseMs: 5_000,
  backoffCapMs: 10 * 60_000,
  sendTimeoutMs: 10_000,
  leaseMs: 60_000,
  stopDeadlineMs: 5_000,
};

export interface OutboxWorkerDeps {
  /** The queue in the database (server/services/outboxDelivery.ts). */
  outbox: OutboxQueue;
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
  /** Delivers what is due now (up to batchSize rows, concurrency at once) and says what became of it. */
  tick(): Promise<DeliveryReport>;
  /** Delivers continuously until stop(): looks for due rows every intervalMs and whenever a send ends. */
  start(): void;
  /**
   * Claims no more rows; waits up to stopDeadlineMs for the sends under way to be answered and recorded,
   * then aborts the rest and releases their rows (pending, due now, the attempt not counted). A stopped
   * worker delivers no more.
   */
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

/** One claimed row on its way: what stop() waits for, aborts and releases. */
interface Send {
  row: DueNotification;
  /** The claim's token (the lease, db/repositories/outboxQueue.ts): only the holder of this lease may record or release the row. */
  leaseUntil: string;
  /** Aborts the Bot API call: on timeout, or when stop() releases the row. */
  controller: AbortController;
  /** Set by stop() when it gives the row back: from then on nothing about it is recorded here. */
  released: boolean;
  /** What became of it; null when nothing was recorded (released, or the claim was lost). */
  done: Promise<Result | null>;
}

/** The messenger's answer, or the abort's reason as soon as `signal` aborts, whether or not the messenger heeds it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export function createOutboxWorker({ outbox, messenger, log, clock = Date.now, options }: OutboxWorkerDeps): OutboxWorker {
  const o = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  if (o.leaseMs <= o.sendTimeoutMs) throw new Error("outbox worker: leaseMs must exceed sendTimeoutMs");
  if (!(o.concurrency >= 1)) throw new Error("outbox worker: concurrency must be at least 1");
  const iso = (ms: number) => new Date(ms).toISOString();

  /** The pool: claimed rows being delivered, by id. */
  const sending = new Map<number, Send>();
  /** False once stop() began: no more claims. */
  let accepting = true;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  /** The stop under way: a second stop() waits for the same one. */
  let stopping: Promise<void> | null = null;
  /** Passes that claim rows run one at a time, so the pool never holds more than `concurrency`. */
  let claiming: Promise<unknown> = Promise.resolve();

  /**
   * Claims due rows into the pool's free places and starts sending each; resolves with the sends it started.
   * `seen` holds the rows this round looked at already (a row retried now waits for the next round), and
   * the round looks at `limit` rows at most. claimNext never offers a row while an older row of the same
   * user is pending or sending, so one user's rows never travel side by side.
   */
  function fill(seen: Set<number>, limit: number): Promise<Send[]> {
    const pass = claiming.then(async () => {
      const started: Send[] = [];
      while (accepting && sending.size < o.concurrency && seen.size < limit) {
        const now = clock();
        const leaseUntil = iso(now + o.leaseMs);
        const row = await outbox.claimNext(iso(now), leaseUntil, [...seen, ...sending.keys()]);
        if (!row) break;
        seen.add(row.id);
        if (!accepting) {
          // Stopped while claiming: the row goes back, due at once, for the next worker.
          await outbox.release(row.id, leaseUntil, iso(now));
          break;
        }
        started.push(dispatch(row, leaseUntil));
      }
      return started;
    });
    claiming = pass.catch(() => undefined);
    return pass;
  }

  function dispatch(row: DueNotification, leaseUntil: string): Send {
    const send: Send = { row, leaseUntil, controller: new AbortController(), released: false, done: Promise.resolve(null) };
    sending.set(row.id, send);
    send.done = deliver(send)
      .catch((error: unknown) => {
        log.error({ outboxId: row.id, err: error }, "outbox: delivering a notification failed; it is tried again when its claim runs out");
        return null;
      })
      .finally(() => sending.delete(row.id));
    return send;
  }

  async function deliver(send: Send): Promise<Result | null> {
    const { row, leaseUntil, controller } = send;
    const attempt = row.attempts + 1;
    const record = async (result: Result, outcome: Outcome): Promise<Result | null> => {
      // Released by stop(): the row is no longer this worker's, whatever the answer says.
      if (send.released) return null;
      if (!(await outbox.settle(row.id, leaseUntil, outcome))) {
        log.warn({ outboxId: row.id }, "outbox: the claim ended before the outcome was recorded; the row is no longer this worker's");
        return null;
      }
      return result;
    };

    if (row.telegram_id === null) return record("skipped", { status: "skipped", last_error: "no Telegram chat (e-mail only user)" });
    if (row.telegram_unreachable_at !== null) return record("skipped", { status: "skipped", last_error: "user blocked the bot" });
    // Issue 26: they declined Telegram's "allow messages" dialog; a message or an "allow" later lets notices through.
    if (row.write_access === "refused") return record("skipped", { status: "skipped", last_error: "user refused messages from the bot" });

    let edit: MessageRef | null = null;
    const edits = editedRowKey(row);
    if (edits === null) return record("failed", { status: "failed", last_error: `cannot render ${row.kind} from its payload` });
    if (edits !== undefined) {
      // The pushed row is older and of the same user, so it is settled by now: sent, or never to be.
      const original = row.user_id === null ? undefined : await outbox.sentMessageOf(row.user_id, edits);
      if (!original) return record("skipped", { status: "skipped", last_error: "the message to edit was never sent" });
      edit = { chatId: original.chat_id, messageId: original.message_id };
    }
    if (send.released) return null;

    const timeout = setTimeout(() => controller.abort(new Error(`Telegram did not answer within ${o.sendTimeoutMs} ms`)), o.sendTimeoutMs);
    try {
      const notification = { kind: row.kind, payload: row.payload, chatId: row.telegram_id, edit, locale: row.locale };
      const delivery = await untilAborted(messenger.deliver(notification, controller.signal), controller.signal);
      const now = clock();
      switch (delivery.result) {
        case "sent":
          return record("sent", {
            status: "sent",
            sent_at: iso(now),
            last_error: null,
            tg_chat_id: delivery.chatId,
            tg_message_id: delivery.messageId,
          });
        case "retry_after":
          return record("retrying", {
            status: "pending",
            attempts: attempt - 1,
            next_attempt_at: iso(now + delivery.seconds * 1000),
            last_error: delivery.reason,
          });
        case "blocked":
          // The user is marked first: should the outcome not be recorded, the next try skips anyway.
          if (row.user_id !== null) await outbox.markUserUnreachable(row.user_id, iso(now));
          log.info({ outboxId: row.id, userId: row.user_id }, "outbox: the user blocked the bot; their notifications are skipped");
          return record("skipped", { status: "skipped", last_error: delivery.reason });
        case "rejected":
          log.error({ outboxId: row.id, kind: row.kind, reason: delivery.reason }, "outbox: giving up on a notification");
          return record("failed", { status: "failed", last_error: delivery.reason });
        case "skip":
          return record("skipped", { status: "skipped", last_error: delivery.reason });
      }
    } catch (error) {
      if (send.released) return null;
      const now = clock();
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= o.maxAttempts) {
        log.error({ outboxId: row.id, attempt, err: error }, "outbox: giving up on a notification");
        return record("failed", { status: "failed", last_error: reason });
      }
      const backoff = Math.min(o.backoffCapMs, o.backoffBaseMs * 2 ** (attempt - 1));
      log.warn({ outboxId: row.id, attempt, retryInMs: backoff, err: error }, "outbox: sending failed, will retry");
      return record("retrying", { status: "pending", next_attempt_at: iso(now + backoff), last_error: reason });
    } finally {
      clearTimeout(timeout);
    }
  }

  async function tick(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    const seen = new Set<number>();
    const mine = new Set<Promise<void>>();
    for (;;) {
      for (const send of await fill(seen, o.batchSize)) {
        const counted: Promise<void> = send.done.then((result) => {
          if (result) report[result]++;
          mine.delete(counted);
        });
        mine.add(counted);
      }
      if (mine.size === 0) return report;
      // A place came free (or a user's row was settled, letting their next one go): look again.
      await Promise.race(mine);
    }
  }

  /** start()'s rounds: fill the pool, and fill it again whenever one of its sends ends. */
  function pump(): void {
    fill(new Set(), Infinity).then(
      (started) => {
        for (const send of started) {
          void send.done.then(() => {
            if (running) pump();
          });
        }
      },
      (error: unknown) => log.error({ err: error }, "outbox: looking for due notifications failed"),
    );
  }

  function loop(): void {
    if (!running) return;
    pump();
    timer = setTimeout(loop, o.intervalMs);
  }

  /** Gives back the rows still being sent: each call aborted, each row pending and due now, the attempt not counted. */
  async function releaseAll(): Promise<void> {
    const left = [...sending.values()];
    if (left.length === 0) return;
    for (const send of left) {
      send.released = true;
      send.controller.abort(new Error("released: the outbox worker is stopping"));
    }
    const now = iso(clock());
    // A row whose outcome was being written as the deadline passed is not released: the lease fence lets
    // exactly one of the two writes through.
    const released = await Promise.all(
      left.map((send) =>
        outbox.release(send.row.id, send.leaseUntil, now).catch((error: unknown) => {
          log.error(
            { outboxId: send.row.id, err: error },
            "outbox: could not release a notification; it is tried again when its claim runs out",
          );
          return false;
        }),
      ),
    );
    await Promise.all(left.map((send) => send.done));
    const outboxIds = left.filter((_, i) => released[i]).map((send) => send.row.id);
    if (outboxIds.length > 0) {
      log.info(
        { released: outboxIds.length, outboxIds },
        "outbox: stopped mid-send; the notifications in flight were released to be sent again at once",
      );
    }
  }

  return {
    tick,
    start() {
      if (running) return;
      running = true;
      accepting = true;
      stopping = null;
      loop();
    },
    stop() {
      running = false;
      accepting = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      stopping ??= (async () => {
        await claiming;
        if (sending.size > 0) {
          let deadline: NodeJS.Timeout | undefined;
          await Promise.race([
            Promise.all([...sending.values()].map((send) => send.done)),
            new Promise<void>((resolve) => (deadline = setTimeout(resolve, o.stopDeadlineMs))),
          ]);
          clearTimeout(deadline);
        }
        await releaseAll();
      })();
      return stopping;
    },
  };
}
