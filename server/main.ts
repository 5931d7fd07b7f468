/** Starts the store: configuration, database, demo seed on an empty database, HTTP; stops gracefully. */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { holdStoreLock } from "../db/sqlite/storeLock";
import { scheduleBackups } from "../db/sqlite/backupSchedule";
import { migrateToLatest, openDatabase, startCheckpointer } from "../db/connection";
import { unitOfWorkOf } from "../db/unitOfWork";
import { seedDemo } from "../db/seed/demo";
import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp } from "./http/app";
import { createLogger } from "./log";
import { createServices, type Services } from "./services/index";
import { createHoldJobs } from "./jobs/holds";
import { createTonWatcher } from "./jobs/tonWatcher";
import { createTonCenterChain } from "./services/tonChain";
import { botServicesOf, startTelegram, webhookFor } from "../bot/launch";

/** SIGINT/SIGTERM: what is still under way then gets this long before the process exits anyway (code 1). */
const SHUTDOWN_DEADLINE_MS = 10_000;

export async function start(config: Config) {
  // Held while the store runs: `npm run restore` refuses while anyone holds it (db/sqlite/storeLock.ts).
  const lock = holdStoreLock(config.dataDir);
  const db = openDatabase(config.databaseFile, { backgroundCheckpoints: true });
  const stopCheckpointer = startCheckpointer(config.databaseFile, (error) => console.error("WAL checkpointer failed:", error));
  await migrateToLatest(db);
  const seeded = config.seedDemo && (await seedDemo(db, { uploadsDir: join(config.dataDir, "uploads") }));

  // The composition root: one set of use cases for the HTTP app, the jobs and the bot of this process.
  const services = createServices(config, { db, log: createLogger(config) });
  const app = await buildApp(config, services, { telegramWebhook: webhookFor(config, services) });
  if (seeded) app.log.info("the database was empty: the demo catalogue was added");
  const gate = gateRequests(app.server);
  await app.listen({ host: config.host, port: config.port });
  const holds = createHoldJobs({ holds: services.holds, log: app.log });
  holds.start();
  const tonWatcher = startTonWatcherIfConfigured(config, app.log, services);
  const telegram = await startTelegramIfConfigured(config, app.log, services);
  const backups = scheduleBackupsIfConfigured(config, app.log);

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
    app.log.info({ signal }, "shutting down");
    gate.close();
    // No new connections; requests under way finish (app.close waits for them) while the jobs, the bot and
    // a backup under way stop.
    await Promise.all([
      waitFor("HTTP requests", app.close()),
      waitFor("pickup hold jobs", holds.stop()),
      waitFor("TON watcher", tonWatcher?.stop()),
      waitFor("Telegram bot", telegram?.stop()),
      waitFor("scheduled backup", backups?.stop()),
    ]);
    // Units run in the order they were queued: once this empty unit is through, every unit queued before it
    // is committed (or has failed and been answered), so closing the database loses none.
    await waitFor("units of work", unitOfWorkOf(db).write(async () => null));
    await waitFor("WAL checkpointer", stopCheckpointer());
    await waitFor("database", db.destroy());
    lock.release();
    app.log.info("stopped");
  };
  let stopping: Promise<void> | null = null;
  const stop = (signal: string) => (stopping ??= shutDown(signal));
  const stillPending = () => [...pending].map((name) => (name === "HTTP requests" ? `${name} (${gate.inFlight()} in flight)` : name));
  return { app, db, stop, pending: stillPending };
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

/** BACKUP_INTERVAL_HOURS set: the store backs itself up with the same code as `npm run backup`. */
function scheduleBackupsIfConfigured(config: Config, log: FastifyBaseLogger) {
  if (config.backupIntervalHours === null) return null;
  const backupsDir = join(config.dataDir, "backups");
  log.info({ everyHours: config.backupIntervalHours, backupsDir, keep: config.backupKeep }, "scheduled backups are on");
  return scheduleBackups(
    {
      databaseFile: config.databaseFile,
      uploadsDir: join(config.dataDir, "uploads"),
      backupsDir,
      keep: config.backupKeep,
      clock: Date.now,
    },
    config.backupIntervalHours * 3_600_000,
    {
      taken: (path) => log.info({ path }, "backup taken"),
      failed: (error) => log.error({ err: error }, "scheduled backup failed; the next one is due in the usual time"),
    },
  );
}

/** With TON_API_URL the chain watcher confirms crypto payments; without it one line says managers confirm them by hand. */
function startTonWatcherIfConfigured(config: Config, log: FastifyBaseLogger, { tonReconciliation }: Services) {
  if (!config.tonApiUrl) {
    log.info("the TON watcher is off: TON_API_URL is not set (managers confirm crypto payments by hand)");
    return null;
  }
  const watcher = createTonWatcher({
    tonReconciliation,
    chain: createTonCenterChain({ apiUrl: config.tonApiUrl, apiKey: config.tonApiKey }),
    log: log.child({ module: "ton" }),
    intervalMs: config.tonPollSeconds * 1000,
  });
  watcher.start();
  return watcher;
}

/** The bot and its outbox worker run here when BOT_TOKEN is set and BOT_MODE is not off; one line says so otherwise. */
function startTelegramIfConfigured(config: Config, log: FastifyBaseLogger, services: Services) {
  if (!config.botToken) {
    log.info("the Telegram bot is off: BOT_TOKEN is not set");
    return null;
  }
  if (config.botMode === "off") {
    log.info("the Telegram bot is off in this process (BOT_MODE=off): run it with npm run start:bot");
    return null;
  }
  return startTelegram({ services: botServicesOf(services), outbox: services.outbox, config, log });
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const { app, stop, pending } = await start(config);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`\n  Store is running: http://localhost:${port}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        app.log.fatal({ pending: pending() }, `shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting anyway`);
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS);
      stop(signal).then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

// Run directly (`tsx server/main.ts`) as well as through scripts/start.ts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
