/**
 * Rate-limit counters shared by every API instance on one PostgreSQL database (issue 22): one row per key (a
 * route and a session, a sign-in address, a client address's code sends), the count of hits in the key's window
 * and when that window ends (ISO text, as every time of the store). Frozen once shipped; it takes Kysely<any>
 * and imports nothing of the application.
 *
 * PostgreSQL only: on SQLite one process serves HTTP and counts in memory (docs/decisions.md, "Rate limits
 * across instances"), so the file keeps the schema it had. UNLOGGED: a hit writes no WAL and its commit waits for
 * no flush; after a crash or on a promoted replica the table is empty, which only restarts every window.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable("rate_limit_counts")
    .modifyFront(sql`unlogged`)
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  // The sweep of ended windows reads them by their end.
  await db.schema.createIndex("rate_limit_counts_expires_at").on("rate_limit_counts").column("expires_at").execute();
}
