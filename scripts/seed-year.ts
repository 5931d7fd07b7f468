/**
 * `npm run seed:year -- [--customers N] [--products N] [--orders N] [--seed N] [--now ISO-TIME] [--force]`:
 * writes a realistic year of the store (db/seed/year/) into the store's database (DATA_DIR's SQLite file, or
 * DATABASE_URL), migrated first. It writes only into an empty database (no shops, products, users or
 * orders). `--force` on SQLite moves a database that is not empty (and its uploads) into DATA_DIR/replaced-<time>/
 * and writes into a fresh file in its place (refused while the store runs); on PostgreSQL it is refused: drop and create
 * the database yourself. Exit codes: 0 done, 1 refused or failed, 64 a wrong command line, 78 a bad configuration.
 */
import { existsSync } from "node:fs";
import { migrateToLatest, openStore } from "../db/connection";
import { contentsOf, seedYear } from "../db/seed/year/index";
import { setAsideDatabase } from "../db/sqlite/setAside";
import { lockOutStore } from "../db/sqlite/storeLock";
import { databaseName, loadConfigOrExit } from "./cli";

const USAGE =
  "Usage: npm run seed:year -- [--customers N] [--products N] [--orders N] [--seed N] [--now ISO-TIME] [--force]";

/** Whole-number flags: their default and the range a year of one store can have. */
const NUMBERS = {
  customers: { value: 100_000, min: 1, max: 10_000_000 },
  products: { value: 500, min: 1, max: 100_000 },
  orders: { value: 1_000_000, min: 1, max: 50_000_000 },
  seed: { value: 23, min: 0, max: 4_294_967_295 },
} as const;

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(64); // EX_USAGE
}

function parseArgs(args: readonly string[]) {
  const numbers: Record<keyof typeof NUMBERS, number> = { customers: 0, products: 0, orders: 0, seed: 0 };
  for (const [name, spec] of Object.entries(NUMBERS)) numbers[name as keyof typeof NUMBERS] = spec.value;
  let now = Math.floor(Date.now() / 1000) * 1000;
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = equals > 0 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg, undefined];
    const name = flag.slice(2);
    if (flag === "--force" && inline === undefined) {
      force = true;
      continue;
    }
    if (!flag.startsWith("--") || !(name in NUMBERS || name === "now")) usageError(`Unknown argument ${arg}`);
    const value = inline ?? args[++i];
    if (value === undefined) usageError(`${flag} needs a value`);
    if (name === "now") {
      now = Date.parse(value);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(now)) {
        usageError(`--now must be an ISO time such as 2026-11-27T12:00:00Z (got "${value}")`);
      }
      continue;
    }
    const spec = NUMBERS[name as keyof typeof NUMBERS];
    if (!/^\d+$/.test(value) || Number(value) < spec.min || Number(value) > spec.max) {
      usageError(`--${name} must be a whole number from ${spec.min} to ${spec.max} (got "${value}")`);
    }
    numbers[name as keyof typeof NUMBERS] = Number(value);
  }
  return { ...numbers, now, force };
}

const options = parseArgs(process.argv.slice(2));
const config = loadConfigOrExit();
const target = databaseName(config);
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

/** Refuses with one line and exit code 1; nothing was written. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

let setAside: string | null = null;
if (options.force && config.databaseUrl === null && existsSync(config.databaseFile)) {
  const probe = openStore(config);
  const { empty } = await contentsOf(probe).catch(() => ({ empty: false }));
  await probe.destroy();
  if (!empty) {
    let lock: { release(): void };
    try {
      lock = lockOutStore(config.dataDir);
    } catch {
      refuse(`The store is running on ${config.dataDir}: stop it before seed:year --force. Nothing was changed.`);
    }
    try {
      setAside = setAsideDatabase(config.databaseFile, config.uploadsDir, config.dataDir, Date.now());
    } finally {
      lock.release();
    }
  }
}

const db = openStore(config);
try {
  await migrateToLatest(db);
  const { orders, empty } = await contentsOf(db);
  if (!empty) {
    const what = orders > 0 ? `has ${orders} orders` : "is not empty (it has shops, products or users)";
    const fix = config.databaseUrl
      ? "seed:year writes only into an empty PostgreSQL database: create a new one for it"
      : "use --force to move it aside and write the year into a fresh file";
    refuse(`${target} ${what}: ${fix}. Nothing was written.`);
  }
  if (setAside) console.log(`The database that was there is now in ${setAside}`);
  const { orders: n, customers, products, seed } = options;
  console.log(`Writing a year (${n} orders, ${customers} customers, ${products} products, seed ${seed}) into ${target}`);
  let lastReport = 0;
  const summary = await seedYear(db, {
    ...options,
    uploadsDir: config.uploadsDir,
    onProgress: ({ ordersDone, orders: all }) => {
      if (performance.now() - lastReport < 2000) return;
      lastReport = performance.now();
      console.log(`  ${ordersDone} / ${all} orders (${Math.floor((ordersDone * 100) / all)}%) after ${seconds()} s`);
    },
  });
  console.log(
    `Done in ${seconds()} s: ${summary.orders} orders, ${summary.lines} order lines, ${summary.events} order events, ` +
      `${summary.ledger} ledger entries, ${summary.stockHistory} stock changes, ${summary.outbox} notices, ` +
      `${summary.customers} customers (${summary.referrals} referred), ${summary.products} products, ${summary.wishlist} wishlist entries`,
  );
} catch (error) {
  console.error(`seed:year failed after ${seconds()} s: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
