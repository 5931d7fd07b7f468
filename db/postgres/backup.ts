/**
 * Backups of the store on PostgreSQL: `pg_dump` in its custom format (`store.dump`, compressed, read back by
 * pg_restore) plus a copy of the uploads, in the same backup folders as SQLite's (db/backupFolder.ts). pg_dump
 * reads one snapshot (one repeatable-read transaction), so the dump holds exactly the transactions committed
 * before it began while the store goes on writing. Restoring: db/postgres/restore.ts.
 */
import { join } from "node:path";
import { BackupError, checkKeep, writeBackupFolder, type BackupFolderOptions } from "../backupFolder";
import { findTool, requireAtLeast, runTool, serverMajor, type FoundTool } from "./tools";

export const DUMP_NAME = "store.dump";

export interface PostgresBackupOptions extends BackupFolderOptions {
  /** The store's database (DATABASE_URL). */
  databaseUrl: string;
  /** The live uploads (UPLOADS_DIR). */
  uploadsDir: string;
  /** The folder of pg_dump and pg_restore (PG_BIN); null: PATH. */
  pgBin: string | null;
}

/**
 * Takes a backup; returns its folder. Throws PostgresToolUnavailable (./tools.ts) before anything is written
 * when pg_dump or pg_restore is missing or older than the server, and a BackupError when the dump fails or
 * does not read back (nothing is kept then).
 */
export async function takePostgresBackup({ databaseUrl, uploadsDir, pgBin, ...folder }: PostgresBackupOptions): Promise<string> {
  checkKeep(folder.keep);
  const [dump, restore] = [await findTool("pg_dump", pgBin), await findTool("pg_restore", pgBin)];
  const server = await serverMajor(databaseUrl);
  requireAtLeast("pg_dump", dump, server);
  requireAtLeast("pg_restore", restore, server);
  return writeBackupFolder(folder, uploadsDir, async (partial) => {
    const file = join(partial, DUMP_NAME);
    await runTool(dump, ["--format=custom", `--file=${file}`], { databaseUrl, signal: folder.signal });
    await checkDump(restore, file, "The dump just taken", folder.signal);
  });
}

/**
 * The dump reads back (`pg_restore --list` walks its table of contents) and is the store's: it holds the
 * migrations table. Anything else throws a BackupError saying what `what` is.
 */
export async function checkDump(restore: FoundTool, file: string, what: string, signal?: AbortSignal): Promise<void> {
  let contents: string;
  try {
    contents = await runTool(restore, ["--list", file], { signal });
  } catch (error) {
    signal?.throwIfAborted();
    throw new BackupError(`${what} cannot be read as a pg_dump archive: ${(error as Error).message}`);
  }
  if (!/^\d+; \d+ \d+ TABLE \S+ kysely_migration /m.test(contents))
    throw new BackupError(`${what} is not a backup of the store: it has no migrations table`);
}
