/** What the operator scripts (npm run backup, npm run restore) share. */
import { ConfigError, loadConfig, withoutPassword, type Config } from "../server/config";

/**
 * The configuration from the environment. A value that does not parse is the operator's to fix, so it ends
 * the script with just the message and exit code 78 (EX_CONFIG), not a stack trace; other errors still throw.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
}

/** Where the store's data is, for a script's messages: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseName(config: Config): string {
  return config.databaseUrl ? withoutPassword(config.databaseUrl) : config.databaseFile;
}

/**
 * A command that copies the SQLite file (backup, restore) ends with exit code 78 when DATABASE_URL names
 * PostgreSQL: it would otherwise copy a file the store does not use.
 */
export function refuseOnPostgres(config: Config, command: string): void {
  if (config.databaseUrl === null) return;
  console.error(
    `DATABASE_URL is set: ${command} works on the SQLite file in DATA_DIR, not on PostgreSQL; ` +
      "back PostgreSQL up with pg_dump and pg_restore (docs/operations.md)",
  );
  process.exit(78); // EX_CONFIG
}
