/**
 * On the database in DATA_DIR, for a user who has signed in at least once:
 *   npm run admin -- grant|revoke --email boss@example.com | --telegram 123456
 *   npm run admin -- staff add|remove --shop 2 [--role manager|owner] --email … | --telegram …
 */
import { migrateToLatest, openStore, type DB } from "../db/connection";
import { ConfigError, loadConfig } from "../server/config";
import { DomainError } from "../server/domain/errors";
import { createAdminGrants } from "../server/services/adminGrants";
import { createStaff, type StaffWho } from "../server/services/staff";

const USAGE = [
  "usage: npm run admin -- grant|revoke --email ADDRESS | --telegram USER_ID",
  "       npm run admin -- staff add|remove --shop SHOP_ID [--role manager|owner] --email ADDRESS | --telegram USER_ID",
].join("\n");

class UsageError extends Error {}

/** `--name value` pairs after the positional words. */
function flags(args: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]];
    if (!name?.startsWith("--") || value === undefined || found.has(name)) throw new UsageError();
    found.set(name, value);
  }
  return found;
}

function who(found: Map<string, string>): StaffWho {
  const email = found.get("--email");
  const telegram = found.get("--telegram");
  if ((email === undefined) === (telegram === undefined)) throw new UsageError();
  if (email !== undefined) return { email };
  const telegramId = Number(telegram);
  if (!Number.isSafeInteger(telegramId) || telegramId < 1)
    throw new UsageError(`--telegram takes a numeric Telegram user id (got "${telegram}")`);
  return { telegramId };
}

async function main(argv: string[]): Promise<number> {
  let run: (db: DB) => Promise<string>;
  try {
    if (argv[0] === "grant" || argv[0] === "revoke") {
      const grant = argv[0] === "grant";
      const target = who(flags(argv.slice(1)));
      run = async (db) => {
        const adminGrants = createAdminGrants({ db, config: loadConfig(process.env), clock: Date.now });
        const user = await adminGrants.setAdmin(target, grant);
        const who = user.email ?? `Telegram user ${user.telegram_id}`;
        return `${who} (user ${user.id}) is ${grant ? "now an admin" : "no longer an admin"}.`;
      };
    } else if (argv[0] === "staff" && (argv[1] === "add" || argv[1] === "remove")) {
      const adding = argv[1] === "add";
      const found = flags(argv.slice(2));
      const shopId = Number(found.get("--shop"));
      const role = found.get("--role") ?? "manager";
      if (!Number.isSafeInteger(shopId) || shopId < 1) throw new UsageError("--shop takes a shop id");
      if (role !== "manager" && role !== "owner") throw new UsageError("--role is manager or owner");
      const target = who(found);
      run = async (db) => {
        const staff = createStaff({ db, clock: Date.now });
        const user = await createAdminGrants({ db, config: loadConfig(process.env), clock: Date.now }).user(target);
        if (!user) throw new UsageError("No user with that e-mail or Telegram id has signed in yet");
        const name = user.email ?? `Telegram user ${user.telegram_id}`;
        if (adding) {
          await staff.grant(shopId, target, role);
          return `${name} (user ${user.id}) is now ${role === "owner" ? "the owner" : "a manager"} of shop ${shopId}.`;
        }
        await staff.revoke(shopId, user.id);
        return `${name} (user ${user.id}) is no longer on the staff of shop ${shopId}.`;
      };
    } else {
      throw new UsageError();
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message || USAGE);
    return 64; // EX_USAGE
  }

  const config = loadConfig(process.env);
  const db = openStore(config);
  try {
    await migrateToLatest(db);
    console.log(await run(db));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 1;
    }
    throw error;
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
