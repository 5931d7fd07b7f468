/**
 * The backups folder, whatever the engine: a backup is one folder in it named by the UTC time it was taken
 * (`2026-11-23T09-30-00Z/`), holding the engine's copy of the database (db/sqlite/backup.ts: `store.sqlite`,
 * db/postgres/backup.ts: `store.dump`) and a copy of `uploads/`. It is written under a `.partial-…` name and
 * renamed when complete and checked, so a folder with a timestamp name is always a whole backup; the oldest
 * beyond `keep` are deleted then.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";

/** A backup or restore that cannot go on; the message says why and what to do. */
export class BackupError extends Error {}

export const UPLOADS_NAME = "uploads";
const NAME_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)(?:-(\d+))?$/;

export interface BackupFolderOptions {
  /** Where backups go (DATA_DIR/backups). */
  backupsDir: string;
  /** Backups to keep: older ones are deleted once the new one is complete. */
  keep: number;
  /** Milliseconds since the epoch: names the backup. */
  clock: () => number;
  /** Aborting stops the backup and removes what it had written (the store shutting down). */
  signal?: AbortSignal;
}

/** `2026-11-23T09-30-00Z`: sorts as it reads and is a valid file name everywhere. */
export function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z").replace(/:/g, "-");
}

export function checkKeep(keep: number): void {
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError(`keep must be a whole number of at least 1 (got ${keep})`);
}

/**
 * Makes a `.partial-…` folder, lets `fill` write the database's copy into it (throwing if the copy is not
 * sound), copies the uploads beside it, renames it to its time and prunes; returns the backup's folder.
 * Whatever fails, the partial folder is removed.
 */
export async function writeBackupFolder(
  { backupsDir, keep, clock, signal }: BackupFolderOptions,
  uploadsDir: string,
  fill: (partial: string) => Promise<void>,
): Promise<string> {
  checkKeep(keep);
  await mkdir(backupsDir, { recursive: true });
  const stamp = stampOf(clock());
  const partial = join(backupsDir, `.partial-${stamp}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(partial);
  try {
    signal?.throwIfAborted();
    await fill(partial);
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
