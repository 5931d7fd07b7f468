/**
 * `npm run backup`: a checked copy of the database (the SQLite file, or with DATABASE_URL a pg_dump) and the
 * uploads in DATA_DIR/backups; the last BACKUP_KEEP are kept.
 */
import { join } from "node:path";
import { takeStoreBackup } from "../db/backup";
import { PostgresToolUnavailable } from "../db/postgres/tools";
import { loadConfigOrExit } from "./cli";

const config = loadConfigOrExit();

try {
  const path = await takeStoreBackup({
    databaseUrl: config.databaseUrl,
    databaseFile: config.databaseFile,
    uploadsDir: config.uploadsDir,
    backupsDir: join(config.dataDir, "backups"),
    keep: config.backupKeep,
    pgBin: config.pgBin,
    clock: Date.now,
  });
  console.log(`Backup written to ${path}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = error instanceof PostgresToolUnavailable ? 69 : 1; // EX_UNAVAILABLE: a program it needs is missing
}
