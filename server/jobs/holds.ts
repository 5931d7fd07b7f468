/**
 * The pickup hold's clock: every tick releases holds that ended and queues reminders for those ending
 * within 30 minutes. Safe to run in several processes at once: every change is a conditional update.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Orders } from "../services/orders";

export const HOLD_TICK_MS = 30_000;

export function createHoldJobs({ orders, log, intervalMs = HOLD_TICK_MS }: { orders: Orders; log: FastifyBaseLogger; intervalMs?: number }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function tick(): Promise<void> {
    const expired = await orders.expireHolds();
    const reminded = await orders.remindHolds();
    if (expired || reminded) log.info({ expired, reminded }, "pickup holds checked");
  }

  return {
    tick,
    start(): void {
      timer ??= setInterval(() => {
        // A slow tick is never overlapped by the next one in this process.
        running ??= tick()
          .catch((error) => log.error({ err: error }, "pickup hold job failed"))
          .finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
