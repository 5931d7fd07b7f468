/**
 * A manager's Take order button under a new-order push. It takes the order through the hand-over service,
 * exactly as the mini-app does, so of many managers pressing at once exactly one wins; the answer is the
 * service's own word (success, or why not: another manager got it, not a manager of that shop, no staff at
 * all), in the manager's language: a refusal is told by its stable code, and one the bot has no words for
 * keeps the service's message. Nothing else happens here: the service queues the edits that tell every
 * pushed manager, the winner included, what became of the order, and the outbox worker makes them.
 */
import { Composer } from "grammy";
import { DomainError } from "../../server/domain/errors";
import { parseCallbackData } from "../callbackData";
import type { BotContext } from "../context";
import type { BotMessageId, Say } from "../i18n";

export const staffOrders = new Composer<BotContext>();

/** The hand-over's refusals of a take, by their `error` code. */
const REFUSALS: Record<string, BotMessageId> = {
  FORBIDDEN: "take.accessDenied",
  NOT_VALID_MANAGER: "take.notValidManager",
  ORDER_TAKEN: "take.anotherManager",
  ORDER_ALREADY_YOURS: "take.alreadyYours",
  ORDER_NOT_NEW: "take.notNew",
  ORDER_CLOSED: "take.closed",
};

export function refusalText(say: Say, error: DomainError, orderId: number): string {
  if (error.code === "ORDER_NOT_FOUND") return say("take.notFound", { id: orderId });
  const id = REFUSALS[error.code];
  return id ? say(id) : error.message;
}

staffOrders.on("callback_query:data", async (ctx, next) => {
  const action = parseCallbackData(ctx.callbackQuery.data);
  if (action?.type !== "staff:take") return next();

  const person = await ctx.deps.botAdmin.person(ctx.sender.id);
  if (!person) {
    await ctx.answerCallbackQuery({ text: ctx.say("take.accessDenied") });
    return;
  }
  let answer: string;
  try {
    await ctx.deps.handover.take(person.userId, action.orderId);
    answer = ctx.say("take.took");
  } catch (error) {
    // A refusal is an answer, not a failure of the bot.
    if (!(error instanceof DomainError)) throw error;
    answer = refusalText(ctx.say, error, action.orderId);
  }
  await ctx.answerCallbackQuery({ text: answer });
});
