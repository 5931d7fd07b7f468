/** /start [payload]: the welcome and the Open Store button, in the sender's language. */
import { Composer } from "grammy";
import type { BotContext } from "../context";
import { openStoreKeyboard } from "../keyboards/store";
import { storeTexts } from "../texts";

export const start = new Composer<BotContext>();

// A deep-link payload (`t.me/bot?start=CODE`, ctx.match) is a referral code: the sender joins with it (its
// rules are the referral programme's; a code that may not be registered changes nothing and is not mentioned).
start.command("start", async (ctx) => {
  const code = ctx.match.trim();
  if (code) {
    try {
      await ctx.deps.signIn.joinFromChat(ctx.sender, code);
    } catch (error) {
      ctx.deps.log.warn({ err: error }, "could not register the referral of a /start payload");
    }
  }
  await ctx.reply(storeTexts(ctx.say).welcome(ctx.sender.first_name), { reply_markup: openStoreKeyboard(ctx.deps.miniApp, ctx.say) });
});
