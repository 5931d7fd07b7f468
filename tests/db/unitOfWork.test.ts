/**
 * Units of work on either engine (db/unitOfWork.ts). On PostgreSQL two units that lock rows in opposite
 * orders deadlock; the server aborts one (40P01) and the unit runs again from the start, so both callers
 * get their commit. On SQLite the same two units simply run one after the other. Named units tell their
 * watchers (the metrics, the slow-unit log) their name, own run and wait.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { unitOfWorkOf, watchUnits } from "../../db/unitOfWork";
import { ON_POSTGRES, testDatabase } from "../helpers/app";

let db: DB;
beforeAll(async () => {
  db = await testDatabase(true);
});
afterAll(async () => {
  await db.destroy();
});

const rename = (tx: Executor, id: number, name: string) => tx.updateTable("shops").set({ name }).where("id", "=", id).execute();

describe("units of work", () => {
  it("runs a unit again when PostgreSQL picks it as a deadlock's victim, so both callers get their commit", async () => {
    const [first, second] = (await db.selectFrom("shops").select("id").orderBy("id").limit(2).execute()).map((s) => s.id);
    const units = unitOfWorkOf(db);
    let runs = 0;
    // Each unit's first run waits (a while at most: on SQLite the other unit only starts after this one) until
    // both hold their first row, then asks for the other's.
    let arrived = 0;
    let bothIn!: () => void;
    const together = new Promise<void>((resolve) => (bothIn = resolve));
    const meet = async () => {
      if (++arrived === 2) bothIn();
      await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 300))]);
    };
    const crossing = (a: number, b: number, name: string) =>
      units.write(async (tx) => {
        const run = ++runs;
        await rename(tx, a!, `${name} ${run}`);
        if (run <= 2) await meet();
        await rename(tx, b!, `${name} ${run}`);
        return name;
      });
    const results = await Promise.allSettled([crossing(first!, second!, "A"), crossing(second!, first!, "B")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(runs).toBe(ON_POSTGRES ? 3 : 2);
    // Whichever committed last named both shops.
    const names = (await db.selectFrom("shops").select("name").where("id", "in", [first!, second!]).execute()).map((s) => s.name);
    expect(new Set(names).size).toBe(1);
  });

  it("moves the change figure when a write commits, never for a read (the catalogue re-reads its version on every move)", async () => {
    const units = unitOfWorkOf(db);
    const [shop] = await db.selectFrom("shops").select("id").orderBy("id").limit(1).execute();
    const before = units.commits();
    for (let i = 0; i < 3; i++) await units.read((tx) => tx.selectFrom("shops").select("name").where("id", "=", shop!.id).execute());
    expect(units.commits()).toBe(before);
    await units.write((tx) => rename(tx, shop!.id, "Kept"));
    expect(units.commits()).toBeGreaterThan(before);
  });

  it("runs the same statement many times on one connection with its parameters each time (named statements on PostgreSQL)", async () => {
    const units = unitOfWorkOf(db);
    const ids = (await db.selectFrom("shops").select("id").orderBy("id").execute()).map((s) => s.id);
    const names = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        units.read((tx) => tx.selectFrom("shops").select("id").where("id", "=", ids[i % ids.length]!).executeTakeFirstOrThrow()),
      ),
    );
    expect(names.map((n) => n.id)).toEqual(Array.from({ length: 40 }, (_, i) => ids[i % ids.length]));
    if (ON_POSTGRES) {
      // The server keeps the statement prepared on the connection: later runs are bound and executed only.
      const prepared = await units.read(async (tx) => {
        await tx.selectFrom("shops").select("id").where("id", "=", ids[0]!).execute();
        return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx);
      });
      expect(prepared.rows.map((r) => r.statement)).toContain('select "id" from "shops" where "id" = $1');
    }
  });
});

describe("named units", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("tell every watcher each unit's name, its own run and its wait, for writes, reads and lookups, thrown or not", async () => {
    const told: { unit: string; runMs: number; waitMs: number }[] = [];
    const own = await testDatabase(false);
    try {
      watchUnits(own, (unit, runMs, waitMs) => told.push({ unit, runMs, waitMs }));
      const units = unitOfWorkOf(own).named("area");
      await units.write("slowWrite", async (tx) => {
        await sql`select 1`.execute(tx);
        await sleep(60);
      });
      expect(await units.read("read", async (tx) => (await sql<{ one: number }>`select 1 as one`.execute(tx)).rows[0]!.one)).toBe(1);
      await units.lookup("lookup", (tx) => sql`select 1`.execute(tx));
      await expect(units.write("refused", async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
      // The unnamed runner is not timed: shutdown's last flush, benchmarks and these tests use it.
      await unitOfWorkOf(own).write((tx) => sql`select 1`.execute(tx));

      expect(told.map((t) => t.unit)).toEqual(["area.slowWrite", "area.read", "area.lookup", "area.refused"]);
      expect(told[0]!.runMs).toBeGreaterThanOrEqual(55);
      for (const t of told) expect(t.waitMs).toBeGreaterThanOrEqual(0);
    } finally {
      await own.destroy();
    }
  });

  it("answers a committed unit's caller with its value even when a watcher throws", async () => {
    const own = await testDatabase(false);
    try {
      watchUnits(own, () => {
        throw new Error("the log cannot be written");
      });
      const units = unitOfWorkOf(own).named("area");
      const insert = units.write("insert", (tx) => tx.insertInto("settings").values({ key: "kept", value: "1" }).execute());
      await expect(insert).resolves.toBeDefined();
      expect(await own.selectFrom("settings").select("value").where("key", "=", "kept").executeTakeFirst()).toEqual({ value: "1" });
    } finally {
      await own.destroy();
    }
  });

  it.skipIf(ON_POSTGRES)("on SQLite, counts the units before it in its batch as a unit's wait, not its run", async () => {
    const told = new Map<string, { runMs: number; waitMs: number }>();
    const own = await testDatabase(false);
    try {
      watchUnits(own, (unit, runMs, waitMs) => told.set(unit, { runMs, waitMs }));
      const units = unitOfWorkOf(own).named("batch");
      // Queued in one turn: one transaction, the slow unit first.
      await Promise.all([
        units.write("slow", async (tx) => {
          await sql`select 1`.execute(tx);
          await sleep(80);
        }),
        units.write("behind", (tx) => sql`select 1`.execute(tx)),
      ]);
      expect(told.get("batch.slow")!.runMs).toBeGreaterThanOrEqual(75);
      expect(told.get("batch.behind")!.runMs).toBeLessThan(40);
      expect(told.get("batch.behind")!.waitMs).toBeGreaterThanOrEqual(75);
    } finally {
      await own.destroy();
    }
  });
});
