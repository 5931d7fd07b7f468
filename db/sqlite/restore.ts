/** Puts a backup back (db/sqlite/backup.ts), with the store stopped. */
import { existsSync, statSync } from "node:fs";
import { copyFile, cp, mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { BackupError, DATABASE_NAME, UPLOADS_NAME, freeName, stampOf, type BackupPlaces } from "./backup";
import { lockOutStore } from "./storeLock";

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

    const live = [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`, ...(withUploads ? [uploadsDir] : [])].filter((p) =>
      existsSync(p),
    );
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
  if (problems.length)
    throw new BackupError(`${source} failed its integrity check, so nothing was restored: ${problems.slice(0, 5).join("; ")}`);
  if (!migrated) throw new BackupError(`${source} is not a backup of the store: it has no migrations table`);
}
