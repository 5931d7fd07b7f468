/** /help: what the bot does. */
import { Composer } from "grammy";
import type { BotContext } from "../context";
import { openStoreKeyboard } from "../keyboards/store";
import { storeTexts } from "../texts";

export const help = new Composer<BotContext>();

help.command("help", async (ctx) => {
  await ctx.reply(storeTexts(ctx.say).help, { reply_markup: openStoreKeyboard(ctx.deps.miniApp, ctx.say) });
});
