/**
 * The Telegram bot. Installed in a fixed order: context setup, error boundary, features, and a last
 * handler for whatever nothing else took. It only builds the bot: `launch.ts` starts it (polling) or
 * `webhook.ts` serves it (webhook).
 */
import { Bot, type BotError } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "../server/config";
import { ConversationChangedElsewhere } from "../server/services/botConversations";
import { contextSetup, type BotContext, type BotLog, type BotRuntime, type BotServices } from "./context";
import { conversationsFor } from "./conversations";
import { staffAdmin } from "./features/admin";
import { contact } from "./features/contact";
import { fallback } from "./features/fallback";
import { help } from "./features/help";
import { membership } from "./features/membership";
import { orders } from "./features/orders";
import { promotions } from "./features/promotions";
import { staffOrders } from "./features/staffOrders";
import { start } from "./features/start";
import { createMiniApp } from "./miniApp";
import { storeTexts } from "./texts";

export type StoreBot = Bot<BotContext>;

export interface BotDeps {
  /** The store's services the bot runs on (./context.ts): the bot reaches the data through them only. */
  services: BotServices;
  config: Pick<Config, "botToken" | "publicUrl" | "telegramApiRoot">;
  log: BotLog;
  clock?: () => number;
  /** The bot's own profile; given (tests, or a cached copy), grammY calls no getMe. */
  botInfo?: UserFromGetMe;
}

export function createBot({ services, config, log, clock = Date.now, botInfo }: BotDeps): StoreBot {
  if (!config.botToken) throw new Error("createBot needs BOT_TOKEN");
  const bot = new Bot<BotContext>(config.botToken, { botInfo, client: { apiRoot: config.telegramApiRoot } });
  const runtime: BotRuntime = { ...services, log, clock, miniApp: createMiniApp(config.publicUrl, log) };

  bot.use(contextSetup(runtime));
  // The conversations (their state read per update from the database) come before the commands, so that a
  // conversation under way gets its chat's updates first; staff and admin commands before the customer's.
  bot
    .errorBoundary(apologize)
    .use(membership, conversationsFor(services.conversations), staffAdmin, start, promotions, contact, staffOrders, orders, help, fallback);
  // Only context setup runs outside the boundary; in polling mode this keeps the loop alive.
  bot.catch((error) => log.error({ err: error.error, update_id: error.ctx.update.update_id }, "the bot could not handle an update"));
  return bot;
}

/**
 * A feature failed: log it and tell the customer, rather than leave them waiting. Except when another
 * process changed the chat's conversation meanwhile: the update fails (the webhook answers 500), so that
 * Telegram sends it again and it is handled on top of that state, instead of being dropped with an apology.
 */
async function apologize(error: BotError<BotContext>): Promise<void> {
  if (error.error instanceof ConversationChangedElsewhere) throw error;
  const ctx = error.ctx;
  ctx.deps.log.error({ err: error.error, update_id: ctx.update.update_id }, "a bot feature failed");
  try {
    const { somethingWentWrong } = storeTexts(ctx.say);
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: somethingWentWrong });
    else if (ctx.message) await ctx.reply(somethingWentWrong);
  } catch (replyError) {
    ctx.deps.log.warn({ err: replyError }, "could not tell the customer about the failure");
  }
}
