/**
 * Starts the store, or one role of it: configuration, database (SQLite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL), migrations, the demo seed on an empty database, then HTTP, jobs and the bot as the role
 * says; stops gracefully. One composition root (server/services/index.ts) for every role.
 */
import { existsSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { holdStoreLock } from "../db/sqlite/storeLock";
import { scheduleBackups } from "../db/backupSchedule";
import { takeStoreBackup } from "../db/backup";
import { checkPostgresAnswers, CONNECT_TIMEOUT_MS } from "../db/postgres/startup";
import { engineOf, migrateToLatest, openStore, startCheckpointer } from "../db/connection";
import { unitOfWorkOf } from "../db/unitOfWork";
import { seedDemo } from "../db/seed/demo";
import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp } from "./http/app";
import { buildProbeApp } from "./http/probes";
import { createLogger } from "./log";
import { createServices, type Services } from "./services/index";
import { createHoldJobs } from "./jobs/holds";
import { createTonWatcher } from "./jobs/tonWatcher";
import { createTonCenterChain } from "./services/tonChain";
import { botServicesOf, startTelegram, webhookFor } from "../bot/launch";

/** SIGINT/SIGTERM: what is still under way then gets this long before the process exits anyway (code 1). */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * What a process runs (docs/operations.md, "Several processes"):
 * - all (`npm start`): everything in one process;
 * - api (`npm run start:api`): HTTP only (API, mini-app, images), no bot handlers, no polling, no jobs;
 * - worker (`npm run start:worker`): the bot (polling or webhook), the outbox, the hold clock, the TON watcher
 *   and scheduled backups; its HTTP answers /api/health, /api/ready and (webhook mode) /telegram/webhook only;
 * - bot (`npm run start:bot`): the bot by long polling and its outbox worker alone, no HTTP, no jobs.
 */
export type Role = "all" | "api" | "worker" | "bot";

const PARTS: Record<Role, { http: "app" | "probes" | null; jobs: boolean; bot: "if-configured" | "required" | null }> = {
  all: { http: "app", jobs: true, bot: "if-configured" },
  api: { http: "app", jobs: false, bot: null },
  worker: { http: "probes", jobs: true, bot: "if-configured" },
  bot: { http: null, jobs: false, bot: "required" },
};

/** A start the operator has to fix (a database that does not answer, no build): a message and exit code 78, no stack. */
export class StartRefused extends Error {}

/** The whole store in one process (`npm start`, and the tests that run it in theirs). */
export async function start(config: Config) {
  const running = await startRole(config, "all");
  return { ...running, app: running.app! };
}

export async function startRole(config: Config, role: Role) {
  const parts = PARTS[role];
  refuseWhatCannotRun(config, role);
  const onPostgres = config.databaseUrl !== null;
  if (config.databaseUrl !== null) await checkDatabaseUrl(config.databaseUrl);
  // SQLite only, held while the process runs: `npm run restore` refuses while anyone holds it (db/sqlite/storeLock.ts).
  const lock = onPostgres ? null : holdStoreLock(config.dataDir);
  const db = openStore(config, { backgroundCheckpoints: !onPostgres });
  const stopCheckpointer =
    engineOf(db) === "sqlite" ? startCheckpointer(config.databaseFile, (error) => console.error("WAL checkpointer failed:", error)) : null;
  // On PostgreSQL Kysely's migrator and the seed each take an advisory lock: instances started together on an
  // empty database migrate it once and add the demo catalogue once.
  await migrateToLatest(db);
  const seeded = config.seedDemo && (await seedDemo(db, { uploadsDir: config.uploadsDir }));

  // The composition root: one set of use cases for the HTTP app, the jobs and the bot of this process. Only
  // HTTP signs people in, so the other roles send no mail.
  const log = createLogger(config, role === "all" ? {} : { process: role });
  const noMail = { send: async () => Promise.reject(new Error(`the ${role} process sends no mail`)) };
  const services = createServices(config, { db, log, ...(parts.http === "app" ? {} : { mailer: noMail }) });
  if (seeded) log.info("the database was empty: the demo catalogue was added");
  const app = await buildHttp(config, role, services);
  const gate = app ? gateRequests(app.server) : null;
  if (app) await app.listen({ host: config.host, port: config.port });
  if (!parts.jobs) log.info("this process runs no jobs: the hold clock, the TON watcher and scheduled backups run in a worker");
  // The statistics' roll-up is brought up to date once at start when another path (seed:year, a restore, a
  // script) wrote completed orders; in the background, so the store answers meanwhile.
  const rollup = parts.jobs ? refreshStatsRollup(services, log) : null;
  const holds = parts.jobs ? createHoldJobs({ holds: services.holds, log, intervalMs: config.holdCheckSeconds * 1000 }) : null;
  holds?.start();
  const tonWatcher = parts.jobs ? startTonWatcherIfConfigured(config, log, services) : null;
  const backups = parts.jobs ? scheduleBackupsIfConfigured(config, log) : null;
  const telegram = parts.bot ? await startTelegramIfConfigured(config, log, services, role) : null;
  if (!parts.bot) log.info("this process runs no bot: it runs in a worker (npm run start:worker)");
  services.health.markReady();

  // What shutdown still waits for, by name: main logs it if the deadline passes.
  const pending = new Set<string>();
  const waitFor = async (name: string, work: Promise<unknown> | undefined) => {
    pending.add(name);
    try {
      await work;
    } finally {
      pending.delete(name);
    }
  };
  const shutDown = async (signal: string) => {
    log.info({ signal }, "shutting down");
    // First: /api/ready answers 503, so a proxy's health check takes this process out of rotation; requests
    // are still served for SHUTDOWN_DRAIN_SECONDS, the time the proxy takes to notice (its check interval).
    services.health.markStopping();
    if (app && config.shutdownDrainSeconds > 0) {
      log.info({ seconds: config.shutdownDrainSeconds }, "draining: /api/ready answers 503, requests are still served");
      await waitFor("drain", new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000)));
    }
    gate?.close();
    // No new connections; requests under way finish (app.close waits for them) while the jobs, the bot and
    // a backup under way stop.
    await Promise.all([
      waitFor("HTTP requests", app?.close()),
      waitFor("pickup hold jobs", holds?.stop()),
      waitFor("TON watcher", tonWatcher?.stop()),
      waitFor("Telegram bot", telegram?.stop()),
      waitFor("scheduled backup", backups?.stop()),
      waitFor("statistics roll-up", rollup ?? undefined),
    ]);
    // Units run in the order they were queued: once this empty unit is through, every unit queued before it
    // is committed (or has failed and been answered), so closing the database loses none.
    await waitFor("units of work", unitOfWorkOf(db).write(async () => null));
    await waitFor("WAL checkpointer", stopCheckpointer?.());
    await waitFor("database", db.destroy());
    lock?.release();
    log.info("stopped");
  };
  let stopping: Promise<void> | null = null;
  const stop = (signal: string) => (stopping ??= shutDown(signal));
  const stillPending = () => [...pending].map((name) => (name === "HTTP requests" ? `${name} (${gate?.inFlight()} in flight)` : name));
  return { app, db, log, health: services.health, stop, pending: stillPending, telegram };
}

