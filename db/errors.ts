/**
 * Errors that mean "the database cannot be reached right now", on either engine, so the edge can answer 503
 * (try again soon) instead of 500 (our bug): PostgreSQL refusing, restarting, shutting down or not answering
 * in time, a connection broken mid-query; SQLite still locked by another process after its busy timeout.
 */
const CODES = new Set([
  // Node's socket errors while reaching the server.
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, and class 08 (connection exceptions).
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // SQLite: another process held the write lock past the busy timeout.
  "SQLITE_BUSY",
]);

/** pg's own words for a connection it lost or could not make in time. */
const MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === "string" && CODES.has(code)) || MESSAGES.test(error.message);
}

/**
 * A write refused by a unique key (PostgreSQL 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE): what a use case that
 * checked first and lost a race to another process meets; it answers the caller's 409 rather than a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
