/**
 * Units of work: every use case that writes runs as one async function of a Kysely transaction, and its
 * caller hears of it once it is committed. `read` runs a use case that only reads.
 *
 * The guarantees each unit keeps, on any engine:
 * - atomic: a unit that throws changes nothing and its caller gets the error;
 * - durable before answered: no caller hears of its unit until the commit holding it has succeeded;
 * - announced after the commit: what a unit announces to the live streams (db/live.ts) is published once
 *   the commit holding it has succeeded, never for a unit that threw or an attempt that was run again.
 *
 * What a unit must not rely on: that no other unit runs beside it. Every rule that reads and then writes
 * is a conditional write whose affected-row count decides, a unique key, or a lock on the row that owns
 * what was read (`lockRows`), so it holds when two transactions run at once (docs/decisions.md, "Rules
 * under concurrency"). A unit does database work only (no network calls): on SQLite the units queued in one
 * turn share a transaction (db/sqlite/groupCommit.ts), and a slow unit holds up the others.
 *
 * Inside a unit, every statement runs on `tx`: a statement on the database itself would wait for the
 * connection the unit holds (on SQLite, forever).
 *
 * Names and times: the services ask through a named view (`unitOfWorkOf(db).named("orders")`, then
 * `write("place", …)`: the unit "orders.place"), and every named unit's times go to the watchers of its
 * database (`watchUnits`: the store's metrics and its slow-unit log, server/services/metrics.ts).
 */
import type { Transaction } from "kysely";
import type { DB } from "./connection";
import type { Executor } from "./executor";
import type { Database } from "./schema";
import { createGroupCommit } from "./sqlite/groupCommit";
import { sqliteHandleOf } from "./sqlite/connection";
import { postgresChangesOf } from "./postgres/connection";
import { collectAnnouncements, publishCommitted, type LiveChange } from "./live";

export type Unit<T> = (tx: Transaction<Database>) => Promise<T>;
export type ReadUnit<T> = (tx: Executor) => Promise<T>;
/** What became of one item of a batched unit: its value, or what refused it alone. */
export type Outcome<O> = { value: O } | { error: unknown };
export type BatchUnit<I, O> = (tx: Transaction<Database>, items: readonly I[]) => Promise<Outcome<O>[]>;
export type StatementUnit<I, O> = (db: Executor, items: readonly I[]) => Promise<Outcome<O>[]>;

/**
 * An item of a `together` unit that must run on its own instead (its caller runs it as a unit of its own): what
 * the batch gives an item it cannot decide alongside the others, and every item of a batch that failed as a whole
 * (then `cause` is the batch's error).
 */
export class RunAlone extends Error {
  constructor(cause?: unknown) {
    super("This item runs as a unit of its own", cause === undefined ? undefined : { cause });
  }
}

/** Batches of a `together` unit in flight at once: one collects while another runs. */
const BATCHES_AT_ONCE = 2;

export interface UnitOfWork {
  /** Runs `unit` in a transaction; resolves once it is committed, rejects with what it threw. */
  write<T>(unit: Unit<T>): Promise<T>;
  /** Runs a read on committed data, its statements on one connection. */
  read<T>(unit: ReadUnit<T>): Promise<T>;
  /**
   * Runs a read of exactly one statement on committed data. A statement is its own snapshot on every engine,
   * so where a transaction costs round trips to the server (PostgreSQL: a begin and a commit beside the
   * statement) none is opened. For the hot single lookups only (every request's session).
   */
  lookup<T>(unit: ReadUnit<T>): Promise<T>;
  /**
   * A figure that moves whenever this process commits a change to the database: a cache of what it may
   * change is out of date once the figure moves (server/services/catalog.ts).
   */
  commits(): number;
  /** The units of one turn already share a transaction (SQLite's group commit, db/sqlite/groupCommit.ts). */
  groupCommits: boolean;
}

/**
 * The units of one area of the store (a service), each run named `area.operation`, timed, and its times told
 * to the database's watchers.
 */
export interface NamedUnits {
  write<T>(operation: string, unit: Unit<T>): Promise<T>;
  /**
   * Where each unit is a transaction of its own (PostgreSQL), the calls made in one turn of the event loop (at
   * most `max`) run as ONE unit, `unit(tx, items)`, which answers each item on its own (`Outcome`): so a use
   * case's statements can be written once for all of them (set-based), as SQLite's group commit writes their
   * pages once. When the unit throws, nothing of it is kept and every item of it is rejected with `RunAlone`
   * (its cause the unit's error): the caller runs each on its own, so no item fails because of its neighbours.
   * Undefined on SQLite: its group commit already shares one transaction among the units of a turn.
   */
  together<I, O>(operation: string, unit: BatchUnit<I, O>, options?: { max?: number }): ((item: I) => Promise<O>) | undefined;
  /**
   * `together` for one statement that is atomic alone (a lookup, an upsert): it runs without a transaction around
   * it, as `lookup` does. For the statements every request makes (its session, its rate limit).
   */
  statementTogether<I, O>(operation: string, unit: StatementUnit<I, O>, options?: { max?: number }): ((item: I) => Promise<O>) | undefined;
  read<T>(operation: string, unit: ReadUnit<T>): Promise<T>;
  lookup<T>(operation: string, unit: ReadUnit<T>): Promise<T>;
  commits(): number;
}

/**
 * What a named unit took, in milliseconds (performance.now(), no stack, nothing else):
 * - `runMs`: its own run, from its first statement to its return (or throw), inside its transaction; on
 *   SQLite inside its savepoint of the group's transaction, on PostgreSQL inside its own transaction, a lock
 *   wait included on either (the last attempt's, when PostgreSQL made it run again);
 * - `waitMs`: the rest of the time until its caller was answered: on SQLite the queue, the units before it
 *   in its batch and the batch's COMMIT; on PostgreSQL a pool connection, BEGIN, COMMIT and earlier attempts.
 */
