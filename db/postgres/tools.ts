/**
 * PostgreSQL's own client programs (pg_dump, pg_restore), which backups and restores on PostgreSQL run:
 * found in PG_BIN or on PATH, checked to be at least as new as the server, and given the connection without
 * its password on the command line (where `ps` would show it): the password travels in PGPASSWORD.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { BackupError } from "../backupFolder";

export type PostgresTool = "pg_dump" | "pg_restore";

/** A tool that is missing or too old for the server: nothing was done. The scripts exit with 69 (EX_UNAVAILABLE). */
export class PostgresToolUnavailable extends BackupError {}

const INSTALL = "On Debian or Ubuntu: apt-get install postgresql-client";

export interface FoundTool {
  path: string;
  major: number;
  version: string;
}

/**
 * The tool's path and version. `binDir` (PG_BIN) names its folder; null looks it up on PATH, where Debian's
 * /usr/bin/pg_dump picks the newest installed client.
 */
export async function findTool(tool: PostgresTool, binDir: string | null): Promise<FoundTool> {
  const path = binDir === null ? tool : join(binDir, tool);
  if (binDir !== null && !existsSync(path)) {
    throw new PostgresToolUnavailable(
      `${tool} is not in PG_BIN (${binDir}): it comes with PostgreSQL's client programs. ${INSTALL}, ` +
        "or set PG_BIN to the bin folder of a PostgreSQL as new as the server",
    );
  }
  const answer = await new Promise<string>((resolve, reject) =>
    execFile(path, ["--version"], { encoding: "utf8" }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  ).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "EACCES") {
      throw new PostgresToolUnavailable(
        `${tool} was not found on PATH: it comes with PostgreSQL's client programs. ${INSTALL} ` +
          "(a version as new as the server), or set PG_BIN to a PostgreSQL bin folder",
      );
    }
    throw new PostgresToolUnavailable(`${path} --version failed: ${error.message}`);
  });
  // "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"; before 10: "9.6.24".
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(answer);
  if (!match) throw new PostgresToolUnavailable(`${path} --version answered something else than a PostgreSQL version: ${answer.trim()}`);
  const major = Number(match[1]) >= 10 ? Number(match[1]) : Number(`${match[1]}.${match[2] ?? 0}`);
  return { path, major, version: answer.trim().replace(/^.*\(PostgreSQL\)\s+/, "") };
}

/** The server's major version (`server_version_num` 150018 → 15). */
export async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } catch (error) {
    throw new BackupError(`The PostgreSQL server of DATABASE_URL (${serverOf(databaseUrl)}) does not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A tool older than the server cannot dump it (pg_dump refuses) and may not read what a newer pg_dump wrote. */
export function requireAtLeast(tool: PostgresTool, found: FoundTool, server: number): void {
  if (found.major >= server) return;
  throw new PostgresToolUnavailable(
    `${found.path} is PostgreSQL ${found.version}, older than the server (PostgreSQL ${server}): ${tool} must be at least as new ` +
      `as the server. On Debian or Ubuntu: apt-get install postgresql-client-${server} (with PostgreSQL's apt repository), ` +
      `then PG_BIN=/usr/lib/postgresql/${server}/bin`,
  );
}

/** host:port/database of a connection string, never its user or password. */
export function serverOf(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.host || "the local socket"}${url.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/** The tool's view of the connection: the URL without the password, and the password for PGPASSWORD. */
function connectionOf(databaseUrl: string): { dbname: string; password: string | null } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : null;
  url.password = "";
  return { dbname: url.href, password };
}

/**
 * Runs a tool against the database (`--dbname` is added) or on a file; resolves with its stdout, or throws a
 * BackupError with its last lines of stderr (any password of the URL blanked out). Aborting kills it.
 */
export async function runTool(
  found: FoundTool,
  args: string[],
  { databaseUrl, signal }: { databaseUrl?: string; signal?: AbortSignal } = {},
): Promise<string> {
  const connection = databaseUrl === undefined ? null : connectionOf(databaseUrl);
  const argv = connection ? [...args, `--dbname=${connection.dbname}`] : args;
  // The tool's environment is the process's, so libpq's own settings (PGSSLMODE, ~/.pgpass) still apply.
  const env = connection?.password ? { ...process.env, PGPASSWORD: connection.password } : process.env;
  const child = spawn(found.path, argv, { env, stdio: ["ignore", "pipe", "pipe"], signal });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code === 0) return stdout;
  signal?.throwIfAborted();
  let said = stderr.trim().split("\n").slice(-5).join("; ");
  if (connection?.password) said = said.split(connection.password).join("***");
  throw new BackupError(`${found.path.split("/").pop()} failed (exit code ${code}): ${said || "it said nothing"}`);
}
