/**
 * Backups and restore on PostgreSQL, as an operator runs them: `npm run backup` and `npm run restore` as child
 * processes with DATABASE_URL, against the run's real PostgreSQL server (the vitest project "postgres"), with
 * the real pg_dump and pg_restore. Orders are placed over the app while the backup runs.
 */
import { chmodSync, readdirSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBackups } from "../../../db/backupFolder";
import { migrateToLatest, openPostgres, type DB } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { loadConfig } from "../../../server/config";
import { appOn, postgresTestDatabaseUrl, productIdsByName, shelfAmount, shopIdsByName, UNLIMITED } from "../../helpers/app";
import { createDatabase } from "../../helpers/postgresServer";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";
import { useStoreProcesses } from "../../helpers/storeProcess";
import { filesOf } from "../../helpers/files";

const { tempDir, runScript, startStoreProcess } = useStoreProcesses();

const PASSWORD = `pw-${randomBytes(6).toString("hex")}`;
const STOCK = 1_000_000;

/** The URL with a password in it (the test server trusts every local connection, so any password works). */
function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = PASSWORD;
  return parsed.href;
}

async function emptyDatabase(): Promise<string> {
  return withPassword(await createDatabase(process.env.TEST_POSTGRES_URL!, `restore_${randomBytes(6).toString("hex")}`));
}

/** The rows that make the store's orders, stock and people, in a fixed order. */
async function storeRows(db: DB) {
  return {
    orders: await db.selectFrom("orders").selectAll().orderBy("id").execute(),
    lines: await db.selectFrom("order_lines").selectAll().orderBy("order_id").orderBy("product_id").orderBy("option_id").execute(),
    stock: await db.selectFrom("stock").selectAll().orderBy("shop_id").orderBy("product_id").orderBy("option_id").execute(),
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
  };
}

async function tableCount(url: string): Promise<number> {
  const db = openPostgres(url, { max: 1 });
  try {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(db);
    return rows[0]!.n;
  } finally {
    await db.destroy();
  }
}

const backupPathOf = (stdout: string) => /Backup written to (.+)/.exec(stdout)?.[1]?.trim();

