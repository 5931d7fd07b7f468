/**
 * Promotions opt-out (issue 25): 'Stop promotions' under every broadcast and /stop set the user's opt-out;
 * order notices are not touched. /start (bot/features/start.ts) offers an opted-out user to opt back in.
 */
import { Composer, InlineKeyboard } from "grammy";
import { callbackData, parseCallbackData } from "../callbackData";
import type { BotContext } from "../context";

export const promotions = new Composer<BotContext>();

async function stop(ctx: BotContext): Promise<void> {
  await ctx.deps.promotions.optOut(ctx.sender.id);
  await ctx.reply(ctx.say("promo.stopped"));
}

promotions.command("stop", stop);

promotions.callbackQuery(/^promo:(stop|on)$/, async (ctx) => {
  const action = parseCallbackData(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (action?.type === "promo:stop") return stop(ctx);
  await ctx.deps.promotions.optIn(ctx.sender.id);
  await ctx.reply(ctx.say("promo.optedIn"));
});

/** The offer /start makes to a user who opted out; nothing for the others. */
export async function offerOptIn(ctx: BotContext): Promise<void> {
  if (!(await ctx.deps.promotions.isOptedOut(ctx.sender.id))) return;
  await ctx.reply(ctx.say("promo.offerOptIn"), {
    reply_markup: new InlineKeyboard().text(ctx.say("promo.optInButton"), callbackData({ type: "promo:on" })),
  });
}
