/**
 * Runs the bot's side of a process: long polling (or, in webhook mode, telling Telegram where to post),
 * the chat menu, and the outbox worker that sends notifications. server/main.ts calls it when BOT_TOKEN is
 * set; scripts/start-bot.ts runs it alone against the same database.
 */
import { Api, GrammyError } from "grammy";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../server/config";
import { createBroadcastWorker } from "../server/jobs/broadcastWorker";
import { createOutboxWorker } from "../server/jobs/outboxWorker";
import type { BroadcastQueue } from "../server/services/broadcasts";
import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import type { BotAdmin } from "../server/services/botAdmin";
import type { JsonKeyStore } from "../server/services/botConversations";
import type { Services } from "../server/services/index";
import type { OutboxQueue } from "../server/services/outboxDelivery";
import { createBot, type StoreBot } from "./bot";
import type { BotLog, BotServices } from "./context";
import { configureRoleMenus } from "./features/admin/menus";
import { createTelegramMessenger } from "./messenger";
import { createMiniApp, type MiniApp } from "./miniApp";
import { createBroadcastMessenger } from "./broadcastMessenger";
import { sayIn } from "./i18n";
import { menusByLanguage } from "./texts";
import { TELEGRAM_WEBHOOK_PATH, telegramWebhook } from "./webhook";

export interface TelegramDeps {
  /** The services the bot runs on (bot/context.ts). */
  services: BotServices;
  /** The outbox queue the worker delivers (server/services/outboxDelivery.ts). */
  outbox: OutboxQueue;
  /** The broadcasts' paced queue (server/services/broadcasts.ts); its worker runs beside the outbox's. */
  broadcasts?: BroadcastQueue;
  config: Config;
  log: BotLog;
  clock?: () => number;
}

/** The store's services (server/services/index.ts) as the bot takes them. */
export function botServicesOf(services: Services): BotServices {
  const { handover, auth, chatOrders, botAdmin, reachability, chatLocales, stock, stats, adminProducts } = services;
  return {
    handover,
    signIn: { joinFromChat: auth.joinFromChat },
    chatOrders,
    botAdmin,
    reachability,
    chatLocales,
    // JSON in, JSON out: the store keeps what the conversations plugin gives it.
    conversations: services.conversations as JsonKeyStore<VersionedState<ConversationData>>,
    backOffice: { stock, stats, adminProducts },
    promotions: services.broadcasts.promotions,
    contact: services.contact,
  };
}

/**
 * Webhook mode: the bot served by the HTTP app at /telegram/webhook, on the process's services. The
 * composition root hands the plugin to buildApp; null in any other mode.
 */
export function webhookFor(config: Config, services: Services, clock: () => number = Date.now): FastifyPluginAsync | null {
  if (!config.botToken || config.botMode !== "webhook" || !config.botWebhookSecret) return null;
  const bot = createBot({ services: botServicesOf(services), config, clock, log: services.log });
  const secretToken = config.botWebhookSecret;
  return async (app) => {
    await app.register(telegramWebhook, { bot, secretToken });
  };
}

export interface RunningTelegram {
  /** Settles when polling ends (stop(), or a fatal error such as a revoked token). */
  polling: Promise<void>;
  /** Settles true when Telegram refused BOT_TOKEN at start (the bot is then off in this process, said in one line). */
  refused?: Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Telegram's answer to a token it does not know: 401 Unauthorized (a made-up or revoked token), or 404 Not Found
 * (a token whose form Telegram cannot even route).
 */
function refusedToken(error: unknown): GrammyError | null {
  return error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404) ? error : null;
}

/** The one line a refused token gets (no stack: nothing in the code failed, the token is wrong). */
function logRefusedToken(log: BotLog, error: GrammyError): void {
  log.error(
    { telegram: `${error.error_code} ${error.description}` },
    `Telegram refused BOT_TOKEN (${error.error_code} ${error.description}): the Telegram bot is off in this process ` +
      "(no polling, no notifications sent); the token still signs /dev/telegram users in. " +
      "A made-up token for local work? Set BOT_MODE=off.",
  );
}

/**
 * The command list, once per language (English the default, Russian and Thai for clients set to them), and a
 * chat menu button that opens the mini-app (only possible over https; one label for everyone: English).
 */
export async function configureChatMenu(api: Api, miniApp: MiniApp, log: BotLog): Promise<void> {
  try {
    for (const { language_code, commands } of menusByLanguage("customer")) {
      await api.setMyCommands(commands, language_code ? { language_code } : {});
    }
    const openStore = sayIn("en")("store.openStore");
    await api.setChatMenuButton({
      menu_button: miniApp.insideTelegram ? { type: "web_app", text: openStore, web_app: { url: miniApp.home } } : { type: "commands" },
    });
  } catch (error) {
    log.warn({ err: error }, "could not set the bot's commands and menu button");
  }
}

