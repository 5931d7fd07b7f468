/**
 * What the migrations write differently per engine. One frozen migration set serves SQLite and PostgreSQL;
 * a migration branches only where a type or a default differs (issue 22). Like the migrations, this file
 * takes Kysely<any> and imports nothing of the application: what it writes for SQLite must stay exactly
 * what the migrations wrote before PostgreSQL existed.
 */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from "kysely";

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A table's own id: SQLite's `integer primary key autoincrement`, PostgreSQL's identity column. */
export function idColumn(db: Kysely<any>): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db) ? (c) => c.primaryKey().generatedByDefaultAsIdentity() : (c) => c.primaryKey().autoIncrement();
}

/**
 * Integers that pass 2^31: Telegram's user and chat ids. SQLite's `integer` holds 64 bits already; PostgreSQL's
 * is 32 bits, so there it is `bigint` (read back as a number, db/postgres/connection.ts).
 */
export function bigIntegerType(db: Kysely<any>): "integer" | "bigint" {
  return isPostgres(db) ? "bigint" : "integer";
}

/** The default of a `created_at`-like text column: the moment of the insert as an ISO 8601 UTC string. */
export function nowDefault(db: Kysely<any>): RawBuilder<string> {
  return isPostgres(db)
    ? sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}
