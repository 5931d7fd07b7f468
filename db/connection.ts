/**
 * Opens the store's database and migrates it. The store runs on the embedded SQLite file; what knows that
 * engine lives in db/sqlite/.
 */
import { Migrator, type Kysely } from "kysely";
import { migrations } from "./migrations/index";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export { openDatabase, startCheckpointer, sqliteHandleOf, type OpenOptions } from "./sqlite/connection";

/** Runs every migration not yet applied; a failed one stops the start with its error. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
