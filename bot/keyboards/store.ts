/** Keyboards of the bot's own messages. */
import { InlineKeyboard } from "grammy";
import { callbackData } from "../callbackData";
import type { OrderSummary } from "../../server/services/chatOrders";
import type { MiniApp } from "../miniApp";
import { OPEN_STORE } from "../texts";

export function openStoreKeyboard(miniApp: MiniApp): InlineKeyboard {
  return miniApp.addButton(new InlineKeyboard(), OPEN_STORE, miniApp.home);
}

/** One row per order: open it in the mini-app, or show its lines here. */
export function ordersKeyboard(miniApp: MiniApp, orders: readonly OrderSummary[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const order of orders) {
    miniApp.addButton(keyboard, `Open #${order.id}`, miniApp.order(order.id));
    keyboard.text("Details", callbackData({ type: "order:show", orderId: order.id })).row();
  }
  return keyboard;
}

export function orderKeyboard(miniApp: MiniApp, orderId: number): InlineKeyboard {
  return miniApp
    .addButton(new InlineKeyboard(), `Open order #${orderId}`, miniApp.order(orderId))
    .row()
    .text("« My orders", callbackData({ type: "orders:list" }));
}

/** The single button under a notification. */
export function notificationKeyboard(miniApp: MiniApp, orderId: number): InlineKeyboard {
  return miniApp.addButton(new InlineKeyboard(), `Open order #${orderId}`, miniApp.order(orderId));
}
