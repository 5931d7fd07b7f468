/**
 * `npm run start:bot`: the Telegram bot (long polling) and the outbox worker alone, against the same
 * database as the API. Run the API with BOT_MODE=off then, so that only one process polls Telegram.
 */
import { holdStoreLock } from "../db/sqlite/storeLock";
import { migrateToLatest, openDatabase } from "../db/connection";
import { botServicesOf, startTelegram } from "../bot/launch";
import { ConfigError, loadConfig, type Config } from "../server/config";
import { createLogger } from "../server/log";
import { createServices } from "../server/services/index";

function fail(message: string): never {
  console.error(message);
  process.exit(78); // EX_CONFIG
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.botToken) fail("BOT_TOKEN is not set: there is no bot to run");
  if (config.botMode === "webhook") {
    fail(
      "BOT_MODE is webhook: Telegram posts updates to the HTTP server (npm start), which runs the bot then. " +
        "start:bot uses long polling: set BOT_MODE=polling",
    );
  }

  // JSON lines like the API's, marked as the bot's, so both can go to the same collector.
  const log = createLogger(config, { process: "bot" });
  // Like the HTTP store, the bot holds the data folder's lock: a restore waits until it stops.
  const lock = holdStoreLock(config.dataDir);
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  // The same composition root as the all-in-one store; this process sends no mail.
  const noMail = { send: async () => Promise.reject(new Error("the bot process sends no mail")) };
  const services = createServices(config, { db, log, mailer: noMail });
  const telegram = await startTelegram({ services: botServicesOf(services), outbox: services.outbox, config, log });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await telegram.stop();
    await db.destroy();
    lock.release();
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(0));
  // Polling only ends by itself on a fatal error (a revoked token, another process polling): give up then.
  await telegram.polling;
  await stop(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
