/**
 * Claiming the outbox's next due row (db/repositories/outboxQueue.ts `claimNextDue`) on either engine: the
 * oldest due row, a user's rows in the order they were written, a claimed row not offered again while its
 * lease runs; and on PostgreSQL a row another worker is claiming at that moment passed over, not waited for.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import { claimNextDue } from "../../db/repositories/outboxQueue";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { ON_POSTGRES, testDatabase } from "../helpers/app";

let db: DB;
let users: [number, number];
const NOW = "2026-11-25T10:00:00.000Z";
const LEASE = "2026-11-25T10:01:00.000Z";

const claimNext = (exceptIds: number[] = []) => unitOfWorkOf(db).write((tx) => claimNextDue(tx, NOW, LEASE, exceptIds));

async function notice(userId: number, n: number): Promise<number> {
  const row = await db
    .insertInto("outbox")
    .values({ kind: "order_placed", user_id: userId, order_id: null, payload: "{}", dedupe_key: `claim-test-${userId}-${n}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("outbox").set({ next_attempt_at: "2026-11-25T09:00:00.000Z" }).where("id", "=", row.id).execute();
  return row.id;
}

beforeAll(async () => {
  db = await testDatabase(true);
  const made = [];
  for (const n of [1, 2]) {
    const user = { telegram_id: 7_700_000 + n, email: null, first_name: `Claim ${n}`, last_name: null, username: null, photo_url: null };
    made.push(
      await db
        .insertInto("users")
        .values({ ...user, reflink: `claim-test-${n}`, phone: null, delivery_address: null, delivery_address_link: null })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
  }
  users = [made[0]!.id, made[1]!.id];
});
beforeEach(async () => {
  await db.deleteFrom("outbox").execute();
});
afterAll(async () => {
  await db.destroy();
});

describe("claiming the outbox's next due row", () => {
  it("claims the oldest due row, one user's rows in order, and never a row whose lease still runs", async () => {
    const first = await notice(users[0], 1);
    const second = await notice(users[0], 2);
    const other = await notice(users[1], 1);

    const claimed = await claimNext();
    expect(claimed).toMatchObject({ id: first, attempts: 0, user_id: users[0] });
    const row = await db
      .selectFrom("outbox")
      .select(["status", "attempts", "next_attempt_at"])
      .where("id", "=", first)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sending", attempts: 1, next_attempt_at: LEASE });
    // The user's second row waits for the first; the other user's row is next.
    expect((await claimNext())?.id).toBe(other);
    expect(await claimNext()).toBeUndefined();
    expect(second).toBeGreaterThan(first);
  });

  it("passes over the rows it is told to", async () => {
    const first = await notice(users[0], 1);
    const other = await notice(users[1], 1);
    expect((await claimNext([first]))?.id).toBe(other);
  });

  it.runIf(ON_POSTGRES)("passes over a row another transaction holds locked instead of waiting for it (skip locked)", async () => {
    const first = await notice(users[0], 1);
    const other = await notice(users[1], 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another worker in the middle of claiming the oldest row.
    const holder = db.transaction().execute(async (tx) => {
      await tx.selectFrom("outbox").select("id").where("id", "=", first).forUpdate().execute();
      locked();
      await held;
    });
    await isLocked;
    // A claim that waited for the lock would wait for ever (the holder lets go after it): 3 s, then fail.
    const tooLong = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 3_000));
    const claimed = await Promise.race([claimNext(), tooLong]);
    release();
    await holder;
    expect(claimed).not.toBe("waited");
    expect(claimed).toMatchObject({ id: other });
  });
});
