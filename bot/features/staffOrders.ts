/**
 * A manager's Take order button under a new-order push. It takes the order through the hand-over service,
 * exactly as the mini-app does, so of many managers pressing at once exactly one wins; the answer is the
 * service's own word (success, or why not: another manager got it, not a manager of that shop, no staff at
 * all). Nothing else happens here: the service queues the edits that tell every pushed manager, the winner
 * included, what became of the order, and the outbox worker makes them.
 */
import { Composer } from "grammy";
import { ACCESS_DENIED, DomainError } from "../../server/domain/errors";
import { HANDOVER_TEXTS } from "../../server/domain/handover";
import { parseCallbackData } from "../callbackData";
import type { BotContext } from "../context";

export const staffOrders = new Composer<BotContext>();

staffOrders.on("callback_query:data", async (ctx, next) => {
  const action = parseCallbackData(ctx.callbackQuery.data);
  if (action?.type !== "staff:take") return next();

  const person = await ctx.deps.botAdmin.person(ctx.sender.id);
  if (!person) {
    await ctx.answerCallbackQuery({ text: ACCESS_DENIED });
    return;
  }
  let answer: string;
  try {
    await ctx.deps.handover.take(person.userId, action.orderId);
    answer = HANDOVER_TEXTS.tookOrder;
  } catch (error) {
    // A refusal is an answer, not a failure of the bot.
    if (!(error instanceof DomainError)) throw error;
    answer = error.message;
  }
  await ctx.answerCallbackQuery({ text: answer });
});
