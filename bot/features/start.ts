/** /start [payload]: the welcome and the Open Store button. */
import { Composer } from "grammy";
import type { BotContext } from "../context";
import { openStoreKeyboard } from "../keyboards/store";
import { texts } from "../texts";

export const start = new Composer<BotContext>();

// A deep-link payload (`t.me/bot?start=X`, ctx.match) is accepted and changes nothing yet: registering a
// referral from it belongs to the referral programme (design §5).
start.command("start", async (ctx) => {
  await ctx.reply(texts.welcome(ctx.sender.first_name), { reply_markup: openStoreKeyboard(ctx.deps.miniApp) });
});
