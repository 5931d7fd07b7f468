/**
 * The guided conversations (@grammyjs/conversations 2.x): the plugin, its storage (a service over the
 * database table `bot_conversations`, server/services/botConversations.ts), and the conversations
 * themselves. A conversation's state is the replay log of its function, saved after every update of the
 * chat, so a conversation half-way through continues after a restart (or on another process on the same
 * database) from the next update on.
 */
import { conversations, createConversation } from "@grammyjs/conversations";
import { Composer, type Context, type MiddlewareFn } from "grammy";
import type { BotContext, BotServices } from "./context";
import { ADD_STOCK, addStock } from "./features/admin/addStock";

/**
 * Bump when a conversation's steps change so that saved replay logs no longer fit: the plugin then drops
 * the old state instead of replaying it into the new code (the admin simply starts again).
 */
export const CONVERSATIONS_VERSION = 2;

/** A conversation left waiting this long ends by itself; the late update is answered as if there were none. */
export const CONVERSATION_IDLE_MS = 30 * 60_000;

/**
 * The plugin reads a chat's state before an update and writes it after: two updates of one chat handled at
 * once (webhook mode handles updates concurrently) would each write over the other's. Within a process,
 * one chat's updates therefore pass here one at a time; other chats are not held up. Between processes the
 * store's conditional write refuses the second writer (server/services/botConversations.ts).
 */
export function oneAtATimePerChat(): MiddlewareFn<BotContext> {
  const tails = new Map<number, Promise<void>>();
  return async (ctx, next) => {
    const chat = ctx.chatId;
    if (chat === undefined) return next();
    const before = tails.get(chat) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    tails.set(chat, tail);
    try {
      await before;
      await next();
    } finally {
      release();
      if (tails.get(chat) === tail) tails.delete(chat);
    }
  };
}

/** Installed after context setup: the plugin (one read of the chat's row per update) and every conversation. */
export function conversationsFor(store: BotServices["conversations"]): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(oneAtATimePerChat());
  composer.use(
    conversations<BotContext, Context>({
      storage: {
        type: "key",
        version: CONVERSATIONS_VERSION,
        prefix: "chat:",
        // The bot talks in private chats only: the chat is the person.
        getStorageKey: (ctx) => (ctx.chatId === undefined ? undefined : String(ctx.chatId)),
        adapter: store,
      },
    }),
  );
  composer.use(createConversation<BotContext, Context>(addStock, { id: ADD_STOCK, maxMillisecondsToWait: CONVERSATION_IDLE_MS }));
  return composer;
}
