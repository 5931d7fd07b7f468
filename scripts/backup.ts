/** `npm run backup`: a checked copy of the database and uploads in DATA_DIR/backups; the last BACKUP_KEEP are kept. */
import { join } from "node:path";
import { takeBackup } from "../db/sqlite/backup";
import { loadConfigOrExit } from "./cli";

const config = loadConfigOrExit();

try {
  const path = await takeBackup({
    databaseFile: config.databaseFile,
    uploadsDir: join(config.dataDir, "uploads"),
    backupsDir: join(config.dataDir, "backups"),
    keep: config.backupKeep,
    clock: Date.now,
  });
  console.log(`Backup written to ${path}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
