/**
 * The store's writer (db/writer.ts): units queued together share one commit, yet each is atomic on its
 * own, none is answered before its commit, and none ever runs inside a Kysely transaction.
 */
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "../../db/connection";
import { prepared, writerOf, type Tx } from "../../db/writer";
import { makeTempDir } from "../helpers/app";

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

const put = (tx: Tx, key: string, value = "v") => prepared(tx, "insert into settings (key, value) values (?, ?)").run(key, value);
const valueOf = (tx: Tx | SQLite.Database, key: string) =>
  (tx.prepare("select value from settings where key = ?").get(key) as { value: string } | undefined)?.value;
const committedKeys = () => (other.prepare("select key from settings where key like 'w-%' order by key").all() as { key: string }[]).map((r) => r.key);

describe("the writer", () => {
  it("commits units queued together, each in its own savepoint: a failing unit leaves no trace and costs the others nothing", async () => {
    const writer = writerOf(db);
    const results = await Promise.allSettled([
      writer.write((tx) => put(tx, "w-1")),
      writer.write((tx) => {
        put(tx, "w-2");
        throw new Error("the second unit fails after its write");
      }),
      writer.write((tx) => {
        put(tx, "w-3");
        // One transaction for the batch: the first unit's write is not committed yet.
        return valueOf(other, "w-1") ?? "not committed yet";
      }),
    ]);

    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe("not committed yet");
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("the second unit fails after its write");
    expect(committedKeys()).toEqual(["w-1", "w-3"]);
  });

  it("runs units in the order they were queued, each seeing what the ones before it wrote", async () => {
    const writer = writerOf(db);
    const seen = await Promise.all([
      writer.write((tx) => put(tx, "w-a", "1")),
      writer.write((tx) => {
        const before = valueOf(tx, "w-a");
        prepared(tx, "update settings set value = ? where key = ?").run(`${before}+2`, "w-a");
        return before;
      }),
    ]);
    expect(seen[1]).toBe("1");
    expect(await writer.read((tx) => valueOf(tx, "w-a"))).toBe("1+2");
  });

  it("answers a unit only once its commit is visible to other connections", async () => {
    const writer = writerOf(db);
    const visibleWhenAnswered = await writer.write((tx) => put(tx, "w-durable")).then(() => valueOf(other, "w-durable"));
    expect(visibleWhenAnswered).toBe("v");
  });

  it("fails every unit of a batch whose commit fails, and keeps none of their writes", async () => {
    const writer = writerOf(db);
    // A deferred foreign key is checked at COMMIT: the batch's commit itself fails.
    const results = await Promise.allSettled([
      writer.write((tx) => put(tx, "w-lost")),
      writer.write((tx) => {
        tx.pragma("defer_foreign_keys = ON");
        prepared(tx, "insert into order_events (order_id, type, created_at) values (?, ?, ?)").run(999_999, "orphan", "2026-11-21T00:00:00.000Z");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedKeys()).toEqual([]);
    // The connection is usable afterwards.
    await writer.write((tx) => put(tx, "w-after"));
    expect(committedKeys()).toEqual(["w-after"]);
  });

  it("refuses a unit that returns a promise, and rolls back what it wrote before", async () => {
    const writer = writerOf(db);
    await expect(writer.write(async (tx) => put(tx, "w-async"))).rejects.toThrow("A unit of work must be synchronous");
    expect(committedKeys()).toEqual([]);
  });

  it("waits for an open Kysely transaction instead of running inside it", async () => {
    const writer = writerOf(db);
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
    const unit = writer.write((tx) => {
      put(tx, "w-unit");
      return valueOf(tx, "w-kysely") ?? "not there";
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
