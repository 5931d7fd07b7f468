/** `npm run backup`: a checked copy of the database and uploads in DATA_DIR/backups; the last BACKUP_KEEP are kept. */
import { join } from "node:path";
import { takeBackup } from "../db/sqlite/backup";
import { loadConfigOrExit, refuseOnPostgres } from "./cli";

const config = loadConfigOrExit();
refuseOnPostgres(config, "npm run backup");

try {
  const path = await takeBackup({
    databaseFile: config.databaseFile,
    uploadsDir: config.uploadsDir,
    backupsDir: join(config.dataDir, "backups"),
    keep: config.backupKeep,
    clock: Date.now,
  });
  console.log(`Backup written to ${path}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
