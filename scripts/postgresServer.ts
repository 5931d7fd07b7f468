/**
 * A throwaway PostgreSQL server for the tests, the benchmarks and the local cluster (issue 22): Debian's
 * `postgresql` binaries (`.ci/run` installs them as it installs Chromium), a cluster in a temporary folder with
 * `fsync=off`, listening on a free port
 * of 127.0.0.1, gone when stopped. PostgreSQL refuses to run as root: as root the cluster belongs to the
 * `postgres` user Debian's package creates, and its commands run through `runuser`.
 *
 * No Docker, no PGlite (it runs one transaction at a time and would hide the races the tests exist for).
 */
import { execFileSync, spawnSync } from "node:child_process";
import pg from "pg";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./freePort";

export const MISSING_POSTGRES =
  "The tests need a PostgreSQL server's programs (initdb, pg_ctl) and found none. On Debian or Ubuntu: " +
  "apt-get install -y postgresql (as root: it also creates the postgres user the server runs as). " +
  "Elsewhere: put PostgreSQL 14 or newer's bin folder on PATH.";

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: the server's own maintenance database. */
  url: string;
  port: number;
  /** The server's version, as `pg_ctl --version` says it. */
  version: string;
  /** The URL of another database on this server. */
  urlOf(database: string): string;
  /**
   * The same database reached through the server's Unix socket instead of TCP: what a store on the database's
   * own machine should use (a round trip costs both sides about half the CPU of one over loopback TCP).
   */
  socketUrlOf(database: string): string;
  /** Makes an empty database on this server (a copy of `template` when given); its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  /** The server's main process (the backends serving connections are its children). */
  pid(): number;
  /** Stops the server and keeps its data, as an outage would (`resume` starts it again on the same port). */
  pause(): void;
  resume(): void;
  stop(): void;
}

/** The folder holding initdb and pg_ctl: PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
function binaries(): string {
  const candidates = [process.env.PG_BIN];
  if (existsSync("/usr/lib/postgresql")) {
    const versions = readdirSync("/usr/lib/postgresql").filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  for (const dir of candidates) if (dir && existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (found && existsSync(found)) return join(found, "..");
  throw new Error(MISSING_POSTGRES);
}


export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = binaries();
  const asRoot = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | null = null;
  if (asRoot) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    if (id.status !== 0) throw new Error(`${MISSING_POSTGRES} (running as root, and there is no postgres user to run it as)`);
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim();
    owner = { uid: Number(id.stdout.trim()), gid: Number(gid) };
  }
  const root = mkdtempSync(join(tmpdir(), "store-pg-"));
  chmodSync(root, 0o755);
  const dataDir = join(root, "data");
  if (owner) chownSync(root, owner.uid, owner.gid);
  const run = (program: string, args: string[]) => {
    const command = owner ? "runuser" : join(bin, program);
    const argv = owner ? ["-u", "postgres", "--", join(bin, program), ...args] : args;
    execFileSync(command, argv, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  };
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C"]);
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${root}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = () => run("pg_ctl", ["-D", dataDir, "-o", settings, "-l", join(root, "server.log"), "-w", "start"]);
  start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const version = execFileSync(join(bin, "pg_ctl"), ["--version"], { encoding: "utf8" }).replace(/^pg_ctl \(PostgreSQL\) /, "").trim();
  return {
    url: urlOf("postgres"),
    port,
    version,
    urlOf,
    socketUrlOf: (database) => `postgres://postgres@localhost:${port}/${database}?host=${encodeURIComponent(root)}`,
    createDatabase: (name, template) => createDatabase(urlOf("postgres"), name, template),
    pid: () => Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]),
    pause: () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    resume: start,
    stop() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Paused (already stopped): nothing more to stop.
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Makes a database on the server of `serverUrl` (any database URL of it), empty or a copy of `template`;
 * answers the new database's URL. `name` and `template` are plain identifiers chosen by the caller.
 */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
