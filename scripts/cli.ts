/** What the operator scripts (npm run backup, npm run restore) share. */
import { ConfigError, loadConfig, type Config } from "../server/config";

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
