/** Opens the embedded SQLite database with the settings every connection needs, and migrates it. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { migrations } from "./migrations/index";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

/** The better-sqlite3 handle under each Kysely instance made here, for the few hot reads that skip Kysely. */
const handles = new WeakMap<Kysely<any>, SQLite.Database>();

export function sqliteHandleOf(db: Kysely<any>): SQLite.Database | undefined {
  return handles.get(db);
}

/** `file` is a path, or ":memory:" for a private database (tests). */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the one writer; NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
  return db;
}

/** Runs every migration not yet applied; a failed one stops the start with its error. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
