/**
 * Opens the store's database and migrates it: the embedded SQLite file by default (db/sqlite/), PostgreSQL
 * when `DATABASE_URL` names one (db/postgres/). What knows an engine lives in its folder.
 */
import { Migrator, type Kysely } from "kysely";
import { migrations } from "./migrations/index";
import { openPostgres, postgresPoolOf, type PostgresOptions } from "./postgres/connection";
import { openDatabase, type OpenOptions } from "./sqlite/connection";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export { openDatabase, startCheckpointer, sqliteHandleOf, type OpenOptions } from "./sqlite/connection";
export { openPostgres, postgresPoolOf } from "./postgres/connection";

export type Engine = "sqlite" | "postgres";

/** Which engine a database made here runs on. */
export function engineOf<T>(db: Kysely<T>): Engine {
  return postgresPoolOf(db) ? "postgres" : "sqlite";
}

/**
 * The store's database: PostgreSQL at `databaseUrl` when it is set, else the SQLite file (checkpointed in the
 * background when `backgroundCheckpoints`, see db/sqlite/connection.ts).
 */
export function openStore(
  where: { databaseUrl: string | null; databaseFile: string },
  options: OpenOptions & PostgresOptions = {},
): DB {
  return where.databaseUrl ? openPostgres(where.databaseUrl, options) : openDatabase(where.databaseFile, options);
}

/** Runs every migration not yet applied; a failed one stops the start with its error. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
