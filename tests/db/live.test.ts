/**
 * The live-changes bus (db/live.ts): what a unit announces is published once, after its commit, and never
 * for a unit that threw, also when units share a batch (SQLite's group commit); payloads stay under
 * PostgreSQL's 8000 bytes; on PostgreSQL another process's change arrives through LISTEN, and the LISTEN
 * connection comes back by itself after the server dropped it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openPostgres, postgresPoolOf, type DB } from "../../db/connection";
import { announceOrderChange, liveBusOf, livePayloads, parseLivePayload, type LiveChange } from "../../db/live";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { ON_POSTGRES, testDatabase } from "../helpers/app";

let db: DB;
beforeAll(async () => {
  db = await testDatabase(false);
});
afterAll(async () => {
  await db?.destroy();
});

/** Everything the bus of `on` hands its listeners from now on. */
async function heard(on: DB): Promise<{ changes: LiveChange[]; stop: () => void }> {
  const changes: LiveChange[] = [];
  const stop = await liveBusOf(on).subscribe((batch) => changes.push(...batch));
  return { changes, stop };
}

const until = async (done: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe("announcing in a unit of work", () => {
  it("publishes a committed unit's changes once it is committed, and nothing of a unit that threw", async () => {
    const { changes, stop } = await heard(db);
    const units = unitOfWorkOf(db);
    // Queued in one turn: on SQLite one batch, each unit in its own savepoint.
    const results = await Promise.allSettled([
      units.write(async (tx) => announceOrderChange(tx, 101)),
      units.write(async (tx) => {
        announceOrderChange(tx, 102);
        throw new Error("no");
      }),
      units.write(async (tx) => {
        announceOrderChange(tx, 103);
        announceOrderChange(tx, 104);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    await until(() => changes.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(changes.map((c) => c.id).sort()).toEqual([101, 103, 104]);
    stop();
  });

  it("publishes nothing while the unit runs: a listener hears it only after the write has committed", async () => {
    const { changes, stop } = await heard(db);
    let heardDuringUnit = -1;
    await unitOfWorkOf(db).write(async (tx) => {
      announceOrderChange(tx, 201);
      await sql`select 1`.execute(tx);
      heardDuringUnit = changes.length;
    });
    await until(() => changes.length > 0);
    expect(heardDuringUnit).toBe(0);
    expect(changes).toEqual([{ kind: "order", id: 201 }]);
    stop();
  });
});

describe("payloads", () => {
  it("cut thousands of ids into payloads under 8000 bytes that carry every id once", () => {
    const changes: LiveChange[] = [
      ...Array.from({ length: 5000 }, (_, i) => ({ kind: "order" as const, id: 1_000_000_000 + i })),
      ...Array.from({ length: 900 }, (_, i) => ({ kind: "session-ended" as const, id: 2_000_000_000 + i })),
      { kind: "order", id: 1_000_000_000 },
    ];
    const payloads = livePayloads("abc123", changes);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const back = payloads.flatMap((p) => parseLivePayload(p)!.changes);
    expect(back.filter((c) => c.kind === "order")).toHaveLength(5000);
    expect(back.filter((c) => c.kind === "session-ended")).toHaveLength(900);
    expect(parseLivePayload("not json")).toBeNull();
    expect(parseLivePayload(JSON.stringify({ p: 1 }))).toBeNull();
  });
});

describe.runIf(ON_POSTGRES)("on PostgreSQL, between two processes' pools", () => {
  let other: DB;
  beforeAll(async () => {
    // A second pool on the same database: to the bus, another process (its own process id, its own LISTEN).
    other = openPostgres(postgresUrlOf(db));
  });
  afterAll(async () => {
    await other?.destroy();
  });

  it("a change committed through one reaches the other's listeners through LISTEN", async () => {
    const { changes, stop } = await heard(other);
    await unitOfWorkOf(db).write(async (tx) => announceOrderChange(tx, 301));
    // (The earlier tests' NOTIFYs, sent up to 20 ms after their commits, may arrive too.)
    await until(() => changes.some((c) => c.id === 301));
    expect(changes).toContainEqual({ kind: "order", id: 301 });
    stop();
  });

  it("the LISTEN connection comes back by itself after the server dropped it, and hears again", async () => {
    const { changes, stop } = await heard(other);
    const troubles: string[] = [];
    liveBusOf(other).onTrouble((what) => troubles.push(what));
    const before = liveBusOf(other).figures().listenConnects;
    const listening = sql`select pid from pg_stat_activity where query ilike 'listen %' and datname = current_database()`;
    await sql`select pg_terminate_backend(pid) from (${listening}) as l`.execute(db);
    await until(() => troubles.includes("listen-lost"));
    expect(troubles).toContain("listen-lost");
    await until(() => liveBusOf(other).figures().listenConnects > before && liveBusOf(other).listening(), 10_000);
    expect(liveBusOf(other).listening()).toBe(true);
    await unitOfWorkOf(db).write(async (tx) => announceOrderChange(tx, 302));
    await until(() => changes.some((c) => c.id === 302));
    expect(changes).toContainEqual({ kind: "order", id: 302 });
    stop();
  });
});

/** The connection string of a database this test opened (its pool keeps it). */
function postgresUrlOf(on: DB): string {
  return (postgresPoolOf(on)!.options as { connectionString: string }).connectionString;
}
