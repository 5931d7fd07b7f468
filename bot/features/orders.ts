/**
 * /orders: the customer's latest orders, each with a button into the mini-app and a Details button that
 * shows the order here. Callback data is checked twice: its shape (parseCallbackData) and its owner (the
 * chat-orders service reads the sender's own orders only), so a forged or foreign order id gets the same polite answer as a
 * missing one and changes nothing.
 */
import { Composer, GrammyError, type InlineKeyboard } from "grammy";
import { parseCallbackData } from "../callbackData";
import type { BotContext } from "../context";
import { openStoreKeyboard, orderKeyboard, ordersKeyboard } from "../keyboards/store";
import { orderDetails, ordersList, storeTexts } from "../texts";

export const orders = new Composer<BotContext>();

async function ordersMessage(ctx: BotContext) {
  const { chatOrders, miniApp } = ctx.deps;
  const list = await chatOrders.latest(ctx.sender.id);
  return list.length === 0
    ? { text: storeTexts(ctx.say).noOrders, reply_markup: openStoreKeyboard(miniApp, ctx.say) }
    : { text: ordersList(ctx.say, list), reply_markup: ordersKeyboard(miniApp, ctx.say, list) };
}

orders.command("orders", async (ctx) => {
  const { text, reply_markup } = await ordersMessage(ctx);
  await ctx.reply(text, { reply_markup });
});

orders.on("callback_query:data", async (ctx, next) => {
  const action = parseCallbackData(ctx.callbackQuery.data);
  if (action?.type !== "orders:list" && action?.type !== "order:show") return next();

  if (action.type === "orders:list") {
    const { text, reply_markup } = await ordersMessage(ctx);
    await editInPlace(ctx, text, reply_markup);
    await ctx.answerCallbackQuery();
    return;
  }

  const order = await ctx.deps.chatOrders.one(ctx.sender.id, action.orderId);
  if (!order) {
    await ctx.answerCallbackQuery({ text: storeTexts(ctx.say).orderUnavailable });
    return;
  }
  await editInPlace(ctx, orderDetails(ctx.say, order), orderKeyboard(ctx.deps.miniApp, ctx.say, order.id));
  await ctx.answerCallbackQuery();
});

/** Pressing a button twice asks Telegram for the same text again, which it refuses: nothing to do then. */
async function editInPlace(ctx: BotContext, text: string, reply_markup: InlineKeyboard) {
  try {
    await ctx.editMessageText(text, { reply_markup });
  } catch (error) {
    if (error instanceof GrammyError && error.description.includes("message is not modified")) return;
    throw error;
  }
}
