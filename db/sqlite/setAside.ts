/** Moving a SQLite database out of the way so a fresh file can take its place (seed:year --force). */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, join, resolve, sep } from "node:path";
import SQLite from "better-sqlite3";

/**
 * Moves `file` (its WAL merged into it first) and the uploads in `dataDir` into `dataDir/replaced-<time>/`
 * and returns that folder; the paths are then free for a fresh database. The caller holds the store's lock
 * (nothing runs on the file).
 */
export function setAsideDatabase(file: string, uploadsDir: string, dataDir: string, now: number): string {
  const handle = new SQLite(file);
  handle.pragma("wal_checkpoint(TRUNCATE)");
  handle.close();
  const folder = join(dataDir, `replaced-${new Date(now).toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(folder, { recursive: true });
  renameSync(file, join(folder, basename(file)));
  for (const suffix of ["-wal", "-shm"]) if (existsSync(file + suffix)) rmSync(file + suffix);
  // Uploads elsewhere (UPLOADS_DIR on another mount, shared by instances) are left where they are.
  if (existsSync(uploadsDir) && resolve(uploadsDir).startsWith(resolve(dataDir) + sep)) renameSync(uploadsDir, join(folder, "uploads"));
  return folder;
}
