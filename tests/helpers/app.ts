/**
 * A real app on a real database made by the real migrations, seeded with the demo shop: SQLite, or in the
 * vitest project "postgres" (STORE_ENGINE=postgres) a database of its own on the run's PostgreSQL server
 * (tests/setup/postgres.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import { migrateToLatest, openDatabase, openPostgres, type DB } from "../../db/connection";
import { createDatabase, TEMPLATE_DATABASE } from "./postgresServer";
import { seedDemo } from "../../db/seed/demo";
import { loadConfig, type Config } from "../../server/config";
import { buildApp } from "../../server/http/app";
import { createLogger } from "../../server/log";
import { createServices } from "../../server/services/index";
import type { Mailer } from "../../server/services/mailer";
import { webhookFor } from "../../bot/launch";

export interface TestStore {
  app: FastifyInstance;
  db: DB;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestStoreOptions {
  seed?: boolean;
  /** Write the demo images to disk (slower; only tests that fetch them need it). */
  images?: boolean;
  webappDir?: string | null;
  env?: Record<string, string>;
  /** Milliseconds since the epoch, for tests that move time. */
  clock?: () => number;
  /** The services' logger, for tests that read what is logged (by default LOG_LEVEL's, silent). */
  log?: FastifyBaseLogger;
}

/**
 * Tests that are not about the abuse limits place many orders and calls from one customer in a moment;
 * they run with limits out of reach. Tests of the limits set their own (tests/server/limits.test.ts).
 */
export const UNLIMITED = { MAX_OPEN_ORDERS: "100000", RATE_LIMIT_WRITES_PER_MINUTE: "1000000", RATE_LIMIT_SIGNINS_PER_MINUTE: "1000000" };

export async function makeTempDir(prefix = "store-test-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Whether this run of the suites is on PostgreSQL (the vitest project "postgres"). */
export const ON_POSTGRES = process.env.STORE_ENGINE === "postgres";

/** A new, migrated, empty PostgreSQL database on the run's server, copied from its template. */
export async function postgresTestDatabaseUrl(): Promise<string> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) throw new Error("STORE_ENGINE=postgres needs the PostgreSQL of tests/setup/postgres.ts (the vitest project postgres)");
  return createDatabase(serverUrl, `store_${randomBytes(6).toString("hex")}`, TEMPLATE_DATABASE);
}

/**
 * A database no migration has touched (SQLite in memory, or a new empty PostgreSQL database named `prefix_…`),
 * for tests of a migration on data written before it.
 */
export async function unmigratedDatabase(prefix: string): Promise<DB> {
  if (!ON_POSTGRES) return openDatabase(":memory:");
  return openPostgres(await createDatabase(process.env.TEST_POSTGRES_URL!, `${prefix}_${randomBytes(6).toString("hex")}`));
}

export async function testDatabase(seed = true, uploadsDir: string | null = null): Promise<DB> {
  const db = ON_POSTGRES ? openPostgres(await postgresTestDatabaseUrl()) : openDatabase(":memory:");
  await migrateToLatest(db);
  if (seed) await seedDemo(db, { uploadsDir });
  return db;
}

/**
 * The app on `db`, composed as server/main.ts composes it: one set of services (createServices), and the
 * webhook (BOT_MODE=webhook) on those same services.
 */
export async function appOn(
  config: Config,
  db: DB,
  { clock, mailer, log = createLogger(config) }: { clock?: () => number; mailer?: Mailer; log?: FastifyBaseLogger } = {},
): Promise<FastifyInstance> {
  const services = createServices(config, { db, log, clock, mailer });
  return buildApp(config, services, { telegramWebhook: webhookFor(config, services, clock) });
}

export async function makeTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const dataDir = await makeTempDir();
  const config: Config = {
    // Silent whatever NODE_ENV a test gives (production and development log every request at info).
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...UNLIMITED, ...options.env }),
    webappDir: options.webappDir ?? null,
  };
  const db = await testDatabase(options.seed ?? true, options.images ? join(dataDir, "uploads") : null);
  const app = await appOn(config, db, { clock: options.clock, log: options.log });
  return {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Product ids of the demo shop by name: tests speak of products by name, not by insertion order. */
export async function productIdsByName(db: DB): Promise<Record<string, number>> {
  const rows = await db.selectFrom("products").select(["id", "name"]).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

export async function shopIdsByName(db: DB): Promise<Record<string, number>> {
  const rows = await db.selectFrom("shops").select(["id", "name"]).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** What one shelf holds now (0 when the shop never held that option). */
export async function shelfAmount(db: DB, shopId: number, productId: number, optionId = 0): Promise<number> {
  const row = await db
    .selectFrom("stock")
    .select("amount")
    .where("shop_id", "=", shopId)
    .where("product_id", "=", productId)
    .where("option_id", "=", optionId)
    .executeTakeFirst();
  return row?.amount ?? 0;
}

/** The items of a product the stock history records as sold, at every shop (a positive number). */
export async function soldAmount(db: DB, productId: number): Promise<number> {
  const row = await db
    .selectFrom("stock_history")
    .select((eb) => eb.fn.sum<number>("delta").as("delta"))
    .where("product_id", "=", productId)
    .where("reason", "=", "sold")
    .executeTakeFirstOrThrow();
  return -Number(row.delta ?? 0);
}

/** A product's option by its price text (e.g. "3.5 g"). */
export async function optionIdByPrice(db: DB, productId: number, priceText: string): Promise<number> {
  const row = await db
    .selectFrom("product_options")
    .select("option_id")
    .where("product_id", "=", productId)
    .where("price_text", "=", priceText)
    .executeTakeFirstOrThrow();
  return row.option_id;
}
