/**
 * The store's processes (issue 22) as an operator runs them: `npm run start:api` (HTTP only) and
 * `npm run start:worker` (bot, outbox, jobs; probes only over HTTP) as child processes on one database, what
 * /api/health and /api/ready answer, a DATABASE_URL that cannot work stopping the start with exit code 78,
 * and two processes started at once on one empty PostgreSQL database adding the demo catalogue once.
 * The processes of a group start side by side: each start is seconds of tsx on a busy 2-core machine.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from "vitest";
import { migrateToLatest, openDatabase, openPostgres } from "../../db/connection";
import { seedDemo } from "../../db/seed/demo";
import { loadConfig } from "../../server/config";
import { startRole } from "../../server/main";
import { buildProbeApp } from "../../server/http/probes";
import { createLogger } from "../../server/log";
import { createServices } from "../../server/services/index";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { startPostgresServer, type PostgresServer } from "../helpers/postgresServer";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { useStoreProcesses, type StoreProcess } from "../helpers/storeProcess";

const { tempDir, seededDataDir, startStoreProcess, runScript } = useStoreProcesses();

const API = { script: "scripts/start-api.ts" };
const WORKER = { script: "scripts/start-worker.ts" };
const WEBHOOK_SECRET = "processes-test-secret";

/** What an operator must see of a refused start: the message, no stack trace. */
function expectOneCleanMessage(expect: ExpectStatic, stderr: string, words: RegExp): void {
  expect(stderr).toMatch(words);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr.trim().split("\n")).toHaveLength(1);
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
}

describe("an API instance and workers on one SQLite database", () => {
  let telegram: FakeBotApi;
  let api: StoreProcess;
  let pollingWorker: StoreProcess;
  let webhookWorker: StoreProcess;

  beforeAll(async () => {
    telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    const { dataDir } = await seededDataDir({ prefix: "processes-sqlite-" });
    const bot = { TELEGRAM_API_ROOT: telegram.apiRoot, BOT_MODE: "polling", LOG_LEVEL: "info" };
    // BOT_MODE=polling everywhere: the API instance must ignore it, the polling worker must poll.
    [api, pollingWorker, webhookWorker] = await Promise.all([
      startStoreProcess(dataDir, bot, API),
      startStoreProcess(dataDir, bot, WORKER),
      startStoreProcess(
        dataDir,
        { ...bot, BOT_MODE: "webhook", BOT_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: "https://shop.example" },
        WORKER,
      ),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), pollingWorker?.stop(), webhookWorker?.stop()]);
    await telegram?.close();
  });

  it("start:api answers /api/health, /api/ready, the catalogue and the mini-app; no webhook", async () => {
    expect(await getJson(`${api.base}/api/health`)).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await getJson(`${api.base}/api/ready`)).toEqual({ status: 200, body: { status: "ready" } });
    const products = await getJson(`${api.base}/api/products`);
    expect(products.status).toBe(200);
    expect(JSON.stringify(products.body)).toContain("Blue Dream");
    const home = await fetch(`${api.base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const webhook = await fetch(`${api.base}/telegram/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
      body: JSON.stringify({ update_id: 1 }),
    });
    expect(webhook.status).toBe(404);
  });

  it("start:worker answers /api/health and /api/ready, and 404 to the API and the mini-app", async () => {
    for (const worker of [pollingWorker, webhookWorker]) {
      expect(await getJson(`${worker.base}/api/health`)).toMatchObject({ status: 200, body: { status: "ok" } });
      expect(await getJson(`${worker.base}/api/ready`)).toEqual({ status: 200, body: { status: "ready" } });
      for (const path of ["/api/products", "/api/me", "/", "/index.html"]) {
        const res = await getJson(`${worker.base}${path}`);
        expect(res, path).toEqual({ status: 404, body: { error: "NOT_FOUND", message: expect.stringContaining("worker") } });
      }
    }
  });

  it("only the worker talks to Telegram: it polls, the API instance never does; the webhook worker serves the webhook", async () => {
    await expect.poll(() => telegram.calls.filter((call) => call.method === "getUpdates").length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The webhook worker told Telegram where to post; the polling worker polls. Nothing came from the API.
    expect(telegram.callsOf("setWebhook")).toEqual([expect.objectContaining({ url: "https://shop.example/telegram/webhook" })]);
    expect(api.output()).not.toMatch(/Telegram bot is running/);
    expect(pollingWorker.output()).toMatch(/Telegram bot is running \(long polling\)/);
    // Served (a wrong secret is refused before the body is read), where a polling worker has no such route.
    const post = (base: string) =>
      fetch(`${base}/telegram/webhook`, { method: "POST", headers: { "x-telegram-bot-api-secret-token": "no" } });
    expect((await post(webhookWorker.base)).status).toBe(401);
    expect((await post(pollingWorker.base)).status).toBe(404);
  });

  it("all three stop on SIGTERM with exit code 0", async () => {
    const exits = await Promise.all([api.stop(), pollingWorker.stop(), webhookWorker.stop()]);
    expect(exits.map((exit) => exit.code)).toEqual([0, 0, 0]);
    expect(api.output()).toMatch(/"msg":"stopped"/);
  });
});

