/**
 * `npm run cluster`: the store as several processes behind a real proxy, on this machine (issue 22). A
 * throwaway PostgreSQL (scripts/postgresServer.ts, as the tests start it), migrated and given the demo
 * catalogue once; two API instances (`npm run start:api`) and one worker (`npm run start:worker`) as child
 * processes on ports of their own; and Caddy in front on https://localhost:8443 (CLUSTER_PORT) with its own
 * local CA (`tls internal`): round robin over the API instances with health checks on /api/ready and
 * retries, /telegram/webhook to the worker. Ctrl-C (SIGINT, SIGTERM, SIGHUP) stops Caddy, then the store's
 * processes, then PostgreSQL, removes every file the cluster made, and exits 0.
 *
 * Everything lives in one temporary folder and goes at the stop: it is for seeing the production shape
 * (deploy/Caddyfile) run, not for keeping a shop's data. docs/operations.md, "Several processes behind Caddy".
 *
 * Each process is announced in one line the tests parse: `cluster: NAME pid=PID ADDRESS`; stopping one of them
 * (`kill PID`) leaves the others running, as a crash or a deploy of one instance would.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { migrateToLatest, openPostgres } from "../db/connection";
import { seedDemo } from "../db/seed/demo";
import { startPostgresServer, type PostgresServer } from "./postgresServer";

const PROJECT = fileURLToPath(new URL("..", import.meta.url));

const CADDY_MISSING =
  "npm run cluster needs Caddy 2 (the caddy program) in front of the store and found none on PATH. " +
  "On Debian or Ubuntu: apt-get install -y caddy";

/** A process that does not stop this long after SIGTERM is killed (the store's own deadline is 10 s). */
const STOP_DEADLINE_MS = 15_000;
/** Caddy answers /api/ready through itself within this long of starting, or the start fails. */
const CADDY_READY_MS = 20_000;

/** A failure the operator fixes (no Caddy, no PostgreSQL, a bad CLUSTER_PORT): the message alone, exit code 78. */
class ClusterRefused extends Error {}

interface Member {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Set once the cluster itself asked it to stop: its exit is then no news. */
  stopping: boolean;
}

function httpsPort(): number {
  const raw = process.env.CLUSTER_PORT?.trim() || "8443";
  const port = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new ClusterRefused(`CLUSTER_PORT must be a port number 1-65535 (got "${raw}")`);
  return port;
}

