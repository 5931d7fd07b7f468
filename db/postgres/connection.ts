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
const READ_ONLY_TRANSACTION = /^\s*start transaction\b.*\bread only\b/i;
const TRANSACTION_END = /^\s*(commit|rollback)\b/i;

/**
 * Distinct statement texts this process names (server-side prepared statements); beyond it, statements run
 * unnamed. The store's statements are a few hundred texts; a list of ids gives one text per length.
 */
const MAX_NAMED_STATEMENTS = 2000;
/** What PostgreSQL answers when a prepared statement's result columns changed under it (a migration). */
const CACHED_PLAN_CHANGED = "0A000";

/**
 * Names for statement texts, shared by every connection of the process: `pg` prepares a named statement once
 * per connection and afterwards only binds and executes it, so the server neither parses nor plans it again
 * for each placement (on this store that halved the database's CPU per placement, docs/performance.md).
 * A text whose prepared form broke (its table's columns changed, `CACHED_PLAN_CHANGED`) runs unnamed from then on.
 */
function statementNames() {
  const names = new Map<string, string | null>();
  return {
    of(text: string): string | undefined {
      let name = names.get(text);
      if (name === undefined && names.size < MAX_NAMED_STATEMENTS) names.set(text, (name = `store_${names.size}`));
      return name ?? undefined;
    },
    forget(text: string): void {
      names.set(text, null);
    },
  };
}

/**
 * A statement whose text starts with this is its transaction's last: it goes to the server in one write with the
 * COMMIT, and answers once the COMMIT has succeeded (or with the error of whichever failed). The rows it locks
 * are held while the server runs the two, not while this process gets round to sending the COMMIT: on a busy
 * process that wait was most of what a placement held its shelves for (docs/performance.md). The statement must
 * fail itself when its transaction must not be kept (`store_refuse`, db/postgres/shelf.ts); after a failure the
 * COMMIT only ends the transaction, keeping nothing. The transaction's own COMMIT or ROLLBACK that follows (the
 * unit's end) is answered here, without a round trip; any other statement on it is refused.
 */
export const WITH_COMMIT = "/* with commit */";

/** The parts of a `pg` client the commit-with-the-last-statement path uses that its types do not show. */
interface PipelinedClient {
  pipeline: boolean;
  connection: { stream: { cork(): void; uncork(): void } };
}

/**
 * Sends `text` and COMMIT in one write (`pg`'s pipeline mode, on for these two only; the unit holds the connection
 * and sends nothing else meanwhile). Settles once both have been answered, so the connection is back in its
 * ordinary mode before anyone uses it again: with the statement's result when the COMMIT succeeded, else with the
 * first error.
 */
function sendWithCommit(client: pg.PoolClient, query: (...args: unknown[]) => unknown, statement: unknown[]): Promise<unknown> {
  const raw = client as unknown as PipelinedClient;
  raw.pipeline = true;
  raw.connection.stream.cork();
  let sent: [Promise<unknown>, Promise<unknown>];
  try {
    sent = [query(...statement) as Promise<unknown>, query("commit") as Promise<unknown>];
  } finally {
    raw.connection.stream.uncork();
  }
  return Promise.allSettled(sent).then(([result, commit]) => {
    raw.pipeline = false;
    if (result.status === "rejected") throw result.reason;
    if (commit.status === "rejected") throw commit.reason;
    return result.value;
  });
}

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
  const names = statementNames();
  pool.on("connect", (client) => {
    // A connection that breaks while a query holds it (the server restarts, the network drops) rejects that
    // query; without a listener of its own, the client's 'error' event would also end the process.
    client.on("error", () => undefined);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    /** In a read-only transaction: its commit changes nothing. */
    let readOnly = false;
    /** The transaction ended with its last statement (`WITH_COMMIT`); the unit's own end is still to come. */
    let ended = false;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      // Kysely sends (text, parameters); statements with parameters are the ones that repeat.
      const [text, values] = args;
      if (ended) {
        if (typeof text === "string" && TRANSACTION_END.test(text)) {
          ended = false;
          return Promise.resolve({ command: text.trim().toUpperCase(), rowCount: null, rows: [] });
        }
        return Promise.reject(new Error("A statement after its transaction's last one (sent with the COMMIT): nothing may follow it"));
      }
      const name = typeof text === "string" && Array.isArray(values) && values.length > 0 ? names.of(text) : undefined;
      const statement = name ? [{ name, text, values }] : args;
      const last = typeof text === "string" && text.trimStart().startsWith(WITH_COMMIT);
      if (last) ended = true;
      const result = last ? sendWithCommit(client, query, statement) : query(...statement);
      if (typeof text !== "string" || !(result instanceof Promise)) return result;
      if (READ_ONLY_TRANSACTION.test(text)) readOnly = true;
      // Counted once the server has answered: for a statement outside a transaction, that is its commit.
      const changing = !READ.test(text) && !(readOnly && TRANSACTION_END.test(text)) && !READ_ONLY_TRANSACTION.test(text);
      if (TRANSACTION_END.test(text)) readOnly = false;
      result.then(
        () => changing && changes++,
        (error: { code?: string }) => name && error.code === CACHED_PLAN_CHANGED && names.forget(text),
      );
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
