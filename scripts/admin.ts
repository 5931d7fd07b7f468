/**
 * `npm run admin -- grant --email boss@example.com` · `npm run admin -- revoke --telegram 123456`
 * Grants or revokes admin for a user who has signed in at least once, on the database in DATA_DIR.
 */
import { migrateToLatest, openDatabase } from "../db/connection";
import { ConfigError, loadConfig } from "../server/config";
import { DomainError } from "../server/domain/errors";
import { createAuth } from "../server/services/auth";

const USAGE = "usage: npm run admin -- grant|revoke --email ADDRESS | --telegram USER_ID";

async function main(argv: string[]): Promise<number> {
  const [action, flag, value] = argv;
  if ((action !== "grant" && action !== "revoke") || (flag !== "--email" && flag !== "--telegram") || !value) {
    console.error(USAGE);
    return 64; // EX_USAGE
  }
  const telegramId = Number(value);
  if (flag === "--telegram" && !Number.isSafeInteger(telegramId)) {
    console.error(`--telegram takes a numeric Telegram user id (got "${value}")`);
    return 64;
  }
  const config = loadConfig(process.env);
  const db = openDatabase(config.databaseFile);
  try {
    await migrateToLatest(db);
    const noMail = { send: async () => Promise.reject(new Error("the admin CLI sends no mail")) };
    const auth = createAuth({ db, config, clock: Date.now, mailer: noMail });
    const user = await auth.setAdmin(flag === "--email" ? { email: value } : { telegramId }, action === "grant");
    const who = user.email ?? `Telegram user ${user.telegram_id}`;
    console.log(`${who} (user ${user.id}) is ${action === "grant" ? "now an admin" : "no longer an admin"}.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof DomainError ? error.message : error);
    process.exit(1);
  },
);
