/** Starts the store: configuration, database, demo seed on an empty database, HTTP; stops gracefully. */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { migrateToLatest, openDatabase, startCheckpointer, type DB } from "../db/connection";
import { seedDemo } from "../db/seed/demo";
import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp, type AppServices } from "./http/app";
import { createHoldJobs } from "./jobs/holds";
import { startTelegram, webhookFor } from "../bot/launch";

export async function start(config: Config) {
  const db = openDatabase(config.databaseFile, { backgroundCheckpoints: true });
  const stopCheckpointer = startCheckpointer(config.databaseFile, (error) => console.error("WAL checkpointer failed:", error));
  await migrateToLatest(db);
  const seeded = config.seedDemo && (await seedDemo(db, { uploadsDir: join(config.dataDir, "uploads") }));

  // The composition root: the HTTP app, the jobs and the bot get their use cases here.
  const app = await buildApp(config, { db, telegramWebhook: webhookFor(config, db) });
  if (seeded) app.log.info("the database was empty: the demo catalogue was added");
  await app.listen({ host: config.host, port: config.port });
  // The jobs and the bot run on the app's own use cases (app.services): one set of them per process.
  const holds = createHoldJobs({ orders: app.services.orders, log: app.log });
  holds.start();
  const telegram = await startTelegramIfConfigured(config, db, app.log, app.services);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    await holds.stop();
    await telegram?.stop();
    await app.close();
    await stopCheckpointer();
    await db.destroy();
  };
  return { app, db, stop };
}

/** The bot and its outbox worker run here when BOT_TOKEN is set and BOT_MODE is not off; one line says so otherwise. */
function startTelegramIfConfigured(config: Config, db: DB, log: FastifyBaseLogger, { handover, joinFromChat }: AppServices) {
  if (!config.botToken) {
    log.info("the Telegram bot is off: BOT_TOKEN is not set");
    return null;
  }
  if (config.botMode === "off") {
    log.info("the Telegram bot is off in this process (BOT_MODE=off): run it with npm run start:bot");
    return null;
  }
  return startTelegram({ db, config, log, handover, joinFromChat });
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
  const { app, stop } = await start(config);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`\n  Store is running: http://localhost:${port}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
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
