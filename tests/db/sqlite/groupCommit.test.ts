/**
 * Units of work on SQLite (db/sqlite/groupCommit.ts): units queued together share one commit, yet each is
 * atomic on its own, none is answered before its commit, and none ever runs inside another transaction.
 */
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, type DB } from "../../../db/connection";
import type { Executor } from "../../../db/executor";
import { unitOfWorkOf } from "../../../db/unitOfWork";
import { makeTempDir } from "../../helpers/app";

let file: string;
let db: DB;
/** A second connection to the same file: what another process would see. */
let other: SQLite.Database;

beforeEach(async () => {
  file = join(await makeTempDir("writer-"), "store.sqlite");
  db = openDatabase(file);
  await migrateToLatest(db);
  other = new SQLite(file, { readonly: true });
});
afterEach(async () => {
  other.close();
  await db.destroy();
});

const put = (tx: Executor, key: string, value = "v") => tx.insertInto("settings").values({ key, value }).execute();
const valueOf = async (tx: Executor, key: string) =>
  (await tx.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
/** What another process sees. */
const committed = (key: string) =>
  (other.prepare("select value from settings where key = ?").get(key) as { value: string } | undefined)?.value;
const committedKeys = () =>
  (other.prepare("select key from settings where key like 'w-%' order by key").all() as { key: string }[]).map((r) => r.key);

describe("units of work on SQLite", () => {
  it("commits units queued together, each in its own savepoint: a failing unit leaves no trace and costs the others nothing", async () => {
    const writer = unitOfWorkOf(db);
    const results = await Promise.allSettled([
      writer.write((tx) => put(tx, "w-1")),
      writer.write(async (tx) => {
        await put(tx, "w-2");
        throw new Error("the second unit fails after its write");
      }),
      writer.write(async (tx) => {
        await put(tx, "w-3");
        // One transaction for the batch: the first unit's write is not committed yet.
        return committed("w-1") ?? "not committed yet";
      }),
    ]);

    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe("not committed yet");
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("the second unit fails after its write");
    expect(committedKeys()).toEqual(["w-1", "w-3"]);
  });

  it("runs units in the order they were queued, each seeing what the ones before it wrote", async () => {
    const writer = unitOfWorkOf(db);
    const seen = await Promise.all([
      writer.write((tx) => put(tx, "w-a", "1")),
      writer.write(async (tx) => {
        const before = await valueOf(tx, "w-a");
        // Another turn of the event loop inside the unit: nothing else runs on the connection meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.updateTable("settings").set({ value: `${before}+2` }).where("key", "=", "w-a").execute();
        return before;
      }),
      writer.write(async (tx) => {
        const before = await valueOf(tx, "w-a");
        await tx.updateTable("settings").set({ value: `${before}+3` }).where("key", "=", "w-a").execute();
        return before;
      }),
    ]);
    expect(seen.slice(1)).toEqual(["1", "1+2"]);
    expect(await writer.read((tx) => valueOf(tx, "w-a"))).toBe("1+2+3");
  });

  it("answers a unit only once its commit is visible to other connections", async () => {
    const writer = unitOfWorkOf(db);
    const visibleWhenAnswered = await writer.write((tx) => put(tx, "w-durable")).then(() => committed("w-durable"));
    expect(visibleWhenAnswered).toBe("v");
  });

  it("fails every unit of a batch whose commit fails, and keeps none of their writes", async () => {
    const writer = unitOfWorkOf(db);
    // A deferred foreign key is checked at COMMIT: the batch's commit itself fails.
    const results = await Promise.allSettled([
      writer.write((tx) => put(tx, "w-lost")),
      writer.write(async (tx) => {
        await sql`pragma defer_foreign_keys = ON`.execute(tx);
        await tx.insertInto("order_events").values({ order_id: 999_999, type: "orphan", created_at: "2026-11-21T00:00:00.000Z" }).execute();
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedKeys()).toEqual([]);
    // The connection is usable afterwards.
    await writer.write((tx) => put(tx, "w-after"));
    expect(committedKeys()).toEqual(["w-after"]);
  });

  it("reads beside a batch under way: a read does not wait for it and never sees its uncommitted writes", async () => {
    const writer = unitOfWorkOf(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let committed = false;
    const unit = writer.write(async (tx) => {
      await put(tx, "w-held");
      await held;
    });
    void unit.then(() => (committed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The batch holds the write lock and is not committed: the read answers at once, without its write.
    expect(await writer.read((tx) => valueOf(tx, "w-held"))).toBeUndefined();
    expect(committed).toBe(false);
    release();
    await unit;
    expect(await writer.read((tx) => valueOf(tx, "w-held"))).toBe("v");
  });

  it("runs reads one at a time, each on one snapshot; a read that throws frees the connection for the next", async () => {
    const units = unitOfWorkOf(db);
    await units.write((tx) => put(tx, "r-1", "before"));
    const seen: string[] = [];
    const reads = Array.from({ length: 5 }, (_, i) =>
      units.read(async (tx) => {
        const first = await valueOf(tx, "r-1");
        // A commit that lands between two statements of one read is not seen by the second.
        if (i === 0) await units.write((w) => w.updateTable("settings").set({ value: "after" }).where("key", "=", "r-1").execute());
        const second = await valueOf(tx, "r-1");
        seen.push(`${i}:${first}/${second}`);
        if (i === 2) throw new Error("read 2 fails");
        return second;
      }),
    );
    const results = await Promise.allSettled(reads);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(seen).toEqual(["0:before/before", "1:after/after", "2:after/after", "3:after/after", "4:after/after"]);
    expect(await units.read((tx) => valueOf(tx, "r-1"))).toBe("after");
  });

  it("refuses a write inside a read unit: reads run on a read-only connection", async () => {
    const units = unitOfWorkOf(db);
    await expect(units.read((tx) => put(tx, "r-write"))).rejects.toThrow(/readonly/);
    expect(committed("r-write")).toBeUndefined();
    expect(await units.read((tx) => valueOf(tx, "r-write"))).toBeUndefined();
  });

  it("moves its commit figure for every change on its connection, and only then", async () => {
    const units = unitOfWorkOf(db);
    const start = units.commits();
    await units.read((tx) => valueOf(tx, "c-1"));
    expect(units.commits()).toBe(start);
    await units.write((tx) => put(tx, "c-1"));
    const afterUnit = units.commits();
    expect(afterUnit).toBeGreaterThan(start);
    // A write on the database outside any unit (a script's, a test's) counts too.
    await db.insertInto("settings").values({ key: "c-2", value: "v" }).execute();
    expect(units.commits()).toBeGreaterThan(afterUnit);
  });

  it("waits for an open Kysely transaction instead of running inside it", async () => {
    const writer = unitOfWorkOf(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const kysely = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("settings").values({ key: "w-kysely", value: "uncommitted" }).execute();
        await held;
        throw new Error("the Kysely transaction rolls back");
      })
      .catch((error: Error) => error.message);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const unit = writer.write(async (tx) => {
      await put(tx, "w-unit");
      return (await valueOf(tx, "w-kysely")) ?? "not there";
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(committedKeys()).toEqual([]);
    release();

    expect(await kysely).toBe("the Kysely transaction rolls back");
    // The unit ran after the rollback: it never saw the uncommitted row, and its own write survived.
    expect(await unit).toBe("not there");
    expect(committedKeys()).toEqual(["w-unit"]);
  });
});
