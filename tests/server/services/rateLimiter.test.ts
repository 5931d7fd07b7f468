/**
 * The limits' counters (server/services/rateLimiter.ts): fixed windows that open at a key's first hit, in this
 * process's memory (SQLite's one process) or in the database (PostgreSQL, shared by every API instance).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../../db/connection";
import { createDatabaseHitCounter, createLimiters, createMemoryHitCounter, type HitCounter } from "../../../server/services/rateLimiter";
import { ON_POSTGRES, testDatabase } from "../../helpers/app";

let now = Date.parse("2026-11-24T03:00:00.000Z");
const clock = () => now;

/** The checks every counter passes, whichever place it counts in. */
function countsInWindows(make: () => HitCounter) {
  it("counts a key's hits in a window that opens at its first hit, and starts again once it ended", async () => {
    const counter = make();
    expect(await counter.hit("t", "a", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    now += 20_000;
    expect(await counter.hit("t", "a", 60_000)).toEqual({ count: 2, ttlMs: 40_000 });
    expect(await counter.hit("t", "b", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    now += 40_000;
    expect(await counter.hit("t", "a", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it("counts a key apart in each scope", async () => {
    const counter = make();
    await counter.hit("one", "k", 60_000);
    expect((await counter.hit("one", "k", 60_000)).count).toBe(2);
    expect((await counter.hit("two", "k", 60_000)).count).toBe(1);
  });

  it("limiters refuse past the limit with the seconds left, each name and key apart", async () => {
    const limiters = createLimiters(make());
    const sends = limiters("sends", 2, 600_000);
    const verifies = limiters("verifies", 1, 600_000);
    expect([await sends.take("1.2.3.4"), await sends.take("1.2.3.4")]).toEqual([null, null]);
    now += 1_500;
    expect(await sends.take("1.2.3.4")).toBe(599);
    expect(await sends.take("1.2.3.5")).toBeNull();
    expect(await verifies.take("1.2.3.4")).toBeNull();
  });
}

describe("in memory (SQLite's one process)", () => {
  countsInWindows(() => createMemoryHitCounter(clock));

  it("answers at once, a new object for every hit (a caller may read it after later hits)", () => {
    const counter = createMemoryHitCounter(clock);
    const first = counter.hit("t", "k", 1_000);
    const second = counter.hit("t", "k", 1_000);
    expect(first).not.toBeInstanceOf(Promise);
    expect([first, second]).toEqual([
      { count: 1, ttlMs: 1_000 },
      { count: 2, ttlMs: 1_000 },
    ]);
  });
});

// The database's counters live in PostgreSQL's `rate_limit_counts`; SQLite's file has no such table (its one
// process counts in memory, above), so on SQLite this block has nothing to run against.
describe.skipIf(!ON_POSTGRES)("in the database (PostgreSQL, shared by the API instances)", () => {
  let db: DB;
  beforeEach(async () => {
    db = await testDatabase(false);
    return () => db.destroy();
  });

  countsInWindows(() => createDatabaseHitCounter({ db, clock }));

  it("counts 50 hits arriving at once, from two counters, each once: every count from 1 to 50 is answered once", async () => {
    const counters = [createDatabaseHitCounter({ db, clock }), createDatabaseHitCounter({ db, clock })];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => counters[i % 2]!.hit("t", "burst", 60_000)));
    expect(answers.map((a) => a.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("sweeps the windows that ended, now and then", async () => {
    const counter = createDatabaseHitCounter({ db, clock });
    await counter.hit("t", "old", 1_000);
    now += 2_000;
    await counter.hit("t", "fresh", 1_000); // less than a minute since the first sweep: nothing is swept
    const keys = async () => (await db.selectFrom("rate_limit_counts").select("key").orderBy("key").execute()).map((r) => r.key);
    expect(await keys()).toEqual(["t|fresh", "t|old"]);
    now += 60_000;
    await counter.hit("t", "new", 1_000);
    expect(await keys()).toEqual(["t|new"]);
  });
});

afterEach(() => {
  now = Date.parse("2026-11-24T03:00:00.000Z");
});
