/**
 * What a process starting on PostgreSQL does before it serves (server/main.ts): it sees whether the server
 * answers at all, and the demo seed takes an advisory lock so that instances started together on an empty
 * database add the catalogue once (Kysely's migrator takes one of its own for the migrations).
 */
import pg from "pg";
import { sql, type Transaction } from "kysely";
import type { Database } from "../schema";

/** How long a starting process waits for the server to accept a connection and answer `select 1`. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Resolves once the server at `url` accepts a connection and answers a trivial query; rejects with the
 * driver's reason (refused, timed out, no such database, password refused …) otherwise. A connection of its
 * own, closed at once: the pool behind the store's Kysely instance waits without a limit for a connection.
 */
export async function checkPostgresAnswers(url: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  // A server going away between connect and end would emit 'error' on the client: the rejection below says it.
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The advisory lock key of the demo seed: any constant the store uses for nothing else ("seed"). */
const DEMO_SEED_LOCK = 0x5eed;

/**
 * Inside a transaction: waits for any other transaction holding the demo seed's lock to end, then holds it
 * until this transaction ends. The seed's "is the database empty?" then runs after the other seed committed.
 */
export async function lockDemoSeed(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(DEMO_SEED_LOCK)})`.execute(trx);
}