describe("npm run backup and npm run restore on PostgreSQL", () => {
  let url: string;
  let dataDir: string;
  let db: DB;
  let app: FastifyInstance;
  let target: { shopId: number; productId: number };

  beforeAll(async () => {
    url = withPassword(await postgresTestDatabaseUrl());
    dataDir = await tempDir("pg-backup-");
    db = openPostgres(url);
    await migrateToLatest(db);
    await seedDemo(db, { uploadsDir: join(dataDir, "uploads") });
    await db.updateTable("stock").set({ amount: STOCK }).execute();
    target = { shopId: (await shopIdsByName(db))["Chaweng Beach Store"]!, productId: (await productIdsByName(db))["Blue Dream"]! };
    const config = loadConfig({
      ...{ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DATABASE_URL: url, BOT_TOKEN: TEST_BOT_TOKEN },
      ...UNLIMITED,
    });
    app = await appOn({ ...config, webappDir: null }, db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const env = (extra: Record<string, string> = {}) => ({ DATABASE_URL: url, ...extra });

  it("backs up under placement load: every order answered before it is in the dump, in one consistent moment; a restore into an " +
    "empty database gives the same rows and uploads; the password is never printed", async () => {
    const tokens = await Promise.all(Array.from({ length: 4 }, async (_, i) => (await signInCustomer(app, 720_000 + i)).token));
    const answers: { key: string; status: number; orderId: number | null; at: number }[] = [];
    let stop = false;
    let next = 0;
    const load = Promise.all(
      Array.from({ length: 8 }, async (_, loop) => {
        while (!stop) {
          const key = `pg-backup-${loop}-${next++}`;
          const res = await app.inject({
            method: "POST",
            url: "/api/orders",
            headers: { ...bearer(tokens[loop % tokens.length]!), "idempotency-key": key },
            payload: {
              shop_id: target.shopId,
              items: [{ product_id: target.productId, option_id: 0, amount: 1 }],
              delivery_option: 1,
              payment_option: 1,
            },
          });
          answers.push({ key, status: res.statusCode, orderId: res.json().order?.id ?? null, at: performance.now() });
        }
      }),
    );
    for (let i = 0; i < 1000 && answers.filter((a) => a.status === 201).length < 30; i++) await new Promise((r) => setTimeout(r, 10));

    const began = performance.now();
    const backup = await runScript("backup", dataDir, [], env({ BACKUP_KEEP: "2" }));
    const ended = performance.now();
    stop = true;
    await load;

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const backupDir = backupPathOf(backup.stdout);
    expect(backupDir).toMatch(/backups\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(readdirSync(backupDir!).sort()).toEqual(["store.dump", "uploads"]);
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    const before = answers.filter((a) => a.at < began);
    const during = answers.filter((a) => a.at >= began && a.at <= ended);
    expect(before.length).toBeGreaterThanOrEqual(30);
    expect(during.length, "orders kept being placed while the backup ran").toBeGreaterThan(0);

    // Restore the dump taken under load into an empty database: one moment of the store.
    const fresh = await emptyDatabase();
    const freshDir = await tempDir("pg-restored-");
    const restored = await runScript("restore", freshDir, [backupDir!], { DATABASE_URL: fresh });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored .+store\.dump into 127\.0\.0\.1:\d+\/restore_/);
    const copy = openPostgres(fresh, { max: 2 });
    try {
      await migrateToLatest(copy);
      const inDump = await copy.selectFrom("orders").select(["id", "idempotency_key"]).execute();
      const present = new Map(inDump.map((o) => [o.idempotency_key, o.id]));
      expect(before.filter((a) => present.get(a.key) !== a.orderId)).toEqual([]);
      const sold = await copy
        .selectFrom("order_lines")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("n"))
        .where("product_id", "=", target.productId)
        .executeTakeFirstOrThrow();
      const report = `${before.length} orders before the backup, ${during.length} during it, ${present.size} in the dump`;
      expect(Number(sold.n) + (await shelfAmount(copy, target.shopId, target.productId)), report).toBe(STOCK);
      const orphans = await copy
        .selectFrom("orders as o")
        .select("o.id")
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("order_lines as l").select("l.order_id").whereRef("l.order_id", "=", "o.id"))),
        )
        .execute();
      expect(orphans, report).toEqual([]);
    } finally {
      await copy.destroy();
    }
    expect(filesOf(join(freshDir, "uploads"))).toEqual(filesOf(join(dataDir, "uploads")));
    expect(Object.keys(filesOf(join(dataDir, "uploads"))).length).toBeGreaterThan(0);

    // Quiet now: a second backup restored into another empty database holds exactly the live rows.
    const quiet = await runScript("backup", dataDir, [], env({ BACKUP_KEEP: "2" }));
    expect(quiet.code).toBe(0);
    const same = await emptyDatabase();
    expect((await runScript("restore", await tempDir("pg-same-"), [backupPathOf(quiet.stdout)!], { DATABASE_URL: same })).code).toBe(0);
    const sameDb = openPostgres(same, { max: 2 });
    try {
      expect(await storeRows(sameDb)).toEqual(await storeRows(db));
      // The restored database takes new orders: identities go on from where they were.
      const { id } = await sameDb
        .insertInto("users")
        .values({ telegram_id: 730_000, reflink: "after-restore" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(Math.max(...(await storeRows(db)).users.map((u) => u.id)));
    } finally {
      await sameDb.destroy();
    }

    // BACKUP_KEEP as on SQLite.
    const third = await runScript("backup", dataDir, [], env({ BACKUP_KEEP: "2" }));
    expect(await listBackups(join(dataDir, "backups"))).toEqual([backupPathOf(quiet.stdout), backupPathOf(third.stdout)]);

    for (const run of [backup, restored, quiet, third]) expect(run.stdout + run.stderr).not.toContain(PASSWORD);
  });

  it("restores over a database that holds tables only with --replace, with no one else connected, keeping what it replaced", async () => {
    const backup = await runScript("backup", dataDir, [], env());
    expect(backup.code).toBe(0);
    const backupDir = backupPathOf(backup.stdout)!;
    const liveOrders = async () => (await db.selectFrom("orders").select("id").execute()).length;
    const orders = await liveOrders();

    // Without --replace: refused, nothing changed.
    const plain = await runScript("restore", dataDir, [backupDir], env());
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/already holds \d+ tables\. Restoring replaces everything in it: stop every process of the store/);
    expect(plain.stderr).toMatch(/then run again with --replace/);
    expect(plain.stderr).toMatch(/Nothing was changed/);
    // With --replace while the store (this test's pool) is connected: refused too.
    const busy = await runScript("restore", dataDir, ["--replace", backupDir], env());
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/other connection\(s\): the store \(or something else\) is using it\. Stop every process/);
    expect(await liveOrders()).toBe(orders);
    expect(readdirSync(dataDir).filter((n) => n.startsWith("replaced-") || n.startsWith(".restoring"))).toEqual([]);

    // A restored copy that nobody uses: --replace restores, and keeps a dump of what was there.
    const other = await emptyDatabase();
    const otherDir = await tempDir("pg-replace-");
    expect((await runScript("restore", otherDir, [backupDir], { DATABASE_URL: other })).code).toBe(0);
    // What the database holds then, to be told apart from the backup: every shelf at 1.
    const otherDb = openPostgres(other, { max: 1 });
    await otherDb.updateTable("stock").set({ amount: 1 }).execute();
    await otherDb.destroy();
    const shelves = async (database: string) => {
      const reader = openPostgres(database, { max: 1 });
      try {
        return new Set((await reader.selectFrom("stock").select("amount").execute()).map((r) => r.amount));
      } finally {
        await reader.destroy();
      }
    };
    const replaced = await runScript("restore", otherDir, ["--replace", backupDir], { DATABASE_URL: other });
    expect(replaced.stderr).toBe("");
    expect(replaced.code).toBe(0);
    const replacedDir = /What it replaced is in (\S+) /.exec(replaced.stdout)?.[1];
    expect(readdirSync(replacedDir!).sort()).toEqual(["store.dump", "uploads"]);
    const check = openPostgres(other, { max: 1 });
    expect((await check.selectFrom("orders").select("id").execute()).length).toBe(orders);
    await check.destroy();
    expect((await shelves(other)).has(1)).toBe(false);
    // And undoing it puts back the database as it was (every shelf at 1).
    const undo = await runScript("restore", otherDir, ["--replace", replacedDir!], { DATABASE_URL: other });
    expect(undo.code).toBe(0);
    expect([...(await shelves(other))]).toEqual([1]);
  });

  it("a path that is no backup, or a damaged dump: a clear error and nothing changed", async () => {
    const fresh = await emptyDatabase();
    const dir = await tempDir("pg-bad-");
    const missing = await runScript("restore", dir, [join(dir, "nowhere")], { DATABASE_URL: fresh });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Restore failed: There is no backup at .+nowhere/);

    const notBackup = await tempDir("pg-not-backup-");
    const none = await runScript("restore", dir, [notBackup], { DATABASE_URL: fresh });
    expect(none.stderr).toMatch(/is not a backup: it holds no store\.dump/);

    const damaged = await tempDir("pg-damaged-");
    writeFileSync(join(damaged, "store.dump"), "PGDMP but not really a dump");
    const broken = await runScript("restore", dir, [damaged], { DATABASE_URL: fresh });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/cannot be read as a pg_dump archive/);

    const usage = await runScript("restore", dir, [], { DATABASE_URL: fresh });
    expect(usage.code).toBe(64);

    expect(await tableCount(fresh)).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("says how to get pg_dump and pg_restore when missing or older than the server (exit code 69), and writes nothing", async () => {
    const empty = await tempDir("pg-no-tools-");
    // Looked up on PATH (Debian's /usr/bin/pg_dump), or in PG_BIN.
    const onPath = await runScript("backup", dataDir, [], env({ PATH: empty }));
    expect(onPath.code).toBe(69);
    expect(onPath.stderr).toMatch(/pg_dump was not found on PATH: .+apt-get install postgresql-client/);
    const [aBackup] = await listBackups(join(dataDir, "backups"));
    const inPgBin = await runScript("restore", dataDir, ["--replace", aBackup!], env({ PG_BIN: empty }));
    expect(inPgBin.code).toBe(69);
    expect(inPgBin.stderr).toMatch(/pg_restore is not in PG_BIN \(.+\): .+apt-get install postgresql-client/);

    // Tools of an old PostgreSQL: each answers only --version, as the real ones' first line.
    const old = await tempDir("pg-old-tools-");
    for (const tool of ["pg_dump", "pg_restore"]) {
      writeFileSync(join(old, tool), `#!/bin/sh\necho "${tool} (PostgreSQL) 9.6.24"\n`);
      chmodSync(join(old, tool), 0o755);
    }
    const before = await listBackups(join(dataDir, "backups"));
    const tooOld = await runScript("backup", dataDir, [], env({ PG_BIN: old }));
    expect(tooOld.code).toBe(69);
    expect(tooOld.stderr).toMatch(/pg_dump is PostgreSQL 9\.6\.24, older than the server \(PostgreSQL \d+\): pg_dump must be at least/);
    expect(await listBackups(join(dataDir, "backups"))).toEqual(before);
    expect(readdirSync(join(dataDir, "backups")).filter((n) => n.startsWith(".partial"))).toEqual([]);
    for (const run of [onPath, inPgBin, tooOld]) expect(run.stdout + run.stderr).not.toContain(PASSWORD);
  });

  it("a worker with BACKUP_INTERVAL_HOURS takes the same pg_dump backups on a schedule", async () => {
    const workerDir = await tempDir("pg-worker-");
    await mkdir(join(workerDir, "uploads"));
    // 0.0002 h is 0.72 s.
    const schedule = { DATABASE_URL: url, BACKUP_INTERVAL_HOURS: "0.0002", BACKUP_KEEP: "1", LOG_LEVEL: "info" };
    const worker = await startStoreProcess(workerDir, schedule, { script: "scripts/start-worker.ts" });
    const taken = () => (worker.output().match(/"backup taken"/g) ?? []).length;
    for (let i = 0; i < 300 && taken() < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(taken(), worker.output()).toBeGreaterThanOrEqual(2);
    expect((await worker.stop()).code).toBe(0);
    const kept = await listBackups(join(workerDir, "backups"));
    expect(kept).toHaveLength(1);
    expect(readdirSync(kept[0]!).sort()).toEqual(["store.dump", "uploads"]);
    expect(worker.output()).not.toMatch(/scheduled backup failed/);
    expect(worker.output()).not.toContain(PASSWORD);
  });
});
