/**
 * `npm run backup` and the running store's scheduled backups take the backup of the engine the store runs on:
 * the SQLite file (db/sqlite/backup.ts) or, with DATABASE_URL, a pg_dump (db/postgres/backup.ts); both into the
 * same backup folders with the uploads (db/backupFolder.ts).
 */
import type { BackupFolderOptions } from "./backupFolder";
import { takePostgresBackup } from "./postgres/backup";
import { takeBackup } from "./sqlite/backup";

export interface StoreBackupOptions extends BackupFolderOptions {
  /** PostgreSQL's database, or null: the SQLite file. */
  databaseUrl: string | null;
  databaseFile: string;
  uploadsDir: string;
  /** pg_dump's folder (PG_BIN); null: PATH. */
  pgBin: string | null;
}

export function takeStoreBackup({ databaseUrl, databaseFile, pgBin, ...rest }: StoreBackupOptions): Promise<string> {
  return databaseUrl === null ? takeBackup({ databaseFile, ...rest }) : takePostgresBackup({ databaseUrl, pgBin, ...rest });
}