// Side by side: each is a few seconds of tsx starting, and nothing else.
describe.concurrent("a start that cannot work stops with exit code 78 and one line, no stack trace", () => {
  it.for<[string, string, RegExp]>([
    ["start-api", "mysql://x", /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    ["start-worker", "not a url", /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    ["start-api", "postgres://postgres@127.0.0.1:1/none", /DATABASE_URL: the PostgreSQL server at 127\.0\.0\.1:1\/none does not answer/],
    ["start-worker", "postgres://postgres:secret@127.0.0.1:1/none", /DATABASE_URL: .*does not answer \(connect ECONNREFUSED/],
  ])("npm run %s with DATABASE_URL=%s", { timeout: 90_000 }, async ([script, url, words], { expect }) => {
    const run = await runScript(script, await tempDir("processes-bad-url-"), [], { DATABASE_URL: url, LOG_LEVEL: "info" });
    expect(run.code, run.stderr).toBe(78);
    expectOneCleanMessage(expect, run.stderr, words);
    expect(run.stderr).not.toContain("secret");
    expect(run.stdout).not.toContain("Store is running");
  });

  it("npm run backup on a PostgreSQL that does not answer says so, password left out (exit 1)", { timeout: 90_000 }, async ({ expect }) => {
    const run = await runScript("backup", await tempDir("processes-backup-"), [], { DATABASE_URL: "postgres://shop:secret@127.0.0.1:1/store" });
    expect(run.code, run.stderr).toBe(1);
    const unreachable = /Backup failed: The PostgreSQL server of DATABASE_URL \(127\.0\.0\.1:1\/store\) does not answer/;
    expectOneCleanMessage(expect, run.stderr, unreachable);
    expect(run.stderr).not.toContain("secret");
  });

  it("npm run start:api without a build says to run npm run build", { timeout: 90_000 }, async ({ expect }) => {
    const emptyWebapp = await tempDir("processes-empty-webapp-");
    const run = await runScript("start-api", await tempDir("processes-no-build-"), [], { WEBAPP_DIR: emptyWebapp });
    expect(run.code, run.stderr).toBe(78);
    expectOneCleanMessage(expect, run.stderr, /no built mini-app .* run npm run build/);
  });
});

describe("/api/ready", () => {
  it("is 503 while starting, 200 once ready, 503 once shutting down or when the database does not answer", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: await tempDir("processes-ready-") });
    const db = openDatabase(":memory:");
    await migrateToLatest(db);
    const services = createServices(config, { db, log: createLogger(config) });
    const app = await buildProbeApp(config, services);
    const ready = async () => {
      const res = await app.inject({ method: "GET", url: "/api/ready" });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    try {
      expect(await ready()).toEqual({ status: 503, body: { error: "NOT_READY", message: expect.stringContaining("starting") } });
      services.health.markReady();
      expect(await ready()).toEqual({ status: 200, body: { status: "ready" } });
      await db.destroy();
      expect(await ready()).toEqual({ status: 503, body: { error: "DATABASE_UNAVAILABLE", message: expect.any(String) } });
      // /api/health is the process, not the database.
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      services.health.markStopping();
      expect(await ready()).toEqual({ status: 503, body: { error: "NOT_READY", message: expect.stringContaining("shutting down") } });
    } finally {
      await app.close();
    }
  });

  it("turns 503 as the first step of shutdown", { timeout: 60_000 }, async () => {
    const dataDir = await tempDir("processes-stop-");
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir });
    const running = await startRole(config, "worker");
    expect((await running.app!.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    const stopped = running.stop("test");
    expect(running.health.phase()).toBe("stopping");
    await stopped;
  });
});

describe("two processes started at once on one empty PostgreSQL database", () => {
  let server: PostgresServer;

  beforeAll(async () => {
    server = await startPostgresServer();
  }, 60_000);
  afterAll(() => server?.stop());

  it("seedDemo from two pools at once adds the demo catalogue once (the seed's advisory lock)", { timeout: 60_000 }, async () => {
    const url = await server.createDatabase("processes_seed");
    const [one, two] = [openPostgres(url), openPostgres(url)];
    try {
      await migrateToLatest(one);
      const seeded = await Promise.all([seedDemo(one, { uploadsDir: null }), seedDemo(two, { uploadsDir: null })]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const shops = await one.selectFrom("shops").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(shops.n)).toBe(5);
    } finally {
      await Promise.all([one.destroy(), two.destroy()]);
    }
  });

  it("migrate it once and add the demo catalogue once", { timeout: 180_000 }, async () => {
    const url = await server.createDatabase("processes_empty");

    // How many products and shops the demo catalogue has, from a seed of its own.
    const reference = openDatabase(":memory:");
    await migrateToLatest(reference);
    await seedDemo(reference, { uploadsDir: null });
    const count = async (table: "products" | "shops") =>
      Number((await reference.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const expected = { products: await count("products"), shops: await count("shops") };
    await reference.destroy();

    const env = { DATABASE_URL: url, SEED_DEMO: "true", LOG_LEVEL: "info" };
    const dataDir = await tempDir("processes-pg-");
    const [api, worker] = await Promise.all([startStoreProcess(dataDir, env, API), startStoreProcess(dataDir, env, WORKER)]);
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const rows = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
      expect({
        products: await rows("select count(*) as n from products"),
        shops: await rows("select count(*) as n from shops"),
      }).toEqual(expected);
      expect(await rows("select count(*) as n from kysely_migration")).toBeGreaterThan(0);
      await client.end();
      const seededBy = [api, worker].filter((p) => p.output().includes("the demo catalogue was added"));
      expect(seededBy).toHaveLength(1);
      expect(await getJson(`${api.base}/api/ready`)).toEqual({ status: 200, body: { status: "ready" } });
      expect(await getJson(`${worker.base}/api/ready`)).toEqual({ status: 200, body: { status: "ready" } });
      expect((await getJson(`${api.base}/api/products`)).status).toBe(200);
    } finally {
      const exits = await Promise.all([api.stop(), worker.stop()]);
      expect(exits.map((exit) => exit.code)).toEqual([0, 0]);
    }
  });
});
