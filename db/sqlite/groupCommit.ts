/**
 * Group commit on SQLite: the units of work queued in one turn of the event loop share one transaction,
 * each inside its own savepoint, and run one after another in the order they were queued.
 *
 * Why (docs/performance.md): a commit writes every page the transaction touched to the WAL, two system
 * calls a page, and a placement touches about twenty pages (the order, its lines, event and outbox row, and
 * their indexes). Placements committed together write those pages once; a placement alone costs several
 * times more.
 *
 * Besides the guarantees of db/unitOfWork.ts: a unit that throws is rolled back to its savepoint and the
 * other units of the batch go on; a failed COMMIT fails every unit of the batch. The live announcements of the
 * batch's units (db/live.ts) are published after its COMMIT, those of units rolled back left out.
 */
import { CompiledQuery, type ControlledTransaction, type Kysely } from "kysely";
import type { Database } from "../schema";
import type { ReadUnit, UnitOfWork, Unit } from "../unitOfWork";
import { runPreparedQueriesDirectly } from "../compiledQuery";
import { changesOf, directRunnerOf, readerOf, sqliteHandleOf, type Reader } from "./connection";
import { collectAnnouncements, publishCommitted, type LiveChange } from "../live";

interface Job {
  unit: Unit<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The savepoint statements as ready SQL, run on the connection the batch holds: Kysely's `savepoint()` and
 * `releaseSavepoint()` build a query and a new transaction object per call, which cost more than SQLite's
 * own work for them (two per unit).
 */
const SAVEPOINT = CompiledQuery.raw('savepoint "unit"');
const RELEASE = CompiledQuery.raw('release "unit"');
const ROLLBACK_TO = CompiledQuery.raw('rollback to "unit"');
const BEGIN = CompiledQuery.raw("begin");
const COMMIT = CompiledQuery.raw("commit");

/** Units per transaction at most: a batch holds the write lock while it runs. */
const MAX_BATCH = 256;

export function createGroupCommit(db: Kysely<Database>): Omit<UnitOfWork, "lookup" | "groupCommits"> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) throw new Error("createGroupCommit: the database was not opened with openDatabase");
  const direct = directRunnerOf(db);
  const reader = readerOf(db);
  let queue: Job[] = [];
  let scheduled = false;
  let running = false;

  async function runBatch(batch: Job[]): Promise<void> {
    let trx: ControlledTransaction<Database>;
    try {
      trx = await db.startTransaction().execute();
      runPreparedQueriesDirectly(trx, direct);
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    // Each unit's live announcements (db/live.ts), published once the COMMIT holding them succeeded.
    const settled: { job: Job; ok: boolean; value: unknown; changes?: LiveChange[] }[] = [];
    const failAll = (error: unknown) => {
      for (const s of settled) if (s.ok) Object.assign(s, { ok: false, value: error });
    };
    let open = true;
    for (const job of batch) {
      if (!open) {
        settled.push({ job, ok: false, value: new Error("The batch's transaction was rolled back") });
        continue;
      }
      direct(SAVEPOINT);
      const changes = collectAnnouncements(trx);
      try {
        const value = await job.unit(trx);
        direct(RELEASE);
        settled.push({ job, ok: true, value, changes });
      } catch (error) {
        settled.push({ job, ok: false, value: error });
        if (sqlite!.inTransaction) {
          direct(ROLLBACK_TO);
          direct(RELEASE);
        } else {
          // SQLite rolled the whole transaction back (a full disk, an I/O error): the units before this
          // one in the batch are gone too.
          failAll(error);
          open = false;
        }
      }
    }
    if (open) {
      try {
        await trx.commit().execute();
      } catch (error) {
        if (sqlite!.inTransaction) await trx.rollback().execute();
        failAll(error);
      }
    } else {
      // Kysely still holds the connection for the transaction SQLite ended: give it back.
      await trx.rollback().execute().catch(() => undefined);
    }
    const committed = settled.filter((s) => s.ok).flatMap((s) => s.changes ?? []);
    if (committed.length > 0) publishCommitted(db, committed);
    for (const s of settled) (s.ok ? s.job.resolve : s.job.reject)(s.value);
  }

  function flush(): void {
    scheduled = false;
    if (running || queue.length === 0) return;
    const batch = queue.length > MAX_BATCH ? queue.splice(0, MAX_BATCH) : queue;
    if (batch === queue) queue = [];
    running = true;
    runBatch(batch)
      .catch((error) => batch.forEach((job) => job.reject(error)))
      .finally(() => {
        running = false;
        if (queue.length) schedule();
      });
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
        queue.push({ unit: unit as Unit<unknown>, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    read: reader ? readsOn(reader) : (unit) => db.connection().execute(unit),
    // Every commit on the connection, the units' and any other (a script's, a test's direct write).
    commits: changesOf(db),
  };
}

/**
 * Reads on the second connection: each read unit in a read transaction of its own (one snapshot for all its
 * statements), one unit at a time, never waiting for the batch the main connection is running.
 */
function readsOn(reader: Reader): UnitOfWork["read"] {
  runPreparedQueriesDirectly(reader.db, reader.run);
  let busy = false;
  const waiting: (() => void)[] = [];
  async function run<T>(unit: ReadUnit<T>): Promise<T> {
    try {
      reader.run(BEGIN);
      try {
        return await unit(reader.db);
      } finally {
        reader.run(COMMIT);
      }
    } finally {
      // The next read in line takes the connection over; `busy` stays set until none is left.
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    }
  }
  return <T>(unit: ReadUnit<T>) => {
    if (busy) return new Promise<void>((resolve) => waiting.push(resolve)).then(() => run(unit));
    busy = true;
    return run(unit);
  };
}
