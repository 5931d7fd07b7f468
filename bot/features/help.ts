/** /help: what the bot does. */
import { Composer } from "grammy";
import type { BotContext } from "../context";
import { openStoreKeyboard } from "../keyboards/store";
import { texts } from "../texts";

export const help = new Composer<BotContext>();

help.command("help", async (ctx) => {
  await ctx.reply(texts.help, { reply_markup: openStoreKeyboard(ctx.deps.miniApp) });
});
