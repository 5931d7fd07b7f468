/**
 * The pickup hold's clock: every tick releases holds that ended and queues reminders for those ending
 * within 30 minutes (services/holds.ts). Safe to run in several processes at once: every change is a
 * conditional update.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Holds } from "../services/holds";
import { repeating } from "./repeating";

export const HOLD_TICK_MS = 30_000;

export function createHoldJobs({ holds, log, intervalMs = HOLD_TICK_MS }: { holds: Holds; log: FastifyBaseLogger; intervalMs?: number }) {
  async function tick(): Promise<void> {
    const expired = await holds.expireHolds();
    const reminded = await holds.remindHolds();
    if (expired || reminded) log.info({ expired, reminded }, "pickup holds checked");
  }

  return { tick, ...repeating(tick, { intervalMs, log, failure: "pickup hold job failed" }) };
}
