/**
 * /start [payload]: records the sender as a customer; the welcome and the Open Store button, in the sender's
 * language; and the chat's menu button labelled in that language too (the bot-wide one, set at start, is
 * English: Telegram has no language_code for it). English readers get the bot-wide button back.
 */
import { Composer } from "grammy";
import type { BotContext } from "../context";
import { openStoreKeyboard } from "../keyboards/store";
import { storeTexts } from "../texts";
import { offerOptIn } from "./promotions";

export const start = new Composer<BotContext>();

// Whoever presses Start becomes a customer of the shop (without orders yet) whom broadcasts, back-in-stock
// alerts and the bot's pushes reach, and whom a later sign-in in the mini-app finds as the same user. A
// deep-link payload (`t.me/bot?start=CODE`, ctx.match) is a referral code: the sender joins with it (its rules
// are the referral programme's; a code that may not be registered changes nothing and is not mentioned). The
// welcome goes out even when the database could not record them.
start.command("start", async (ctx) => {
  try {
    await ctx.deps.signIn.joinFromChat(ctx.sender, ctx.match.trim() || undefined);
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "could not record the sender of /start as a customer");
  }
  const { miniApp } = ctx.deps;
  const texts = storeTexts(ctx.say);
  await ctx.reply(texts.welcome(ctx.sender.first_name), { reply_markup: openStoreKeyboard(miniApp, ctx.say) });
  try {
    await offerOptIn(ctx);
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "could not offer an opted-out user to take promotions again");
  }
  if (!miniApp.insideTelegram) return;
  try {
    await ctx.api.setChatMenuButton(
      ctx.say.locale === "en"
        ? { chat_id: ctx.sender.id }
        : { chat_id: ctx.sender.id, menu_button: { type: "web_app", text: texts.openStore, web_app: { url: miniApp.home } } },
    );
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "could not label the chat's menu button in the sender's language");
  }
});
