/**
 * `npm run restore -- [--replace] PATH`: puts a backup back. On SQLite it replaces the database and uploads in
 * DATA_DIR (a backup folder or its store.sqlite), refusing while the store runs; the replaced files are kept in
 * DATA_DIR/replaced-…. With DATABASE_URL it restores a pg_dump into that database (a backup folder or its
 * store.dump): at once into an empty one, over one that holds tables only with --replace, after dumping it into
 * DATA_DIR/replaced-….
 */
import { restorePostgresBackup } from "../db/postgres/restore";
import { PostgresToolUnavailable, serverOf } from "../db/postgres/tools";
import { restoreBackup } from "../db/sqlite/restore";
import { loadConfigOrExit } from "./cli";

const args = process.argv.slice(2);
const replace = args.includes("--replace");
const paths = args.filter((a) => a !== "--replace");
if (paths.length !== 1 || paths[0]!.startsWith("--")) {
  console.error(
    "Usage: npm run restore -- [--replace] PATH (a folder in DATA_DIR/backups, or the store.sqlite or store.dump inside it; " +
      "--replace: on PostgreSQL, replace a database that holds tables)",
  );
  process.exit(64); // EX_USAGE
}
const from = paths[0]!;

const config = loadConfigOrExit();

try {
  if (config.databaseUrl === null) {
    const restored = await restoreBackup({
      from,
      dataDir: config.dataDir,
      databaseFile: config.databaseFile,
      uploadsDir: config.uploadsDir,
      clock: Date.now,
    });
    console.log(`Restored ${restored.database} into ${config.databaseFile}`);
    reportUploads(restored.uploads);
    if (restored.replacedDir)
      console.log(`The replaced files are in ${restored.replacedDir}; delete that folder once the store runs as it should`);
  } else {
    const restored = await restorePostgresBackup({
      from,
      databaseUrl: config.databaseUrl,
      uploadsDir: config.uploadsDir,
      dataDir: config.dataDir,
      pgBin: config.pgBin,
      replace,
      clock: Date.now,
    });
    console.log(`Restored ${restored.dump} into ${serverOf(config.databaseUrl)}`);
    reportUploads(restored.uploads);
    if (restored.replacedDir)
      console.log(
        `What it replaced is in ${restored.replacedDir} (a dump of the database, the uploads): to undo, stop the store and ` +
          `npm run restore -- --replace ${restored.replacedDir}; delete that folder once the store runs as it should`,
      );
  }
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = error instanceof PostgresToolUnavailable ? 69 : 1; // EX_UNAVAILABLE: a program it needs is missing
}

function reportUploads(replaced: boolean): void {
  console.log(
    replaced ? `Uploads restored into ${config.uploadsDir}` : "The backup has no uploads folder: the uploads were left as they were",
  );
}
