/**
 * What the operator scripts (npm run backup, npm run restore) share. Their exit codes: 0 done, 1 failed (the
 * reason on stderr), 64 a wrong command line, 69 a program they need is missing or too old (pg_dump,
 * pg_restore), 78 a configuration that does not parse.
 */
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