/** Before anything is opened: a role that cannot run in this configuration stops with a message (exit code 78). */
function refuseWhatCannotRun(config: Config, role: Role): void {
  if (role === "api" && (config.webappDir === null || !existsSync(join(config.webappDir, "index.html")))) {
    throw new StartRefused(
      `There is no built mini-app in ${config.webappDir ?? "WEBAPP_DIR"} (no index.html): run npm run build once, ` +
        "then start the API instances (they serve that build and never build it themselves)",
    );
  }
  if (role === "bot" && !config.botToken) throw new StartRefused("BOT_TOKEN is not set: there is no bot to run");
  if (role === "bot" && config.botMode === "webhook") {
    throw new StartRefused(
      "BOT_MODE is webhook: Telegram posts updates over HTTP, which start:bot does not serve. " +
        "Run npm run start:worker (it serves /telegram/webhook), or set BOT_MODE=polling",
    );
  }
}

/** DATABASE_URL names a PostgreSQL server: it must answer now, or the start stops saying so (exit code 78). */
async function checkDatabaseUrl(url: string): Promise<void> {
  try {
    await checkPostgresAnswers(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartRefused(
      `DATABASE_URL: the PostgreSQL server at ${serverOf(url)} does not answer (${reason}; waited at most ` +
        `${CONNECT_TIMEOUT_MS / 1000} s): ` +
        "check the address and that the server runs, or unset DATABASE_URL to run on SQLite in DATA_DIR",
    );
  }
}

/** host:port/database of a connection string, never its user or password. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host || "the local socket"}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/** The role's HTTP: the whole app, a worker's probes, or none. */
async function buildHttp(config: Config, role: Role, services: Services): Promise<FastifyInstance | null> {
  const kind = PARTS[role].http;
  if (kind === null) return null;
  // Only a process that runs the bot serves its webhook: an API instance answers /telegram/webhook with a 404.
  const telegramWebhook = PARTS[role].bot ? webhookFor(config, services) : null;
  return kind === "app" ? buildApp(config, services, { telegramWebhook }) : buildProbeApp(config, services, { telegramWebhook });
}

/**
 * Shutdown at the connection level: requests under way when it begins finish, and their answers close
 * their connections (a kept-alive one would otherwise hold the server open for its whole keep-alive
 * timeout); a request that still arrives on an open connection has the connection closed unanswered
 * before the app sees it. Refused, never half-served, never a 5xx.
 */
function gateRequests(server: Server) {
  const handlers = server.listeners("request") as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners("request");
  const inFlight = new Set<ServerResponse>();
  let closed = false;
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (closed) return void request.socket.destroy();
    inFlight.add(response);
    response.once("close", () => {
      inFlight.delete(response);
      // An answer that had begun (a file streaming) kept its connection alive: close it once idle.
      if (closed) setImmediate(() => server.closeIdleConnections());
    });
    for (const handler of handlers) handler.call(server, request, response);
  });
  return {
    close(): void {
      closed = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("connection", "close");
    },
    inFlight: () => inFlight.size,
  };
}

