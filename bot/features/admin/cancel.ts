/** /cancel for admins with no conversation under way (a conversation takes its own /cancel first). */
import { Composer } from "grammy";
import type { BotContext } from "../../context";
import { adminTextsOf } from "../../texts";

export const cancelCommand = new Composer<BotContext>();

cancelCommand.command("cancel", async (ctx, next) => {
  if ((await ctx.deps.botAdmin.adminOf(ctx.sender.id)) === null) return next();
  await ctx.reply(adminTextsOf(ctx.say).nothingToCancel);
});
