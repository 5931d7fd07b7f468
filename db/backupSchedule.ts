/**
 * The running store's own backups, every BACKUP_INTERVAL_HOURS, with whichever engine's backup `npm run
 * backup` takes (db/backup.ts: db/sqlite/backup.ts or db/postgres/backup.ts).
 */

export interface BackupSchedule {
  /** Stops the timer; a backup under way is abandoned and its partial folder removed. */
  stop(): Promise<void>;
}

/**
 * Takes a backup every `intervalMs` in the running store. A failure is reported and the schedule goes on;
 * a slow backup is never overlapped by the next one. `take` stops and cleans up when its signal aborts.
 */
export function scheduleBackups(
  take: (signal: AbortSignal) => Promise<string>,
  intervalMs: number,
  report: { taken(path: string): void; failed(error: unknown): void },
): BackupSchedule {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= take(stopping.signal)
      .then(report.taken, (error) => {
        if (!stopping.signal.aborted) report.failed(error);
      })
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort(new Error("the store is shutting down"));
      await running;
    },
  };
}