/** How long a stop waits for Telegram to confirm the last update before it goes on without. */
const STOP_CONFIRM_MS = 3_000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Telegram did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Long polling until stop(); the chat menu (and, given botAdmin, the staff's and admins' menus) is set once polling is ready. */
export function startPolling(bot: StoreBot, miniApp: MiniApp, log: BotLog, botAdmin?: BotAdmin): RunningTelegram {
  const polling = bot
    .start({
      // Updates that arrived while the bot was down are still answered.
      drop_pending_updates: false,
      onStart: async (me) => {
        await configureChatMenu(bot.api, miniApp, log);
        if (botAdmin) await configureRoleMenus(bot.api, botAdmin, log);
        log.info({ bot: me.username }, "the Telegram bot is running (long polling)");
      },
    })
    .catch((error: unknown) => log.error({ err: error }, "the Telegram bot stopped polling"));
  return {
    polling,
    async stop() {
      // bot.stop() confirms the last update with one more getUpdates: when Telegram cannot be reached, that
      // fails or hangs, and shutting down must go on regardless (the update is then simply delivered again).
      try {
        if (bot.isRunning()) await withDeadline(bot.stop(), STOP_CONFIRM_MS);
      } catch (error) {
        log.warn({ err: error }, "could not confirm the last update to Telegram while stopping");
      }
      await withDeadline(polling, STOP_CONFIRM_MS).catch(() => undefined);
    },
  };
}

export async function startTelegram({
  services,
  outbox,
  broadcasts,
  config,
  log,
  clock = Date.now,
}: TelegramDeps): Promise<RunningTelegram> {
  if (!config.botToken) throw new Error("startTelegram needs BOT_TOKEN");
  const miniApp = createMiniApp(config.publicUrl);
  let bot: StoreBot | null = null;
  let api: Api;
  if (config.botMode === "webhook") {
    // The webhook itself is served by the HTTP app (server/http/app.ts); here Telegram is told about it.
    api = new Api(config.botToken, { apiRoot: config.telegramApiRoot });
    const url = `${config.publicUrl}${TELEGRAM_WEBHOOK_PATH}`;
    try {
      await api.setWebhook(url, { secret_token: config.botWebhookSecret ?? undefined });
      log.info({ url }, "the Telegram bot is running (webhook)");
    } catch (error) {
      const refusal = refusedToken(error);
      if (refusal) {
        logRefusedToken(log, refusal);
        return { polling: Promise.resolve(), refused: Promise.resolve(true), stop: async () => undefined };
      }
      log.error({ err: error, url }, "Telegram refused the webhook (it must be a public https address)");
    }
    await configureChatMenu(api, miniApp, log);
    await configureRoleMenus(api, services.botAdmin, log);
  } else {
    bot = createBot({ services, config, log, clock });
    api = bot.api;
  }

  // The worker knows the queue; the messenger knows Telegram and how each notification reads.
  const worker = createOutboxWorker({ outbox, messenger: createTelegramMessenger(api, miniApp), log, clock });
  // Broadcasts go through a queue of their own, paced, so the outbox's order notices never wait behind them.
  const broadcastWorker = broadcasts
    ? createBroadcastWorker({ queue: broadcasts, messenger: createBroadcastMessenger(api, miniApp), log, clock })
    : null;
  let polling: RunningTelegram | null = null;
  let stopping = false;

  // Long polling asks for the bot's identity first (getMe): a token Telegram refuses turns the bot off in this
  // process, in one line, before any worker tries to send with it. Anything else (Telegram unreachable) leaves it
  // as it was: the workers retry their sends, and polling logs why it stopped. Not awaited: the HTTP side starts
  // meanwhile, and a slow Telegram never holds it up.
  const refused = (bot ? bot.init() : Promise.resolve()).then(
    () => false,
    (error: unknown) => {
      const refusal = refusedToken(error);
      if (refusal) logRefusedToken(log, refusal);
      return refusal !== null;
    },
  );
  const started = refused.then((isRefused) => {
    if (isRefused || stopping) return;
    worker.start();
    broadcastWorker?.start();
    if (bot) polling = startPolling(bot, miniApp, log, services.botAdmin);
  });

  return {
    polling: started.then(() => polling?.polling),
    refused,
    async stop() {
      stopping = true;
      // A getMe still under way (Telegram slow or unreachable) does not hold the shutdown up.
      await withDeadline(started, STOP_CONFIRM_MS).catch(() => undefined);
      // Side by side: the worker's deadline for its sends (then it releases them) runs while polling ends.
      await Promise.all([polling?.stop(), worker.stop(), broadcastWorker?.stop()]);
    },
  };
}
