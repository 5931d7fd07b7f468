/**
 * Rate-limit counters in the database (PostgreSQL, `rate_limit_counts`): what several API instances count
 * together. A window opens at a key's first hit and lasts `windowMs`; a hit after it ends opens the next one.
 * (SQLite has no such table: one process counts in memory, server/services/rateLimiter.ts.)
 */
import { sql } from "kysely";
import type { Executor } from "../executor";

export interface CountedHit {
  /** Hits of the key in its current window, this one included. */
  count: number;
  /** When that window ends (ISO). */
  expiresAt: string;
}

/**
 * Counts one hit of `key` at `now` (ISO) in one statement: a new key, or one whose window has ended, starts
 * at 1 with a window ending at `expiresAt`; a live one adds 1 and keeps its end. The upsert is atomic, so hits
 * arriving at once from any number of processes are each counted once and each get their own count back.
 */
export async function countHit(db: Executor, key: string, now: string, expiresAt: string): Promise<CountedHit> {
  const ended = sql<boolean>`rate_limit_counts.expires_at <= ${now}`;
  const row = await db
    .insertInto("rate_limit_counts")
    .values({ key, count: 1, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else rate_limit_counts.count + 1 end`,
        expires_at: sql<string>`case when ${ended} then excluded.expires_at else rate_limit_counts.expires_at end`,
      }),
    )
    .returning(["count", "expires_at"])
    .executeTakeFirstOrThrow();
  return { count: row.count, expiresAt: row.expires_at };
}

/** Forgets the counters whose window ended before `now` (ISO); a hit racing it just starts a new window. */
export async function deleteEndedCounts(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom("rate_limit_counts").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Counts the hits of requests that arrived together in one statement (`statementTogether`, db/unitOfWork.ts):
 * `n` hits of each key, at `now`, a new window ending at its `expiresAt`. Each key once (an upsert touches a row
 * once); what each key counts after all its hits, in any order.
 */
export async function countHitsTogether(
  db: Executor,
  keys: readonly { key: string; n: number; expiresAt: string }[],
  now: string,
): Promise<(CountedHit & { key: string })[]> {
  const ended = sql`rate_limit_counts.expires_at <= ${now}`;
  const { rows } = await sql<{ key: string; count: number; expires_at: string }>`
    insert into rate_limit_counts (key, count, expires_at)
    select * from unnest(${keys.map((k) => k.key)}::text[], ${keys.map((k) => k.n)}::int[], ${keys.map((k) => k.expiresAt)}::text[])
    on conflict (key) do update
      set count = case when ${ended} then excluded.count else rate_limit_counts.count + excluded.count end,
          expires_at = case when ${ended} then excluded.expires_at else rate_limit_counts.expires_at end
    returning key, count, expires_at`.execute(db);
  return rows.map((r) => ({ key: r.key, count: r.count, expiresAt: r.expires_at }));
}