/** BACKUP_INTERVAL_HOURS set: the store backs itself up with the same code as `npm run backup` (either engine). */
function scheduleBackupsIfConfigured(config: Config, log: FastifyBaseLogger) {
  if (config.backupIntervalHours === null) return null;
  const backupsDir = join(config.dataDir, "backups");
  log.info({ everyHours: config.backupIntervalHours, backupsDir, keep: config.backupKeep }, "scheduled backups are on");
  return scheduleBackups(
    (signal) =>
      takeStoreBackup({
        databaseUrl: config.databaseUrl,
        databaseFile: config.databaseFile,
        uploadsDir: config.uploadsDir,
        backupsDir,
        keep: config.backupKeep,
        pgBin: config.pgBin,
        clock: Date.now,
        signal,
      }),
    config.backupIntervalHours * 3_600_000,
    {
      taken: (path) => log.info({ path }, "backup taken"),
      failed: (error) => log.error({ err: error }, "scheduled backup failed; the next one is due in the usual time"),
    },
  );
}

/** With TON_API_URL the chain watcher confirms crypto payments; without it one line says managers confirm them by hand. */
function startTonWatcherIfConfigured(config: Config, log: FastifyBaseLogger, { tonReconciliation, metrics }: Services) {
  if (!config.tonApiUrl) {
    log.info("the TON watcher is off: TON_API_URL is not set (managers confirm crypto payments by hand)");
    return null;
  }
  const watcher = createTonWatcher({
    tonReconciliation,
    chain: createTonCenterChain({ apiUrl: config.tonApiUrl, apiKey: config.tonApiKey }),
    log: log.child({ module: "ton" }),
    intervalMs: config.tonPollSeconds * 1000,
    looked: metrics.chainWatcher(),
  });
  watcher.start();
  return watcher;
}

/**
 * The bot and its outbox worker run here when BOT_TOKEN is set and BOT_MODE is not off (`npm start`, a
 * worker); one line says so otherwise. `npm run start:bot` has checked both already (refuseWhatCannotRun).
 */
async function startTelegramIfConfigured(config: Config, log: FastifyBaseLogger, services: Services, role: Role) {
  if (!config.botToken) {
    log.info("the Telegram bot is off: BOT_TOKEN is not set");
    return null;
  }
  if (config.botMode === "off") {
    log.info("the Telegram bot is off in this process (BOT_MODE=off): run it with npm run start:worker");
    return null;
  }
  const telegram = await startTelegram({
    services: botServicesOf(services),
    outbox: services.outbox,
    broadcasts: services.broadcasts.queue,
    config,
    log,
  });
  if (role === "worker" && config.botMode === "polling") {
    // Polling ends by itself only on a fatal error (a revoked token, another process polling): the worker's
    // other work (the outbox, the jobs) goes on, and /api/health still answers.
    // A refused token has said so in its own line already.
    void telegram.polling.then(async () => {
      if (!(await telegram.refused)) log.warn("the worker no longer polls Telegram (see the error above); its other jobs go on");
    });
  }
  return telegram;
}

/** The process: `npm start` (all), `npm run start:api`, `npm run start:worker`, `npm run start:bot`. */
export async function main(role: Role = "all"): Promise<void> {
  let config: Config;
  let running: Awaited<ReturnType<typeof startRole>>;
  try {
    config = loadConfig(process.env);
    running = await startRole(config, role);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartRefused) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const { app, log, stop, pending, telegram } = running;
  const address = app?.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(app ? `\n  Store is running: http://localhost:${port}${ROLE_NOTE[role]}\n` : `\n  Store is running${ROLE_NOTE[role]}\n`);
  const exitAfterStop = (signal: string, code: number) =>
    stop(signal).then(
      () => process.exit(code),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  let signalled = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      signalled = true;
      setTimeout(() => {
        log.fatal({ pending: pending() }, `shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting anyway`);
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS);
      void exitAfterStop(signal, 0);
    });
  }
  // The bot alone has nothing else to do once polling ended by itself (a revoked token, another process polling).
  if (role === "bot" && telegram) await telegram.polling.then(() => (signalled ? undefined : exitAfterStop("polling ended", 1)));
}

async function refreshStatsRollup(services: Services, log: FastifyBaseLogger): Promise<void> {
  const started = Date.now();
  try {
    if (await services.stats.refresh()) log.info({ ms: Date.now() - started }, "the statistics' roll-up was rebuilt from the orders");
  } catch (error) {
    log.warn({ err: error }, "the statistics' roll-up could not be rebuilt at start: the first statistics read will try again");
  }
}

const ROLE_NOTE: Record<Role, string> = {
  all: "",
  api: " (API instance: HTTP only, no bot, no jobs)",
  worker: " (worker: /api/health and /api/ready only, and /metrics with METRICS_TOKEN)",
  bot: " (the Telegram bot alone, long polling)",
};

// Run directly (`tsx server/main.ts`) as well as through scripts/start.ts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
