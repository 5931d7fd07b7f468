/**
 * Installed last: whatever no feature took. A message (other text, an unknown command, a sticker, a
 * photo, a very long text…) gets the hint, never silence; a button nobody knows gets a polite answer so
 * Telegram stops its spinner. Other updates (edits, reactions…) need no answer.
 */
import { Composer } from "grammy";
import type { BotContext } from "../context";
import { openStoreKeyboard } from "../keyboards/store";
import { storeTexts } from "../texts";

export const fallback = new Composer<BotContext>();

fallback.on("message", async (ctx) => {
  await ctx.reply(storeTexts(ctx.say).hint, { reply_markup: openStoreKeyboard(ctx.deps.miniApp, ctx.say) });
});

fallback.on("callback_query", async (ctx) => {
  await ctx.answerCallbackQuery({ text: storeTexts(ctx.say).staleButton });
});
