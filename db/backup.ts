/**
 * Backups of the store and their restore, and the lock that tells a restore whether the store runs.
 *
 * A backup is one folder in the backups folder, named by the UTC time it was taken
 * (`2026-11-23T09-30-00Z/`), holding `store.sqlite` and a copy of `uploads/`. The database is copied with
 * SQLite's online backup API, which reads one consistent snapshot while the store goes on writing (WAL
 * readers never block the writer), and the copy passes `PRAGMA integrity_check` before it counts. A
 * backup is written under a `.partial-…` name and renamed when complete, so a folder with a timestamp
 * name is always a whole backup.
 */
import { existsSync, mkdirSync, statSync } from "node:fs";
import { copyFile, cp, mkdir, readdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
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

const DATABASE_NAME = "store.sqlite";
const UPLOADS_NAME = "uploads";
const LOCK_NAME = "store.lock";
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
      throw new BackupError(`The copy of ${databaseFile} failed its integrity check, so it was deleted: ${problems.slice(0, 5).join("; ")}`);
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
function freeName(path: string): string {
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
  const names = (await readdir(backupsDir, { withFileTypes: true })).filter((e) => e.isDirectory() && NAME_PATTERN.test(e.name)).map((e) => e.name);
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

/**
 * The lock a running store holds (DATA_DIR/store.lock): a shared SQLite lock on a file of its own, taken at
 * start and kept until the connection closes. The operating system drops it when the process ends in any
 * way (kill -9 included), so it never goes stale the way a pid file does, and several processes on one
 * database may hold it at once. A restore takes it exclusively, which fails while anyone holds it.
 */
export function holdStoreLock(dataDir: string): { release(): void } {
  const lock = openLock(dataDir);
  try {
    lock.pragma("locking_mode = EXCLUSIVE"); // never let go of a lock once taken …
    lock.prepare("select count(*) from sqlite_master").get(); // … and this read takes the shared one
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") {
      throw new BackupError(`A restore is running on ${dataDir}: start the store once it has finished`);
    }
    throw error;
  }
  return { release: () => lock.close() };
}

function openLock(dataDir: string): SQLite.Database {
  mkdirSync(dataDir, { recursive: true });
  const lock = new SQLite(join(dataDir, LOCK_NAME));
  lock.pragma("busy_timeout = 0");
  return lock;
}

/** Takes the store's lock exclusively, or refuses: the store (or the bot process) runs on this DATA_DIR. */
function lockOutStore(dataDir: string): { release(): void } {
  const lock = openLock(dataDir);
  try {
    lock.exec("begin exclusive");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") {
      throw new BackupError(
        `The store is running on ${dataDir} (a process holds ${join(dataDir, LOCK_NAME)}): stop it first (SIGTERM or Ctrl-C), then restore. Nothing was changed.`,
      );
    }
    throw error;
  }
  return {
    release() {
      lock.exec("rollback");
      lock.close();
    },
  };
}

export interface RestoreOptions extends BackupPlaces {
  /** A backup folder (`store.sqlite` and `uploads/` inside), or a database file (`uploads/` beside it is used if there). */
  from: string;
  dataDir: string;
  clock: () => number;
}

export interface Restored {
  /** The database that was restored. */
  database: string;
  /** Whether the uploads were replaced too (the backup had them). */
  uploads: boolean;
  /** Where the files it replaced were put (DATA_DIR/replaced-…), or null when there were none. */
  replacedDir: string | null;
}

/**
 * Replaces the store's database and uploads with a backup's, while the store is stopped. The backup is
 * copied into DATA_DIR and checked first; only then are the live files moved aside (never deleted) and the
 * copies moved in, each by a rename.
 */
export async function restoreBackup({ from, dataDir, databaseFile, uploadsDir, clock }: RestoreOptions): Promise<Restored> {
  const source = resolve(from);
  if (!existsSync(source)) throw new BackupError(`There is no backup at ${source}`);
  const folder = statSync(source).isDirectory();
  const database = folder ? join(source, DATABASE_NAME) : source;
  if (!existsSync(database)) throw new BackupError(`${source} is not a backup: it holds no ${DATABASE_NAME}`);
  if (database === resolve(databaseFile)) throw new BackupError(`${database} is the store's own database, not a backup`);
  const uploads = join(dirname(database), UPLOADS_NAME);
  const withUploads = (folder || basename(database) === DATABASE_NAME) && existsSync(uploads);

  const lock = lockOutStore(dataDir);
  const stamp = stampOf(clock());
  const staging = freeName(join(dataDir, `.restoring-${stamp}`));
  try {
    await mkdir(staging);
    const staged = join(staging, DATABASE_NAME);
    await copyFile(database, staged);
    // A database copied by hand beside its WAL (or a replaced-… folder) keeps its last commits there.
    if (existsSync(`${database}-wal`)) await copyFile(`${database}-wal`, `${staged}-wal`);
    checkRestorable(staged, source);
    if (withUploads) await cp(uploads, join(staging, UPLOADS_NAME), { recursive: true });

    const live = [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`, ...(withUploads ? [uploadsDir] : [])].filter((p) => existsSync(p));
    const replacedDir = live.length ? freeName(join(dataDir, `replaced-${stamp}`)) : null;
    if (replacedDir) await mkdir(replacedDir);
    const moved: { from: string; to: string }[] = [];
    try {
      for (const from of live) {
        const to = join(replacedDir!, basename(from));
        await rename(from, to);
        moved.push({ from, to });
      }
      await rename(staged, databaseFile);
      if (withUploads) await rename(join(staging, UPLOADS_NAME), uploadsDir);
    } catch (error) {
      // Half swapped is worse than not at all: the live files go back where they were.
      for (const { from, to } of moved.reverse()) await rename(to, from);
      if (replacedDir) await rm(replacedDir, { recursive: true, force: true });
      throw error;
    }
    return { database, uploads: withUploads, replacedDir };
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

/** The staged copy must be sound and a store's database; it is left as one file (no WAL beside it). */
function checkRestorable(staged: string, source: string): void {
  let problems: string[];
  let migrated = false;
  try {
    const copy = new SQLite(staged, { fileMustExist: true });
    try {
      copy.pragma("journal_mode = DELETE");
      problems = (copy.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).filter((r) => r !== "ok");
      migrated = copy.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get() !== undefined;
    } finally {
      copy.close();
    }
  } catch (error) {
    // Damage bad enough makes SQLite refuse to read at all ("database disk image is malformed").
    problems = [(error as Error).message];
  }
  if (problems.length) throw new BackupError(`${source} failed its integrity check, so nothing was restored: ${problems.slice(0, 5).join("; ")}`);
  if (!migrated) throw new BackupError(`${source} is not a backup of the store: it has no migrations table`);
}
