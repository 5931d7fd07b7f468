/**
 * The store's writer: the use cases that move stock and orders run here as synchronous units of work on
 * the better-sqlite3 handle, with statements prepared once, and the units queued in one turn of the event
 * loop share one transaction (group commit), each inside its own savepoint.
 *
 * Why (docs/performance.md): a commit writes every page the transaction touched to the WAL, two system
 * calls a page, and a placement touches about twenty pages (the order, its lines, event and outbox row, and
 * their indexes). Placements committed together write those pages once; a placement alone costs several
 * times more. Statements run by hand skip Kysely's per-call query building, which cost more than running
 * them.
 *
 * The guarantees each unit keeps:
 * - atomic: a unit that throws is rolled back to its savepoint and its caller gets the error; the other
 *   units of the batch go on;
 * - durable before answered: no caller hears of its unit until the COMMIT holding it has succeeded; a
 *   failed COMMIT fails every unit of the batch;
 * - isolated: units run one after another, in the order they were queued, each seeing what the ones
 *   before it wrote.
 *
 * A unit must be synchronous: it runs while nothing else can touch the connection.
 */
import type SQLite from "better-sqlite3";
import { sqliteHandleOf, type DB } from "./connection";

/** The connection inside a unit of work: statements run on it belong to the unit's savepoint. */
export type Tx = SQLite.Database;

/** A unit of work: synchronous (a unit that returns a promise fails and is rolled back). */
type Unit<T> = (tx: Tx) => T;

export interface Writer {
  /** Runs `unit` in the next group commit; resolves once it is committed, rejects with what it threw. */
  write<T>(unit: Unit<T>): Promise<T>;
  /** Runs a synchronous read on committed data (never inside another use case's open transaction). */
  read<T>(unit: Unit<T>): Promise<T>;
}

interface Job {
  unit: (tx: Tx) => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Units per transaction at most: a batch holds the write lock while it runs. */
const MAX_BATCH = 256;

/**
 * A statement prepared once per connection. Rows come back as plain objects of one fixed shape, built
 * from SQLite's raw arrays by a function made for the statement's columns: better-sqlite3's own row
 * objects gain their properties one at a time, which cost more than the query on the hot path.
 */
export interface Prepared {
  run(...params: unknown[]): SQLite.RunResult;
  get<Row>(...params: unknown[]): Row | undefined;
  all<Row>(...params: unknown[]): Row[];
  /** The first column of every row. */
  column<Value>(...params: unknown[]): Value[];
}

function prepare(tx: Tx, sql: string): Prepared {
  const statement = tx.prepare(sql);
  if (!statement.reader) {
    const refuse = () => {
      throw new Error(`Not a query: ${sql}`);
    };
    return { run: (...params) => statement.run(...params), get: refuse, all: refuse, column: refuse };
  }
  statement.raw(true);
  const columns = statement.columns().map((c) => c.name);
  // Column names come from our own SQL; JSON.stringify quotes them as property names.
  const toRow = new Function("v", `return { ${columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(", ")} };`) as (values: unknown[]) => never;
  return {
    run: (...params) => statement.run(...params),
    get: (...params) => {
      const values = statement.get(...params) as unknown[] | undefined;
      return values && toRow(values);
    },
    all: (...params) => (statement.all(...params) as unknown[][]).map(toRow),
    column: (...params) => (statement.all(...params) as unknown[][]).map((values) => values[0] as never),
  };
}

const statementCaches = new WeakMap<Tx, Map<string, Prepared>>();

/** The statement for `sql` on this connection, prepared on first use and kept. */
export function prepared(tx: Tx, sql: string): Prepared {
  let cache = statementCaches.get(tx);
  if (!cache) statementCaches.set(tx, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = prepare(tx, sql)));
  return statement;
}

const writers = new WeakMap<DB, Writer>();

/** The one writer of a database opened with `openDatabase`: one queue per connection. */
export function writerOf(db: DB): Writer {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = createWriter(db)));
  return writer;
}

function createWriter(db: DB): Writer {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) throw new Error("writerOf: the database was not opened with openDatabase");
  const run = (sql: string) => prepared(sqlite, sql).run();
  let queue: Job[] = [];
  let scheduled = false;

  /**
   * Kysely's own transactions (sign-in, the outbox worker) stay open across awaits on this connection.
   * While one is open, a unit would run inside it, so the batch waits for Kysely's connection lock; at
   * any other moment a synchronous batch cannot interleave with anything.
   */
  async function exclusive(work: () => void): Promise<void> {
    if (!sqlite!.inTransaction) return work();
    await db.connection().execute(async () => work());
  }

  function runBatch(batch: Job[]): void {
    if (sqlite!.inTransaction) throw new Error("A transaction was left open on the connection");
    const settled: { job: Job; ok: boolean; value: unknown }[] = [];
    const failAll = (error: unknown) => {
      for (const s of settled) if (s.ok) Object.assign(s, { ok: false, value: error });
    };
    for (const job of batch) {
      if (!sqlite!.inTransaction) {
        try {
          run("begin immediate");
        } catch (error) {
          settled.push({ job, ok: false, value: error });
          continue;
        }
      }
      run("savepoint unit");
      try {
        const value = job.unit(sqlite!);
        if (typeof (value as PromiseLike<unknown> | undefined)?.then === "function") {
          throw new Error("A unit of work must be synchronous: it returned a promise");
        }
        run("release unit");
        settled.push({ job, ok: true, value });
      } catch (error) {
        settled.push({ job, ok: false, value: error });
        if (sqlite!.inTransaction) {
          run("rollback to unit");
          run("release unit");
        } else {
          // SQLite rolled the whole transaction back (a full disk, an I/O error): the units before this
          // one in the batch are gone too.
          failAll(error);
        }
      }
    }
    if (sqlite!.inTransaction) {
      try {
        run("commit");
      } catch (error) {
        if (sqlite!.inTransaction) run("rollback");
        failAll(error);
      }
    }
    for (const s of settled) (s.ok ? s.job.resolve : s.job.reject)(s.value);
  }

  function flush(): void {
    scheduled = false;
    const batch = queue.length > MAX_BATCH ? queue.splice(0, MAX_BATCH) : queue;
    if (batch === queue) queue = [];
    if (queue.length) schedule();
    exclusive(() => runBatch(batch)).catch((error) => batch.forEach((job) => job.reject(error)));
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // After the poll phase: every request read in this turn of the event loop joins the batch.
    setImmediate(flush);
  }

  return {
    write<T>(unit: Unit<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    async read<T>(unit: Unit<T>): Promise<T> {
      let value!: T;
      await exclusive(() => {
        value = unit(sqlite);
      });
      return value;
    },
  };
}