function caddyProgram(): string {
  const found = spawnSync("sh", ["-c", "command -v caddy"], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new ClusterRefused(CADDY_MISSING);
  const version = spawnSync(found, ["version"], { encoding: "utf8" }).stdout.trim();
  if (!/^v?2\./.test(version)) throw new ClusterRefused(`${CADDY_MISSING} (${found} says its version is "${version}", not 2.x)`);
  return found;
}

/** The API instances serve the build `npm run build` made and never build: make it once if there is none. */
async function ensureBuild(): Promise<void> {
  const webappDir = resolve(PROJECT, process.env.WEBAPP_DIR?.trim() || "webapp/dist");
  if (existsSync(join(webappDir, "index.html"))) return;
  say(`there is no built mini-app in ${webappDir}: running npm run build once`);
  const built = await exitOf(spawn("npm", ["run", "build"], { cwd: PROJECT, stdio: "inherit" }));
  if (built !== 0 || !existsSync(join(webappDir, "index.html"))) throw new Error(`npm run build failed (exit code ${built})`);
}

function say(line: string): void {
  console.log(`cluster: ${line}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
    child.once("exit", (code) => done(code));
  });
}

/**
 * A child in a process group of its own: a Ctrl-C in the terminal reaches the cluster alone, which stops
 * the processes in order (Caddy, the store, PostgreSQL last). Its output is printed line by line after its name.
 */
function launch(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Member {
  const child = spawn(command, args, { cwd: PROJECT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
  }
  const member: Member = { name, child, exited: exitOf(child), stopping: false };
  void member.exited.then((code) => {
    if (!member.stopping) say(`${name} exited (code ${code ?? child.signalCode}); the other processes go on`);
  });
  return member;
}

/** One of the store's processes (`npm run start:api`, `npm run start:worker`); resolves with its HTTP port once it listens. */
async function startStoreProcess(name: string, script: string, env: NodeJS.ProcessEnv, members: Member[]): Promise<number> {
  const member = launch(name, process.execPath, ["--import", "tsx", script], env);
  members.push(member);
  const port = await new Promise<number>((done, fail) => {
    const lines = createInterface({ input: member.child.stdout! });
    lines.on("line", (line) => {
      const match = /Store is running: http:\/\/localhost:(\d+)/.exec(line);
      if (match) done(Number(match[1]));
    });
    void member.exited.then((code) => fail(new Error(`${name} exited (code ${code}) before it listened: see its lines above`)));
  });
  say(`${name} pid=${member.child.pid} http://127.0.0.1:${port}`);
  return port;
}

/**
 * The cluster's Caddyfile: deploy/Caddyfile's shape, with Caddy's local CA instead of Let's Encrypt, no admin
 * API, nothing written outside `root`, and the ports the processes got.
 */
function caddyfile(options: { root: string; port: number; apis: number[]; worker: number }): string {
  const upstreams = (ports: number[]) => ports.map((port) => `127.0.0.1:${port}`).join(" ");
  return `# Made by scripts/cluster.ts for this run; the production shape is deploy/Caddyfile.
{
	admin off
	# Caddy's local CA stays in this folder: nothing is added to the system's trust store.
	skip_install_trust
	storage file_system ${join(options.root, "caddy")}
	# HTTPS only: no listener on port 80 for redirects.
	auto_https disable_redirects
	grace_period 5s
	# The cluster says itself when a process stops; Caddy's INFO would add a line a second per stopped upstream.
	log {
		level WARN
	}
	servers {
		protocols h1 h2
	}
}

https://localhost:${options.port} {
	# This machine only; IPv4 alone, as a machine without IPv6 has no [::1] to bind (clients try both).
	bind 127.0.0.1
	tls internal

	handle /telegram/webhook {
		reverse_proxy 127.0.0.1:${options.worker}
	}

	handle {
		reverse_proxy ${upstreams(options.apis)} {
			lb_policy round_robin
			# An instance that refuses the connection (stopped, restarting) costs a retry on another, not an
			# error. So does one that drops it with the request sent, for reads and for writes with an
			# Idempotency-Key (a retry of one places one order). Naming any lb_retry_match replaces Caddy's
			# default of retrying GETs, so GET is named too.
			lb_try_duration 5s
			lb_try_interval 100ms
			lb_retry_match {
				method GET HEAD
			}
			lb_retry_match {
				header Idempotency-Key *
			}
			fail_duration 10s
			health_uri /api/ready
			health_interval 1s
			health_timeout 1s
		}
	}
}
`;
}

/** GET over HTTPS trusting only Caddy's local CA: the status, or null when nothing answered. */
function statusOf(url: string, ca: Buffer): Promise<number | null> {
  return new Promise((done) => {
    const req = request(url, { ca, timeout: 2_000 }, (res) => {
      res.resume();
      done(res.statusCode ?? null);
    });
    req.on("error", () => done(null));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

async function waitForCaddy(caddy: Member, url: string, caFile: string): Promise<void> {
  const deadline = Date.now() + CADDY_READY_MS;
  let gone = false;
  void caddy.exited.then(() => (gone = true));
  let last: number | string = "no answer";
  while (Date.now() < deadline && !gone) {
    if (existsSync(caFile)) {
      last = (await statusOf(`${url}/api/ready`, await readFile(caFile))) ?? last;
      if (last === 200) return;
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(
    gone
      ? "caddy exited before it served: see its lines above"
      : `caddy did not answer ${url}/api/ready with 200 within ${CADDY_READY_MS / 1000} s (last: ${last})`,
  );
}

/** SIGTERM, then SIGKILL after the deadline; true when it stopped by itself. */
async function stopMember(member: Member): Promise<boolean> {
  member.stopping = true;
  if (member.child.exitCode !== null || member.child.signalCode !== null) return true;
  member.child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    member.exited.then(() => true),
    new Promise<false>((done) => (timer = setTimeout(() => done(false), STOP_DEADLINE_MS))),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    say(`${member.name} did not stop within ${STOP_DEADLINE_MS / 1000} s: killing it`);
    member.child.kill("SIGKILL");
  }
  say(`${member.name} stopped (code ${(await member.exited) ?? member.child.signalCode})`);
  return inTime;
}

async function runCluster(): Promise<void> {
  const port = httpsPort();
  const caddyBin = caddyProgram();
  await ensureBuild();

  const root = await mkdtemp(join(tmpdir(), "store-cluster-"));
  const cluster: Cluster = { root, port, caddyBin, members: [], postgres: null, stopRequested: null };

  // Caddy first (nothing new comes in, what is under way finishes), then the store's processes (each drains
  // and closes its pool), PostgreSQL last.
  const stopAll = async (why: string): Promise<boolean> => {
    say(`stopping (${why})`);
    const caddy = cluster.members.filter((m) => m.name === "caddy");
    const store = cluster.members.filter((m) => m.name !== "caddy");
    const inTime = [...(await Promise.all(caddy.map(stopMember))), ...(await Promise.all(store.map(stopMember)))];
    if (cluster.postgres) {
      cluster.postgres.stop();
      say("postgresql stopped");
    }
    await rm(root, { recursive: true, force: true });
    say("stopped");
    return inTime.every(Boolean);
  };

  const started = startEverything(cluster);
  let stopping: Promise<void> | null = null;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // `on`, not `once`: npm and tsx may pass on a Ctrl-C the cluster already had, and a second one must not kill
    // it halfway through stopping the others.
    process.on(signal, () => {
      cluster.stopRequested ??= signal;
      // A stop during the start waits for the step under way, then stops what was started.
      stopping ??= started
        .catch(() => undefined)
        .then(() => stopAll(signal))
        .then((clean) => process.exit(clean ? 0 : 1));
    });
  }
  try {
    await started;
  } catch (error) {
    if (cluster.stopRequested) return;
    await stopAll("the start failed");
    throw error;
  }
}

interface Cluster {
  root: string;
  port: number;
  caddyBin: string;
  members: Member[];
  postgres: PostgresServer | null;
  /** The signal that asked the cluster to stop, once one did. */
  stopRequested: string | null;
}

async function startEverything(cluster: Cluster): Promise<void> {
  const { root, port } = cluster;
  const url = `https://localhost:${port}`;
  const step = () => {
    if (cluster.stopRequested) throw new Error(`${cluster.stopRequested} during the start`);
  };
  try {
    cluster.postgres = await startPostgresServer();
  } catch (error) {
    throw new ClusterRefused(`npm run cluster: ${error instanceof Error ? error.message : String(error)}`);
  }
  step();
  const databaseUrl = await cluster.postgres.createDatabase("store");
  say(`postgresql ${cluster.postgres.version} at ${databaseUrl} (a throwaway server: its data goes when the cluster stops)`);
  const dataDir = join(root, "data");
  const uploadsDir = join(dataDir, "uploads");
  // Once, before the processes start (each would also migrate and seed safely, under advisory locks).
  const db = openPostgres(databaseUrl, { max: 1 });
  try {
    await migrateToLatest(db);
    await seedDemo(db, { uploadsDir });
  } finally {
    await db.destroy();
  }
  say("migrated, demo catalogue added");
  step();

  const storeEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    UPLOADS_DIR: uploadsDir,
    HOST: "127.0.0.1",
    PORT: "0",
    // Caddy connects from here: the store believes its X-Forwarded-For (the customer's address).
    TRUST_PROXY: "127.0.0.1",
    PUBLIC_URL: process.env.PUBLIC_URL?.trim() || url,
    SEED_DEMO: "false",
    // A stopping instance answers /api/ready 503 and goes on serving for longer than Caddy's 1 s health
    // interval: the health check, not a retry, takes it out of rotation.
    SHUTDOWN_DRAIN_SECONDS: process.env.SHUTDOWN_DRAIN_SECONDS?.trim() || "2",
  };
  const [api1, api2, worker] = await Promise.all([
    startStoreProcess("api-1", "scripts/start-api.ts", storeEnv, cluster.members),
    startStoreProcess("api-2", "scripts/start-api.ts", storeEnv, cluster.members),
    startStoreProcess("worker", "scripts/start-worker.ts", storeEnv, cluster.members),
  ]);
  step();

  const file = join(root, "Caddyfile");
  await writeFile(file, caddyfile({ root, port, apis: [api1, api2], worker }));
  const caddyHome = join(root, "caddy-home");
  const caddy = launch("caddy", cluster.caddyBin, ["run", "--config", file, "--adapter", "caddyfile"], {
    ...process.env,
    HOME: caddyHome,
    XDG_DATA_HOME: join(caddyHome, "data"),
    XDG_CONFIG_HOME: join(caddyHome, "config"),
  });
  cluster.members.push(caddy);
  const caFile = join(root, "caddy", "pki", "authorities", "local", "root.crt");
  await waitForCaddy(caddy, url, caFile);
  say(`caddy pid=${caddy.child.pid} ${url} (Caddyfile ${file}; local CA ${caFile})`);
  say(`ready: ${url} (try: curl --cacert ${caFile} ${url}/api/ready). Ctrl-C stops it all`);
}

runCluster().catch((error) => {
  if (error instanceof ClusterRefused) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(error);
  process.exit(1);
});
