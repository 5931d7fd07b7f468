/**
 * A job that runs every so often in this process: a slow run is never overlapped by the next one, a failed
 * run is logged and the next one comes as usual, and stop() aborts the run's signal (a slow call gives up) and
 * waits for it to end. The hold clock and the chain watcher are both one.
 */
import type { FastifyBaseLogger } from "fastify";

export interface Repeating {
  start(): void;
  stop(): Promise<void>;
}

export function repeating(
  run: (signal: AbortSignal) => Promise<void>,
  { intervalMs, log, failure }: { intervalMs: number; log: FastifyBaseLogger; failure: string },
): Repeating {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopping = new AbortController();
  return {
    start(): void {
      if (stopping.signal.aborted) stopping = new AbortController();
      const signal = stopping.signal;
      timer ??= setInterval(() => {
        running ??= run(signal)
          .catch((error) => log.error({ err: error }, failure))
          .finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await running;
    },
  };
}
