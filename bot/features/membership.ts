/**
 * Whether the customer can be messaged. Telegram reports blocking and unblocking as my_chat_member
 * updates; any message from the user proves it too. The outbox worker skips users marked unreachable.
 */
import { Composer } from "grammy";
import type { BotContext } from "../context";

export const membership = new Composer<BotContext>();

membership.on("my_chat_member", async (ctx) => {
  const { reachability } = ctx.deps;
  const status = ctx.myChatMember.new_chat_member.status;
  if (status === "kicked") await reachability.blocked(ctx.sender.id);
  else if (status === "member") await reachability.reachable(ctx.sender.id);
});

membership.on("message", async (ctx, next) => {
  await ctx.deps.reachability.reachable(ctx.sender.id);
  await next();
});
