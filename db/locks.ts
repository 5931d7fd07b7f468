/**
 * Row locks for rules that read an aggregate and then write (a bonus balance, a customer's open orders):
 * the unit locks the row that owns the aggregate first, so a second unit for the same owner waits until
 * the first has committed and then reads what it wrote. Units lock in one fixed order (users, shops,
 * products, orders; each table by ascending id) so two units never wait for each other.
 *
 * On SQLite a writing unit already holds the database's write lock (BEGIN IMMEDIATE, db/sqlite/), so there
 * is nothing more to take; on engines with row locks this is `select … for update`.
 */
import { sql, SqliteAdapter } from "kysely";
import type { Executor } from "./executor";

type LockableTable = "users" | "shops" | "products" | "orders";

export async function lockRows(tx: Executor, table: LockableTable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || tx.getExecutor().adapter instanceof SqliteAdapter) return;
  await tx
    .selectFrom(table)
    .select("id")
    .where("id", "in", [...ids].sort((a, b) => a - b))
    .orderBy("id")
    .forUpdate()
    .execute();
}

/**
 * A lock on a name no row owns yet (an e-mail address whose code sends are counted before any code row
 * exists), held until the unit ends: units about the same name run one after the other. On SQLite the
 * unit's write lock covers it already; on PostgreSQL it is a transaction-level advisory lock on a hash of
 * the scope and name (a hash collision only makes two names wait for each other).
 */
export async function lockName(tx: Executor, scope: string, name: string): Promise<void> {
  if (tx.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${name}`}, 0))`.execute(tx);
}
