/**
 * The bot's one Context type, and what reaches its handlers: `ctx.deps` carries the store's services (the
 * bot reaches the data only through them), the mini-app's links made from config, the logger and the clock.
 * It is set by the context-setup middleware that createBot installs first; nothing in the bot reads globals
 * or process.env.
 */
import type { ConversationData, ConversationFlavor, VersionedState } from "@grammyjs/conversations";
import type { Context, MiddlewareFn } from "grammy";
import type { User } from "grammy/types";
import type { AdminProducts } from "../server/services/adminProducts";
import type { BotAdmin } from "../server/services/botAdmin";
import type { Promotions } from "../server/services/broadcasts";
import type { ChatLocales } from "../server/services/chatLocales";
import { DEFAULT_LOCALE, reduceLanguageTag } from "../server/domain/locale";
import type { JsonKeyStore } from "../server/services/botConversations";
import type { ChatOrders } from "../server/services/chatOrders";
import type { Contact } from "../server/services/contact";
import type { Handover } from "../server/services/handover";
import type { Reachability } from "../server/services/outboxDelivery";
import type { SignIn } from "../server/services/signIn";
import type { Stats } from "../server/services/stats";
import type { Stock } from "../server/services/stock";
import { sayIn, type Say } from "./i18n";
import type { MiniApp } from "./miniApp";

/** The few logger methods the bot and its jobs use; Fastify's (pino) logger fits it. */
export interface BotLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** The back office's use cases behind /stats, /lowstock and /addstock: the very services the mini-app's admin screens call. */
export interface BackOffice {
  stock: Pick<Stock, "lowStock" | "shelf" | "add">;
  stats: Pick<Stats, "compute">;
  adminProducts: Pick<AdminProducts, "pickerPage" | "get">;
}

/** The services the bot runs on, made once by the composition root. */
export interface BotServices {
  /** A manager's Take order button and the staff's /orders: the hand-over's own use cases. */
  handover: Pick<Handover, "take" | "listOrders">;
  /** `/start [CODE]`: makes the sender a user (or refreshes them) and registers a code as their referrer if it may be. */
  signIn: Pick<SignIn, "joinFromChat">;
  /** The customer's /orders. */
  chatOrders: ChatOrders;
  /** Who a chat is (admin, staff), the command menus, /notify. */
  botAdmin: BotAdmin;
  /** Blocking and unblocking the bot. */
  reachability: Reachability;
  /** The language of the person behind an update (their choice, else Telegram's), remembering Telegram's. */
  chatLocales: Pick<ChatLocales, "localeOf">;
  /** Where the guided conversations keep their state (one row per chat). */
  conversations: JsonKeyStore<VersionedState<ConversationData>>;
  /** Without it (a bot built without the back office) the admin commands are unknown commands. */
  backOffice: BackOffice | null;
  /** 'Stop promotions', /stop and the opt-in /start offers (issue 25). */
  promotions: Promotions;
  /** A phone shared from the mini-app's courier form (issue 26). */
  contact: Pick<Contact, "keepSharedPhone">;
}

export interface BotRuntime extends BotServices {
  miniApp: MiniApp;
  log: BotLog;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

/** `ctx.conversation` (the conversations plugin, installed by createBot) enters and leaves the admin conversations. */
export type BotContext = ConversationFlavor<
  Context & {
    deps: BotRuntime;
    /** The Telegram user behind the update; updates without one never reach the features. */
    sender: User;
    /** Everything the bot answers this update with, in the sender's language (bot/i18n.ts). */
    say: Say;
  }
>;

/**
 * Installed first. The bot talks to people in private chats: updates with no sender (channel posts,
 * anonymous group admins), from other bots, or from groups and channels stop here, quietly. The sender's
 * language is read here once per update: should the database not answer, the update's own language serves.
 */
export function contextSetup(runtime: BotRuntime): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const from = ctx.from;
    if (!from || from.is_bot) return;
    if (ctx.chat && ctx.chat.type !== "private") return;
    ctx.deps = runtime;
    ctx.sender = from;
    let locale;
    try {
      locale = await runtime.chatLocales.localeOf(from.id, from.language_code);
    } catch (error) {
      runtime.log.warn({ err: error }, "could not read the sender's language; the update's own is used");
      locale = reduceLanguageTag(from.language_code) ?? DEFAULT_LOCALE;
    }
    ctx.say = sayIn(locale);
    await next();
  };
}
