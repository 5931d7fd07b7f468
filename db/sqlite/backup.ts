/**
 * Backups of the store's SQLite database and uploads.
 *
 * A backup is one folder in the backups folder (db/backupFolder.ts: named by its UTC time, written under a
 * `.partial-…` name, pruned to BACKUP_KEEP) holding `store.sqlite` and a copy of `uploads/`. The database is
 * copied with SQLite's online backup API, which reads one consistent snapshot while the store goes on writing (WAL
 * readers never block the writer), and the copy passes `PRAGMA integrity_check` before it counts.
 * Restoring: db/sqlite/restore.ts; the store's lock: db/sqlite/storeLock.ts; the running store's schedule:
 * db/backupSchedule.ts.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { BackupError, checkKeep, writeBackupFolder, type BackupFolderOptions } from "../backupFolder";

export { BackupError, freeName, listBackups, stampOf, UPLOADS_NAME } from "../backupFolder";

export interface BackupPlaces {
  /** The live database (DATA_DIR/store.sqlite). */
  databaseFile: string;
  /** The live uploads (UPLOADS_DIR). */
  uploadsDir: string;
}

export interface BackupOptions extends BackupPlaces, BackupFolderOptions {}

export const DATABASE_NAME = "store.sqlite";

/** Takes a backup; returns its folder. Throws a BackupError when the copy is not sound (nothing is kept then). */
export async function takeBackup({ databaseFile, uploadsDir, ...folder }: BackupOptions): Promise<string> {
  checkKeep(folder.keep);
  if (!existsSync(databaseFile)) throw new BackupError(`There is no database at ${databaseFile}: nothing to back up`);
  return writeBackupFolder(folder, uploadsDir, async (partial) => {
    const problems = await copyDatabase(databaseFile, join(partial, DATABASE_NAME), folder.signal);
    if (problems.length) {
      throw new BackupError(
        `The copy of ${databaseFile} failed its integrity check, so it was deleted: ${problems.slice(0, 5).join("; ")}`,
      );
    }
  });
}

/**
 * Runs the copy and the check in a worker thread: a whole-database step and an integrity check take long
 * enough to stall the event loop of a store that is serving. Resolves with the check's problems (none: ok).
 */
async function copyDatabase(source: string, destination: string, signal?: AbortSignal): Promise<string[]> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  // tsx (esbuild's keepNames) may wrap the worker's inner functions in __name(), a helper only this module has.
  const code = `const __name = (target) => target; (${copyAndCheck.toString()})(require)`;
  const worker = new Worker(code, { eval: true, workerData: { source, destination, driver } });
  const abort = () => void worker.terminate();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    const outcome = await new Promise<{ problems?: string[]; error?: string }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", () => reject(signal?.aborted ? signal.reason : new Error("the backup thread stopped without an answer")));
    });
    if (outcome.error !== undefined) throw new BackupError(`Copying ${source} failed: ${outcome.error}`);
    return outcome.problems ?? [];
  } finally {
    signal?.removeEventListener("abort", abort);
    await worker.terminate();
  }
}

/** The worker's code: self-contained, it runs from its source text where only `require` is given. */
function copyAndCheck(require: NodeJS.Require): void {
  const { parentPort, workerData } = require("node:worker_threads") as typeof import("node:worker_threads");
  const { source, destination, driver } = workerData as { source: string; destination: string; driver: string };
  const Driver = require(driver) as typeof SQLite;
  const live = new Driver(source, { fileMustExist: true });
  live.pragma("busy_timeout = 5000");
  // The whole database in one step, i.e. from one read snapshot: copied a few pages at a time, the backup
  // starts over whenever the store commits in between, which under steady writes is forever.
  live
    .backup(destination, { progress: () => 0x7fffffff })
    .finally(() => live.close())
    .then(() => {
      const copy = new Driver(destination);
      try {
        // One self-contained file: the copy carries the live database's WAL mode in its header.
        copy.pragma("journal_mode = DELETE");
        const rows = copy.pragma("integrity_check") as { integrity_check: string }[];
        return { problems: rows.map((r) => r.integrity_check).filter((r) => r !== "ok") };
      } catch (error) {
        return { problems: [`the copy cannot be read: ${(error as Error).message}`] };
      } finally {
        copy.close();
      }
    })
    .then(
      (outcome) => parentPort!.postMessage(outcome),
      (error: Error) => parentPort!.postMessage({ error: error.message }),
    );
}
