/** Keyboards of the bot's own messages, labelled in the reader's language. */
import { InlineKeyboard } from "grammy";
import { callbackData } from "../callbackData";
import type { OrderSummary } from "../../server/services/chatOrders";
import type { Say } from "../i18n";
import type { MiniApp } from "../miniApp";

export function openStoreKeyboard(miniApp: MiniApp, say: Say): InlineKeyboard {
  return miniApp.addButton(new InlineKeyboard(), say("store.openStore"), miniApp.home);
}

/** One row per order: open it in the mini-app, or show its lines here. */
export function ordersKeyboard(miniApp: MiniApp, say: Say, orders: readonly OrderSummary[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const order of orders) {
    miniApp.addButton(keyboard, say("button.openShort", { id: order.id }), miniApp.order(order.id));
    keyboard.text(say("button.details"), callbackData({ type: "order:show", orderId: order.id })).row();
  }
  return keyboard;
}

export function orderKeyboard(miniApp: MiniApp, say: Say, orderId: number): InlineKeyboard {
  return miniApp
    .addButton(new InlineKeyboard(), say("button.openOrder", { id: orderId }), miniApp.order(orderId))
    .row()
    .text(say("button.myOrders"), callbackData({ type: "orders:list" }));
}

/** The single button under a notification. */
export function notificationKeyboard(miniApp: MiniApp, say: Say, orderId: number): InlineKeyboard {
  return miniApp.addButton(new InlineKeyboard(), say("button.openOrder", { id: orderId }), miniApp.order(orderId));
}
