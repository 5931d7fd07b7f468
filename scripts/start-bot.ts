/**
 * `npm run start:bot`: the Telegram bot (long polling) and the outbox worker alone, against the same
 * database as the API. Run the API with BOT_MODE=off then, so that only one process polls Telegram.
 */
import { holdStoreLock } from "../db/sqlite/storeLock";
import { migrateToLatest, openDatabase } from "../db/connection";
import { startTelegram } from "../bot/launch";
import type { BotLog, BotServices } from "../bot/context";
import { ConfigError, loadConfig, type Config } from "../server/config";
import { createHandover } from "../server/services/handover";
import { createLinkSigner } from "../server/services/links";
import { createAuth } from "../server/services/auth";
import { createPartner } from "../server/services/partner";
import { join } from "node:path";
import { createAdminProducts } from "../server/services/adminProducts";
import { createBotAdmin } from "../server/services/botAdmin";
import { createConversationStore } from "../server/services/botConversations";
import { createChatOrders } from "../server/services/chatOrders";
import { createOutboxDelivery, createReachability } from "../server/services/outboxDelivery";
import { createImageStore } from "../server/services/images";
import { createStats } from "../server/services/stats";
import { createStock } from "../server/services/stock";

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"] as const;

/** One JSON line per entry, like the API's log, so both can go to the same collector. */
function jsonLog(level: Config["logLevel"]): BotLog {
  const min = level === "silent" ? Infinity : LEVELS.indexOf(level);
  const write = (name: (typeof LEVELS)[number]) => (details: object, message?: string) => {
    if (LEVELS.indexOf(name) < min) return;
    const entry = { level: name, time: new Date().toISOString(), process: "bot", msg: message, ...serializable(details) };
    (name === "error" || name === "fatal" ? process.stderr : process.stdout).write(`${JSON.stringify(entry)}\n`);
  };
  return { info: write("info"), warn: write("warn"), error: write("error") };
}

function serializable(details: object): object {
  const err = (details as { err?: unknown }).err;
  return err instanceof Error ? { ...details, err: { message: err.message, stack: err.stack } } : details;
}

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
    fail("BOT_MODE is webhook: Telegram posts updates to the HTTP server (npm start), which runs the bot then. start:bot uses long polling: set BOT_MODE=polling");
  }

  const log = jsonLog(config.logLevel);
  // Like the HTTP store, the bot holds the data folder's lock: a restore waits until it stops.
  const lock = holdStoreLock(config.dataDir);
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  // This process's own composition root: the bot's use cases, made as the HTTP app makes them.
  const partner = createPartner({ db, clock: Date.now, config, log });
  const noMail = { send: async () => Promise.reject(new Error("the bot process sends no mail")) };
  const auth = createAuth({ db, config, clock: Date.now, mailer: noMail, registerReferral: partner.joinWith });
  const handover = createHandover({ db, clock: Date.now, links: createLinkSigner(db), referralRatePercent: config.referralRatePercent });
  // The admins' commands (/stats, /lowstock, /addstock) run on the back office's own services.
  const backOffice = {
    stock: createStock({ db, clock: Date.now, lowStockThreshold: config.lowStockThreshold }),
    stats: createStats({ db, clock: Date.now }),
    adminProducts: createAdminProducts({ db, images: createImageStore({ uploadsDir: join(config.dataDir, "uploads") }), clock: Date.now }),
  };
  const services: BotServices = {
    handover,
    signIn: auth,
    backOffice,
    chatOrders: createChatOrders({ db }),
    botAdmin: createBotAdmin({ db, clock: Date.now }),
    reachability: createReachability({ db, clock: Date.now }),
    conversations: createConversationStore({ db, clock: Date.now }),
  };
  const telegram = await startTelegram({ services, outbox: createOutboxDelivery({ db }), config, log });

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
