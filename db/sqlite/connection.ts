/** The embedded SQLite database: the settings every connection needs, its statement cache and checkpointer. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
} from "kysely";
import type { Database } from "../schema";

type DB = Kysely<Database>;

/** The better-sqlite3 handle under each Kysely instance made here, for the group commit (db/sqlite/groupCommit.ts). */
const handles = new WeakMap<object, SQLite.Database>();
/** The statement cache of each Kysely instance made here. */
const caches = new WeakMap<object, (sql: string) => SQLite.Statement>();
/** How often each Kysely instance made here has changed its data (see `changesOf`). */
const changeCounts = new WeakMap<object, () => number>();

export function sqliteHandleOf<T>(db: Kysely<T>): SQLite.Database | undefined {
  return handles.get(db);
}

export interface OpenOptions {
  /**
   * Checkpoint the WAL from a background thread instead of inside commits (the server's main connection).
   * Then `startCheckpointer` must run, or the WAL grows without bound.
   */
  backgroundCheckpoints?: boolean;
}

/** `file` is a path, or ":memory:" for a private database (tests). */
export function openDatabase(file: string, { backgroundCheckpoints = false }: OpenOptions = {}): DB {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the one writer; NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Statement journals and savepoints (one per unit of work, db/sqlite/groupCommit.ts) in memory, not temp files:
  // with them on disk a placement cost about twice as much.
  sqlite.pragma("temp_store = MEMORY");
  if (backgroundCheckpoints) sqlite.pragma("wal_autocheckpoint = 0");
  // After a burst, the WAL file shrinks back to this when it starts over.
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  let reader: Reader | undefined;
  const statements = withStatementCache(sqlite, () => reader?.close());
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }) });
  handles.set(db, sqlite);
  caches.set(db, statements.prepare);
  changeCounts.set(db, statements.changes);
  if (file !== ":memory:") readers.set(db, () => (reader ??= openReader(file)));
  return db;
}

/** A connection of its own for reads, with its runner (see `readerOf`). */
export interface Reader {
  db: DB;
  run: (query: CompiledQuery) => QueryResult<unknown>;
  close(): void;
}

const readers = new WeakMap<object, () => Reader>();

/**
 * The read-only second connection of a file database, opened on first use and closed with it; none for
 * ":memory:" (a second connection would be another database). In WAL mode it reads the last committed
 * state while the main connection's batch is still running, so reads never queue behind writes.
 */
export function readerOf<T>(db: Kysely<T>): Reader | undefined {
  return readers.get(db)?.();
}

function openReader(file: string): Reader {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  return { db, run: runnerOn(statements.prepare), close: statements.close };
}

/**
 * A figure that moves whenever the connection of `db` changes data others can see: counted before every
 * writing statement and every COMMIT runs (so a read that saw the old data cannot be taken for fresh after
 * the commit). Writes of other connections and processes do not move it.
 */
export function changesOf<T>(db: Kysely<T>): () => number {
  const changes = changeCounts.get(db);
  if (!changes) throw new Error("changesOf: the database was not opened with openDatabase");
  return changes;
}

/**
 * Runs a compiled query on the connection of `db` as Kysely's SQLite driver does (the same statement cache,
 * result and errors), for a caller that already holds that connection in a transaction: the group commit's
 * batch (db/sqlite/groupCommit.ts). Without Kysely's connection provider, a query costs a few µs less.
 */
export function directRunnerOf<T>(db: Kysely<T>): (query: CompiledQuery) => QueryResult<unknown> {
  const prepare = caches.get(db);
  if (!prepare) throw new Error("directRunnerOf: the database was not opened with openDatabase");
  return runnerOn(prepare);
}

function runnerOn(prepare: (sql: string) => SQLite.Statement): (query: CompiledQuery) => QueryResult<unknown> {
  return ({ sql, parameters }) => {
    const statement = prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
    const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE). A deferred transaction that reads
 * first and writes later fails at once with SQLITE_BUSY, without waiting, when another connection (the
 * checkpointer, a bot process) wrote in between; an immediate one waits its turn under busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/**
 * Kysely's SQLite driver prepares every statement on every call; preparing costs more than running a
 * typical query here. Kysely builds the same SQL text for the same query shape (values are bound
 * parameters), so a small cache of prepared statements by text serves nearly every call.
 */
function withStatementCache(sqlite: SQLite.Database, onClose?: () => void, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  let changes = 0;
  return {
    /** Every statement runs right after it is fetched here, in the same turn (Kysely's driver, `runnerOn`). */
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      if (!statement.readonly || sql === "commit") changes++;
      return statement;
    },
    changes: () => changes,
    close() {
      onClose?.();
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * The checkpointer's thread: its own connection moves the WAL into the database file now and then, so
 * the fsyncs of a checkpoint never stall the event loop that serves requests. Self-contained: it runs
 * from its source text in a worker, where only `require` is given.
 */
function checkpointLoop(require: NodeJS.Require): void {
  const { parentPort, workerData } = require("node:worker_threads") as typeof import("node:worker_threads");
  const { file, intervalMs, driver } = workerData as { file: string; intervalMs: number; driver: string };
  const RESTART_AFTER_FRAMES = 4096; // about 16 MB of WAL
  const Driver = require(driver) as typeof SQLite;
  const sqlite = new Driver(file);
  sqlite.pragma("busy_timeout = 5000");
  const timer = setInterval(() => {
    // PASSIVE copies what it can without blocking anyone, and normally the writer starts the WAL over by
    // itself afterwards. Under steady writes PASSIVE never catches the writer and the WAL keeps growing:
    // only then a RESTART waits the moment it takes to copy the last frames (new writes wait meanwhile).
    const [result] = sqlite.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
    if (result && result.log >= RESTART_AFTER_FRAMES) sqlite.pragma("wal_checkpoint(RESTART)");
  }, intervalMs);
  parentPort!.on("message", () => {
    clearInterval(timer);
    try {
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      sqlite.close();
      parentPort!.close();
    }
  });
}

/**
 * Starts the background checkpointer of a database opened with `backgroundCheckpoints`. Returns a
 * function that stops it after a last, full checkpoint.
 */
export function startCheckpointer(file: string, onError: (error: Error) => void, intervalMs = 1000): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(`(${checkpointLoop.toString()})(require)`, { eval: true, workerData: { file, intervalMs, driver } });
  let alive = true;
  worker.on("error", onError);
  worker.once("exit", () => (alive = false));
  worker.unref();
  return async () => {
    if (!alive) return;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.ref();
    worker.postMessage("stop");
    await exited;
  };
}
