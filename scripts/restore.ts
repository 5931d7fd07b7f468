/**
 * `npm run restore -- PATH`: replaces the database and uploads in DATA_DIR with a backup's (a backup folder
 * or its store.sqlite). Refuses while the store runs; the replaced files are kept in DATA_DIR/replaced-….
 */
import { restoreBackup } from "../db/sqlite/restore";
import { loadConfigOrExit, refuseOnPostgres } from "./cli";

const from = process.argv[2];
if (!from) {
  console.error("Usage: npm run restore -- PATH (a folder in DATA_DIR/backups, or the store.sqlite inside it)");
  process.exit(64); // EX_USAGE
}

const config = loadConfigOrExit();
refuseOnPostgres(config, "npm run restore");

try {
  const restored = await restoreBackup({
    from,
    dataDir: config.dataDir,
    databaseFile: config.databaseFile,
    uploadsDir: config.uploadsDir,
    clock: Date.now,
  });
  console.log(`Restored ${restored.database} into ${config.databaseFile}`);
  console.log(
    restored.uploads
      ? `Uploads restored into ${config.uploadsDir}`
      : "The backup has no uploads folder: the uploads were left as they were",
  );
  if (restored.replacedDir)
    console.log(`The replaced files are in ${restored.replacedDir}; delete that folder once the store runs as it should`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
