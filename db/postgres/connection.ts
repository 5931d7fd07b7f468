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
/** How long a request waits for a connection to the server before it is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 5000;
const changeCounts = new WeakMap<object, () => number>();

/** Statements after which others may see changed data: anything but a plain read. */
const READ = /^\s*(select|show|begin|savepoint|release)\b/i;

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
}

/** A Kysely instance on a PostgreSQL server; `url` is a `postgres://` or `postgresql://` connection string. */
export function openPostgres(url: string, { max = 10 }: PostgresOptions = {}): Kysely<Database> {
  // Idle connections never keep a process alive by themselves (a test file, a CLI that forgot to close).
  // A server that does not answer fails a request within seconds (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max, allowExitOnIdle: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server dropped (a restart, a failover) is an error on the pool, not a crash.
  pool.on("error", () => undefined);
  let changes = 0;
  pool.on("connect", (client) => {
    // A connection that breaks while a query holds it (the server restarts, the network drops) rejects that
    // query; without a listener of its own, the client's 'error' event would also end the process.
    client.on("error", () => undefined);
    // Counted once the server has answered: for a statement outside a transaction that is its commit.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (result instanceof Promise && (text === undefined || !READ.test(text))) {
        result.then(
          () => changes++,
          () => undefined,
        );
      }
      return result;
    };
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  changeCounts.set(db, () => changes);
  return db;
}

/**
 * A figure that moves whenever a statement of this process that may change data has been answered (every
 * write outside a transaction, every COMMIT): the SQLite counterpart is in db/sqlite/connection.ts.
 * Other processes' writes do not move it.
 */
export function postgresChangesOf<T>(db: Kysely<T>): (() => number) | undefined {
  return changeCounts.get(db);
}

/** The pool under a Kysely instance made here, or undefined for any other database. */
export function postgresPoolOf<T>(db: Kysely<T>): pg.Pool | undefined {
  return pools.get(db);
}
