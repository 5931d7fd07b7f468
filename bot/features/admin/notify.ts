/** /notify on|off for admins: every shop's new-order pushes for this admin, or only their own shops'. */
import { Composer } from "grammy";
import type { BotContext } from "../../context";
import { adminTextsOf } from "../../texts";

export const notifyCommand = new Composer<BotContext>();

notifyCommand.command("notify", async (ctx, next) => {
  const { botAdmin } = ctx.deps;
  const userId = await botAdmin.adminOf(ctx.sender.id);
  if (userId === null) return next();
  const adminTexts = adminTextsOf(ctx.say);
  const word = ctx.match.trim().toLowerCase();
  if (word === "") {
    await ctx.reply(adminTexts.notifyState(await botAdmin.newOrderPushes(userId)));
    return;
  }
  if (word !== "on" && word !== "off") {
    await ctx.reply(adminTexts.notifyUsage);
    return;
  }
  // The write names the admin again: someone demoted meanwhile changes nothing.
  if (!(await botAdmin.setNewOrderPushes(userId, word === "on"))) return next();
  await ctx.reply(word === "on" ? adminTexts.notifyOn : adminTexts.notifyOff);
});
