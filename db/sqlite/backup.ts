/**
 * Backups of the store's SQLite database and uploads.
 *
 * A backup is one folder in the backups folder, named by the UTC time it was taken
 * (`2026-11-23T09-30-00Z/`), holding `store.sqlite` and a copy of `uploads/`. The database is copied with
 * SQLite's online backup API, which reads one consistent snapshot while the store goes on writing (WAL
 * readers never block the writer), and the copy passes `PRAGMA integrity_check` before it counts. A
 * backup is written under a `.partial-…` name and renamed when complete, so a folder with a timestamp
 * name is always a whole backup. Restoring: db/sqlite/restore.ts; the store's lock: db/sqlite/storeLock.ts;
 * the running store's schedule: db/sqlite/backupSchedule.ts.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";

/** A backup or restore that cannot go on; the message says why and what to do. */
export class BackupError extends Error {}

export interface BackupPlaces {
  /** The live database (DATA_DIR/store.sqlite). */
  databaseFile: string;
  /** The live uploads (DATA_DIR/uploads). */
  uploadsDir: string;
}

export interface BackupOptions extends BackupPlaces {
  /** Where backups go (DATA_DIR/backups). */
  backupsDir: string;
  /** Backups to keep: older ones are deleted once the new one is complete. */
  keep: number;
  /** Milliseconds since the epoch: names the backup. */
  clock: () => number;
  /** Aborting stops the backup and removes what it had written (the store shutting down). */
  signal?: AbortSignal;
}

export const DATABASE_NAME = "store.sqlite";
export const UPLOADS_NAME = "uploads";
const NAME_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)(?:-(\d+))?$/;

/** `2026-11-23T09-30-00Z`: sorts as it reads and is a valid file name everywhere. */
export function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z").replace(/:/g, "-");
}

/** Takes a backup; returns its folder. Throws a BackupError when the copy is not sound (nothing is kept then). */
export async function takeBackup({ databaseFile, uploadsDir, backupsDir, keep, clock, signal }: BackupOptions): Promise<string> {
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError(`keep must be a whole number of at least 1 (got ${keep})`);
  if (!existsSync(databaseFile)) throw new BackupError(`There is no database at ${databaseFile}: nothing to back up`);
  await mkdir(backupsDir, { recursive: true });
  const stamp = stampOf(clock());
  const partial = join(backupsDir, `.partial-${stamp}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(partial);
  try {
    signal?.throwIfAborted();
    const problems = await copyDatabase(databaseFile, join(partial, DATABASE_NAME), signal);
    if (problems.length) {
      throw new BackupError(
        `The copy of ${databaseFile} failed its integrity check, so it was deleted: ${problems.slice(0, 5).join("; ")}`,
      );
    }
    // Uploads after the database: a file the copied database names was already on disk.
    await copyUploads(uploadsDir, join(partial, UPLOADS_NAME), signal);
    signal?.throwIfAborted();
    const done = await renameToFreeName(partial, join(backupsDir, stamp));
    await pruneBackups(backupsDir, keep);
    return done;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
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

async function copyUploads(from: string, to: string, signal?: AbortSignal): Promise<void> {
  if (!existsSync(from)) return void (await mkdir(to));
  await cp(from, to, {
    recursive: true,
    filter: () => {
      signal?.throwIfAborted();
      return true;
    },
  });
}

/** `path`, or `path-2`, `path-3` … when it is taken (a restore holds the lock: nobody else names things then). */
export function freeName(path: string): string {
  let n = 1;
  while (existsSync(n === 1 ? path : `${path}-${n}`)) n++;
  return n === 1 ? path : `${path}-${n}`;
}

/** Two backups in the same second get `…Z` and `…Z-2`. */
async function renameToFreeName(from: string, to: string): Promise<string> {
  for (let n = 1; ; n++) {
    const target = n === 1 ? to : `${to}-${n}`;
    if (existsSync(target)) continue;
    try {
      await rename(from, target);
      return target;
    } catch (error) {
      // Another backup took the name between the look and the rename.
      if (!["ENOTEMPTY", "EEXIST"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    }
  }
}

/** The complete backups in `backupsDir`, oldest first. */
export async function listBackups(backupsDir: string): Promise<string[]> {
  if (!existsSync(backupsDir)) return [];
  const names = (await readdir(backupsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && NAME_PATTERN.test(e.name))
    .map((e) => e.name);
  const order = (name: string) => {
    const [, stamp, n] = NAME_PATTERN.exec(name)!;
    return { stamp: stamp!, n: Number(n ?? 1) };
  };
  names.sort((a, b) => {
    const x = order(a);
    const y = order(b);
    return x.stamp < y.stamp ? -1 : x.stamp > y.stamp ? 1 : x.n - y.n;
  });
  return names.map((name) => join(backupsDir, name));
}

async function pruneBackups(backupsDir: string, keep: number): Promise<void> {
  const all = await listBackups(backupsDir);
  for (const old of all.slice(0, Math.max(0, all.length - keep))) await rm(old, { recursive: true, force: true });
}
