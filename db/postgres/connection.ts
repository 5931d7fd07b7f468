/**
 * PostgreSQL (`DATABASE_URL=postgres://…`, issue 22): Kysely's PostgresDialect over a `pg` pool. Each unit of
 * work is a transaction of its own on a pooled connection (db/unitOfWork.ts); the rules that must hold with
 * several transactions at once are conditional writes, unique keys and row locks (docs/decisions.md, "Rules
 * under concurrency").
 */
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import type { Database } from "../schema";

// `pg` returns int8 (ids of bigint columns, count(*), sums of integers) and numeric (sums of bigints) as
// strings, since they may pass 2^53. The store's integers are Baht, counts and Telegram ids, far below it.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

const pools = new WeakMap<object, pg.Pool>();

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
}

/** A Kysely instance on a PostgreSQL server; `url` is a `postgres://` or `postgresql://` connection string. */
export function openPostgres(url: string, { max = 10 }: PostgresOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server dropped (a restart, a failover) is an error on the pool, not a crash.
  pool.on("error", () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/** The pool under a Kysely instance made here, or undefined for any other database. */
export function postgresPoolOf<T>(db: Kysely<T>): pg.Pool | undefined {
  return pools.get(db);
}
