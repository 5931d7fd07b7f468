/**
 * Phone from Telegram (issue 26): the mini-app's courier form asks Telegram to share the customer's phone
 * (`requestContact`), and Telegram sends it here as a contact message from the customer. Only the sender's own
 * contact is kept: a forwarded or picked contact of someone else is left out, with a line saying why.
 */
import { Composer } from "grammy";
import type { BotContext } from "../context";

export const contact = new Composer<BotContext>();

const REFUSALS = { "not-yours": "contact.notYours", invalid: "contact.invalid", "unknown-user": "contact.unknownUser" } as const;

contact.on("message:contact", async (ctx) => {
  const kept = await ctx.deps.contact.keepSharedPhone(ctx.sender.id, ctx.message.contact);
  if (kept.outcome === "kept") await ctx.reply(ctx.say("contact.kept", { phone: kept.phone }));
  else await ctx.reply(ctx.say(REFUSALS[kept.outcome]));
});
