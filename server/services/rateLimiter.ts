/**
 * Counting hits per key (a client address, a session) for the limits of the store: the HTTP limits on writes
 * and sign-ins (server/http/security.ts, a store for @fastify/rate-limit) and the per-address limits of e-mail
 * code sends and verifies (./signIn.ts). Both count through one port, `HitCounter`, in fixed windows that open
 * at a key's first hit.
 *
 * Two counters, picked by engine in the composition root (./index.ts), never by the rules that use them:
 * - SQLite: one process serves HTTP, so counts in its memory are exact and cost no statement
 *   (`createMemoryHitCounter`, answered synchronously: nothing is awaited on a write's path);
 * - PostgreSQL: several API instances share the database, so every hit is counted there
 *   (`createDatabaseHitCounter`, one upsert per hit, db/repositories/rateLimits.ts) and a limit holds across
 *   instances instead of once per instance.
 */
import type { DB } from "../../db/connection";
import { countHit, countHitsTogether, deleteEndedCounts, type CountedHit as CountedHitRow } from "../../db/repositories/rateLimits";
import { RunAlone, unitOfWorkOf } from "../../db/unitOfWork";

/** One hit as counted: the hits of the key's window so far (this one included) and the ms until it ends. */
export interface CountedHit {
  count: number;
  ttlMs: number;
}

/** The port of the limits' counter: in this process's memory, or in the database every process shares. */
export interface HitCounter {
  /**
   * Counts one hit of `key` in its window of `windowMs` (a new one when none is open). `scope` names what is
   * limited (a route, a use case's limit): the same key counts apart in each scope.
   */
  hit(scope: string, key: string, windowMs: number): CountedHit | Promise<CountedHit>;
}

/** How often the counters' ended windows are swept away (by the first hit after that long). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts in this process's memory: exact for one process. A map per scope, so a hit builds no key string;
 * ended windows are swept now and then.
 */
export function createMemoryHitCounter(clock: () => number): HitCounter {
  const scopes = new Map<string, Map<string, { count: number; endsAt: number }>>();
  let sweptAt = Number.NEGATIVE_INFINITY;
  return {
    hit(scope, key, windowMs) {
      const now = clock();
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        for (const windows of scopes.values()) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      }
      let windows = scopes.get(scope);
      if (!windows) scopes.set(scope, (windows = new Map()));
      let window = windows.get(key);
      if (!window || window.endsAt <= now) windows.set(key, (window = { count: 0, endsAt: now + windowMs }));
      window.count += 1;
      // A new object every time: the caller may read it after other hits of the key were counted.
      return { count: window.count, ttlMs: window.endsAt - now };
    },
  };
}

/** Counts in the database: one atomic upsert per hit, and now and then a sweep of the windows that ended. */
export function createDatabaseHitCounter({ db, clock }: { db: DB; clock: () => number }): HitCounter {
  const iso = (ms: number) => new Date(ms).toISOString();
  let sweptAt = Number.NEGATIVE_INFINITY;
  // The hits of requests that arrived together, in one statement: each key's hits added at once, and each hit
  // given its own count (the last one the key's count after all of them, the ones before it one less each).
  const together = unitOfWorkOf(db)
    .named("rateLimits")
    .statementTogether<{ key: string; now: number; windowMs: number }, CountedHitRow>("hit", async (tx, hits) => {
      const now = Math.max(...hits.map((h) => h.now));
      const keys = new Map<string, { key: string; n: number; expiresAt: string }>();
      const nth = hits.map((h) => {
        const counted = keys.get(h.key) ?? { key: h.key, n: 0, expiresAt: iso(now + h.windowMs) };
        keys.set(h.key, counted);
        return counted.n++;
      });
      const counts = new Map((await countHitsTogether(tx, [...keys.values()], iso(now))).map((c) => [c.key, c]));
      return hits.map((h, i) => {
        const { count, expiresAt } = counts.get(h.key)!;
        return { value: { count: count - (keys.get(h.key)!.n - 1 - nth[i]!), expiresAt } };
      });
    });
  return {
    async hit(scope, key, windowMs) {
      const now = clock();
      const counted = `${scope}|${key}`;
      // One statement, atomic alone: no unit of work around it (a transaction would triple its round trips).
      const alone = () => countHit(db, counted, iso(now), iso(now + windowMs));
      const { count, expiresAt } = together
        ? await together({ key: counted, now, windowMs }).catch((error: unknown) => {
            if (error instanceof RunAlone) return alone();
            throw error;
          })
        : await alone();
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        await deleteEndedCounts(db, iso(now));
      }
      return { count, ttlMs: Math.max(0, Date.parse(expiresAt) - now) };
    },
  };
}

/** A limit of hits per key and window. */
export interface WindowLimiter {
  /** Counts one hit; null while the key is within its limit, else the seconds to wait. */
  take(key: string): Promise<number | null>;
}

/** Makes the limiters of one use case, each under its own name (a scope of keys). */
export type LimiterFactory = (name: string, limit: number, windowMs: number) => WindowLimiter;

/** Limiters on a counter: a key's hits in one window, over every process that shares the counter. */
export function createLimiters(counter: HitCounter): LimiterFactory {
  return (name, limit, windowMs) => ({
    async take(key) {
      const { count, ttlMs } = await counter.hit(name, key, windowMs);
      return count <= limit ? null : Math.max(1, Math.ceil(ttlMs / 1000));
    },
  });
}
