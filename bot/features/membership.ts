/**
 * Whether the customer can be messaged. Telegram reports blocking and unblocking as my_chat_member
 * updates; any message from the user proves it too. The outbox worker skips users marked unreachable.
 */
import { Composer } from "grammy";
import type { BotContext } from "../context";
import { markReachable, markUnreachable } from "../../db/repositories/reachability";

export const membership = new Composer<BotContext>();

membership.on("my_chat_member", async (ctx) => {
  const { db, clock } = ctx.deps;
  const status = ctx.myChatMember.new_chat_member.status;
  if (status === "kicked") await markUnreachable(db, ctx.sender.id, new Date(clock()).toISOString());
  else if (status === "member") await markReachable(db, ctx.sender.id);
});

membership.on("message", async (ctx, next) => {
  await markReachable(ctx.deps.db, ctx.sender.id);
  await next();
});
