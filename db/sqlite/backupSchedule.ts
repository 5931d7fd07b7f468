/** The running store's own backups, every BACKUP_INTERVAL_HOURS (db/sqlite/backup.ts takes each). */
import { takeBackup, type BackupOptions } from "./backup";

export interface BackupSchedule {
  /** Stops the timer; a backup under way is abandoned and its partial folder removed. */
  stop(): Promise<void>;
}

/**
 * Takes a backup every `intervalMs` in the running store. A failure is reported and the schedule goes on;
 * a slow backup is never overlapped by the next one.
 */
export function scheduleBackups(
  options: Omit<BackupOptions, "signal">,
  intervalMs: number,
  report: { taken(path: string): void; failed(error: unknown): void },
): BackupSchedule {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= takeBackup({ ...options, signal: stopping.signal })
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
