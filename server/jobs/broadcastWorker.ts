/**
 * Sends broadcasts (issue 25), a sibling of the outbox worker (server/jobs/outboxWorker.ts) with the same
 * claims and leases, on a queue of its own so that a broadcast to 10,000 people never stands in front of an
 * order's notice: the outbox worker goes on delivering beside it, unpaced.
 *
 * - The pace lives in the database (db/repositories/broadcasts.ts, `broadcast_pace`): a claim is granted
 *   only when the pace row allows the next message, and moves it on by the spacing, so any number of
 *   workers together hand Telegram at most BROADCAST_PER_SECOND messages a second by the sender's clock, and
 *   a chat gets at most one broadcast message per BROADCAST_CHAT_GAP_SECONDS. When the pace says wait, the
 *   worker sleeps until then.
 * - A claimed message is sent with a timeout; the next claim does not wait for the answer (up to
 *   `concurrency` sends in flight), so a slow answer does not slow the pace.
 * - 403 (blocked): the user is marked unreachable (their notices skip them too) and the delivery counts as
 *   blocked. 429: the delivery waits Telegram's retry_after, and so does the pace of every worker. 400:
 *   failed. Anything thrown (network, timeout, 5xx): tried again with backoff, failed after maxAttempts.
 * - Users who opted out or blocked the bot before their turn are settled at the claim, never sent.
 * - stop(): no more claims; waits up to stopDeadlineMs for the sends under way, then leaves their leases to
 *   run out (a later worker sends them again). A kill -9 leaves the same: a message in flight may repeat once.
 */
import type { BroadcastQueue, DueBroadcastMessage } from "../services/broadcasts";
import type { OutboxLog } from "./outboxWorker";

/** What became of one message; anything transient is thrown instead. */
export type BroadcastDelivery =
  | { result: "sent" }
  | { result: "retry_after"; seconds: number; reason: string }
  | { result: "blocked"; reason: string }
  | { result: "rejected"; reason: string };

/** Renders a broadcast message in the reader's language, with its buttons, and sends it (bot/broadcastMessenger.ts). */
export interface BroadcastMessenger {
  deliver(message: DueBroadcastMessage, signal: AbortSignal): Promise<BroadcastDelivery>;
}

export interface BroadcastWorkerOptions {
  /** The longest sleep between looks for due messages when nothing is due. */
  idleMs: number;
  concurrency: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  sendTimeoutMs: number;
  leaseMs: number;
  stopDeadlineMs: number;
}

export const DEFAULT_BROADCAST_OPTIONS: BroadcastWorkerOptions = {
  idleMs: 1_000,
  concurrency: 8,
  maxAttempts: 5,
  backoffBaseMs: 5_000,
  backoffCapMs: 5 * 60_000,
  sendTimeoutMs: 10_000,
  // Short, so that a message a killed worker left in flight goes out again soon after a restart.
  leaseMs: 15_000,
  stopDeadlineMs: 5_000,
};

export interface BroadcastWorker {
  start(): void;
  stop(): Promise<void>;
}

export function createBroadcastWorker({
  queue,
  messenger,
  log,
  clock = Date.now,
  options,
}: {
  queue: BroadcastQueue;
  messenger: BroadcastMessenger;
  log: OutboxLog;
  clock?: () => number;
  options?: Partial<BroadcastWorkerOptions>;
}): BroadcastWorker {
  const o = { ...DEFAULT_BROADCAST_OPTIONS, ...options };
  if (o.leaseMs <= o.sendTimeoutMs) throw new Error("broadcast worker: leaseMs must exceed sendTimeoutMs");
  const iso = (ms: number) => new Date(ms).toISOString();
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        wake = null;
        resolve();
      };
      timer = setTimeout(wake, Math.max(1, ms));
    });

  async function deliver(message: DueBroadcastMessage, leaseUntil: string): Promise<void> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(new Error(`Telegram did not answer within ${o.sendTimeoutMs} ms`)), o.sendTimeoutMs);
    const settle = async (outcome: Parameters<BroadcastQueue["settle"]>[2]) => {
      if (!(await queue.settle(message.id, leaseUntil, outcome, iso(clock()))))
        log.warn({ deliveryId: message.id }, "broadcast: the claim ended before the outcome was recorded");
    };
    try {
      const delivery = await Promise.race([
        messenger.deliver(message, controller.signal),
        new Promise<never>((_, reject) =>
          controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true }),
        ),
      ]);
      const now = clock();
      switch (delivery.result) {
        case "sent":
          return await settle({ status: "sent", sent_at: iso(now), last_error: null });
        case "retry_after": {
          const until = iso(now + delivery.seconds * 1000);
          await queue.holdPace(until);
          return await settle({ status: "pending", next_attempt_at: until, uncount: true, last_error: delivery.reason });
        }
        case "blocked":
          await queue.markUnreachable(message.userId, iso(now));
          return await settle({ status: "blocked", last_error: delivery.reason });
        case "rejected":
          log.error({ deliveryId: message.id, reason: delivery.reason }, "broadcast: Telegram refused a message");
          return await settle({ status: "failed", last_error: delivery.reason });
      }
    } catch (error) {
      const now = clock();
      const reason = error instanceof Error ? error.message : String(error);
      if (message.attempts + 1 >= o.maxAttempts) return settle({ status: "failed", last_error: reason });
      const backoff = Math.min(o.backoffCapMs, o.backoffBaseMs * 2 ** message.attempts);
      return settle({ status: "pending", next_attempt_at: iso(now + backoff), last_error: reason });
    } finally {
      clearTimeout(timeout);
    }
  }

  async function run(): Promise<void> {
    while (running) {
      if (inFlight.size >= o.concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      let claim: Awaited<ReturnType<BroadcastQueue["claimNext"]>>;
      const now = clock();
      const leaseUntil = iso(now + o.leaseMs);
      try {
        claim = await queue.claimNext(iso(now), leaseUntil);
      } catch (error) {
        log.error({ err: error }, "broadcast: looking for due messages failed");
        await sleep(o.idleMs);
        continue;
      }
      if (!running) break;
      if (claim === null) {
        await sleep(o.idleMs);
      } else if ("waitUntil" in claim) {
        await sleep(Math.min(o.idleMs, Date.parse(claim.waitUntil) - clock()));
      } else {
        const send: Promise<void> = deliver(claim.message, leaseUntil)
          .catch((error: unknown) => log.error({ err: error, deliveryId: claim.message.id }, "broadcast: recording a send failed"))
          .finally(() => inFlight.delete(send));
        inFlight.add(send);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      if (inFlight.size > 0) {
        let deadline: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all([...inFlight]),
          new Promise<void>((resolve) => (deadline = setTimeout(resolve, o.stopDeadlineMs))),
        ]);
        clearTimeout(deadline);
      }
    },
  };
}
