/**
 * The bot's one Context type. Dependencies reach handlers through `ctx.deps`, set by the context-setup
 * middleware that createBot installs first; nothing in the bot reads globals or process.env.
 */
import type { ConversationFlavor } from "@grammyjs/conversations";
import type { Context, MiddlewareFn } from "grammy";
import type { User } from "grammy/types";
import type { DB } from "../db/connection";
import type { Handover } from "../server/services/handover";
import type { AdminBotServices } from "./features/admin/ports";
import type { MiniApp } from "./miniApp";

/** The few logger methods the bot and its jobs use; Fastify's (pino) logger fits it. */
export interface BotLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface BotRuntime {
  db: DB;
  miniApp: MiniApp;
  log: BotLog;
  handover: Handover;
  joinFromChat: (profile: { id: number; first_name: string; last_name?: string | undefined; username?: string | undefined }, code: string) => Promise<void>;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** The back office's use cases for the admin commands; without them (a bot built without), those commands are unknown. */
  admin: AdminBotServices | null;
}

/** `ctx.conversation` (the conversations plugin, installed by createBot) enters and leaves the admin conversations. */
export type BotContext = ConversationFlavor<
  Context & {
    deps: BotRuntime;
    /** The Telegram user behind the update; updates without one never reach the features. */
    sender: User;
  }
>;

/**
 * Installed first. The bot talks to people in private chats: updates with no sender (channel posts,
 * anonymous group admins), from other bots, or from groups and channels stop here, quietly.
 */
export function contextSetup(runtime: BotRuntime): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const from = ctx.from;
    if (!from || from.is_bot) return;
    if (ctx.chat && ctx.chat.type !== "private") return;
    ctx.deps = runtime;
    ctx.sender = from;
    await next();
  };
}
