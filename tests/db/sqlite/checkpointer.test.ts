import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, sqliteHandleOf, startCheckpointer } from "../../../db/connection";
import { makeTempDir } from "../../helpers/app";

describe("the background WAL checkpointer", () => {
  it("moves committed writes into the database file off the event loop, and empties the WAL on stop", async () => {
    const file = join(await makeTempDir("checkpointer-"), "store.sqlite");
    const db = openDatabase(file, { backgroundCheckpoints: true });
    const errors: Error[] = [];
    const stop = startCheckpointer(file, (error) => errors.push(error), 50);
    await migrateToLatest(db);
    const sqlite = sqliteHandleOf(db)!;
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(0);

    const before = statSync(file).size;
    for (let i = 0; i < 2000; i++) await db.insertInto("settings").values({ key: `k${i}`, value: "v".repeat(200) }).execute();
    // The writer never checkpoints: the database file itself grows only when the worker copies the WAL in.
    await expect.poll(() => statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 200_000);

    await stop();
    expect(!existsSync(`${file}-wal`) || statSync(`${file}-wal`).size === 0).toBe(true);
    expect(errors).toEqual([]);
    const rows = await db.selectFrom("settings").select("key").execute();
    expect(rows).toHaveLength(2000);
    await db.destroy();
  });
});