export type UnitWatcher = (unit: string, runMs: number, waitMs: number) => void;

interface Runner {
  units: UnitOfWork;
  watchers: UnitWatcher[];
}

const runners = new WeakMap<DB, Runner>();

function runnerOf(db: DB): Runner {
  let runner = runners.get(db);
  if (!runner) {
    runner = { units: engineUnitsOf(db), watchers: [] };
    runners.set(db, runner);
  }
  return runner;
}

/** Every named unit of `db` from now on is told to `watcher` (each process's metrics: createServices). */
export function watchUnits(db: DB, watcher: UnitWatcher): void {
  runnerOf(db).watchers.push(watcher);
}

/** The one unit-of-work runner of a database, and its named views. */
export function unitOfWorkOf(db: DB): UnitOfWork & { named(area: string): NamedUnits } {
  const runner = runnerOf(db);
  return { ...runner.units, named: (area) => namedUnits(runner, area) };
}

function namedUnits({ units, watchers }: Runner, area: string): NamedUnits {
  /** Times one unit: a performance.now() pair around its own run, one more once its caller is answered. */
  async function timed<T, X>(operation: string, run: (unit: (tx: X) => Promise<T>) => Promise<T>, unit: (tx: X) => Promise<T>) {
    const asked = performance.now();
    let runMs = 0;
    try {
      return await run(async (tx) => {
        const started = performance.now();
        try {
          return await unit(tx);
        } finally {
          runMs = performance.now() - started;
        }
      });
    } finally {
      const waitMs = performance.now() - asked - runMs;
      const name = `${area}.${operation}`;
      // A watcher's failure (a log that cannot be written) must not turn a committed unit into a failed one.
      for (const watcher of watchers) {
        try {
          watcher(name, runMs, waitMs);
        } catch {
          // The unit's own outcome stands; the figures of this one unit are lost.
        }
      }
    }
  }
  return {
    write: (operation, unit) => timed(operation, units.write, unit),
    together: (operation, unit, { max = 64 } = {}) =>
      units.groupCommits
        ? undefined
        : batched(max, (items) => timed(operation, units.write, (tx: Transaction<Database>) => unit(tx, items))),
    statementTogether: (operation, unit, { max = 64 } = {}) =>
      units.groupCommits ? undefined : batched(max, (items) => timed(operation, units.lookup, (db: Executor) => unit(db, items))),
    read: (operation, unit) => timed(operation, units.read, unit),
    lookup: (operation, unit) => timed(operation, units.lookup, unit),
    commits: units.commits,
  };
}

/** The engine's runner: on SQLite, one group-commit queue per connection; elsewhere a transaction per unit. */
function engineUnitsOf(db: DB): UnitOfWork {
  if (sqliteHandleOf(db)) {
    const groupCommit = createGroupCommit(db);
    return { ...groupCommit, lookup: groupCommit.read, groupCommits: true };
  }
  return transactionPerUnit(db);
}

/**
 * What PostgreSQL answers when a transaction lost to another one and nothing of it was kept: a deadlock
 * (40P01: two units waited for rows the other held; locks taken in one order avoid it, but an order that
 * follows data, like a referral chain, cannot always be fixed in advance) or a serialization failure (40001).
 * A unit does database work only, so running it again from the start is safe.
 */
const RUN_AGAIN = new Set(["40P01", "40001"]);
const MAX_ATTEMPTS = 3;

/** Engines with a pool of connections (PostgreSQL): each unit is a transaction of its own. */
function transactionPerUnit(db: DB): UnitOfWork {
  const changes = postgresChangesOf(db);
  if (!changes) throw new Error("unitOfWorkOf: the database was not opened with openDatabase or openPostgres");
  return {
    async write(unit) {
      for (let attempt = 1; ; attempt++) {
        try {
          // The attempt's live announcements (db/live.ts): published after its COMMIT, dropped with a failed
          // attempt. Publishing costs the unit nothing (the NOTIFY goes later, on another connection).
          let changes: LiveChange[] = [];
          const value = await db.transaction().execute((tx) => {
            changes = collectAnnouncements(tx);
            return unit(tx);
          });
          publishCommitted(db, changes);
          return value;
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !RUN_AGAIN.has((error as { code?: unknown }).code as string)) throw error;
        }
      }
    },
    // One snapshot for all of a read's statements, as the SQLite reader gives (db/sqlite/groupCommit.ts).
    read: (unit) => db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(unit),
    lookup: (unit) => unit(db),
    commits: changes,
    groupCommits: false,
  };
}

/**
 * Calls queued in one turn of the event loop, run `max` at a time by `run`, at most BATCHES_AT_ONCE batches in
 * flight; each call settles with its own outcome, or, when the batch failed as a whole, with `RunAlone`.
 */
function batched<I, O>(max: number, run: (items: readonly I[]) => Promise<Outcome<O>[]>): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = 0;
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    while (queue.length > 0 && running < BATCHES_AT_ONCE) {
      const batch = queue.slice(0, max);
      queue = queue.slice(max);
      running++;
      run(batch.map((w) => w.item))
        .then(
          (outcomes) =>
            batch.forEach((w, i) => {
              const outcome = outcomes[i];
              if (!outcome) w.reject(new Error("A batched unit gave no outcome for one of its items"));
              else if ("error" in outcome) w.reject(outcome.error);
              else w.resolve(outcome.value);
            }),
          (error: unknown) => batch.forEach((w) => w.reject(new RunAlone(error))),
        )
        .finally(() => {
          running--;
          schedule();
        });
    }
  };
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(drain);
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
