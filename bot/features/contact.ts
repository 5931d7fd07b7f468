/**
 * Phone from Telegram (issue 26): the mini-app's courier form asks Telegram to share the customer's phone
 * (`requestContact`), and Telegram sends it here as a contact message from the customer. Only the sender's own
 * contact is kept: a forwarded or picked contact of someone else is left out, with a line saying why.
 */
import { Composer } from "grammy";
import { normaliseSharedPhone } from "../../server/domain/contact";
import type { BotContext } from "../context";

export const contact = new Composer<BotContext>();

contact.on("message:contact", async (ctx) => {
  const shared = ctx.message.contact;
  if (shared.user_id !== ctx.sender.id) {
    await ctx.reply(ctx.say("contact.notYours"));
    return;
  }
  const outcome = await ctx.deps.contact.keepSharedPhone(ctx.sender.id, shared.phone_number);
  if (outcome === "kept") await ctx.reply(ctx.say("contact.kept", { phone: normaliseSharedPhone(shared.phone_number)! }));
  else await ctx.reply(ctx.say(outcome === "invalid" ? "contact.invalid" : "contact.unknownUser"));
});
