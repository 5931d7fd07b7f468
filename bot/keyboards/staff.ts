/** Keyboards of the messages shop staff get, labelled in the reader's language. */
import { InlineKeyboard } from "grammy";
import { callbackData } from "../callbackData";
import type { Say } from "../i18n";
import type { MiniApp } from "../miniApp";

/** Under a new-order push: take it here, or open its hand-over screen. */
export function newOrderKeyboard(miniApp: MiniApp, say: Say, orderId: number): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(say("button.takeOrder"), callbackData({ type: "staff:take", orderId }));
  return miniApp.addButton(keyboard, say("button.open"), miniApp.manage(orderId));
}

/** Under a staff message once there is nothing left to take: the hand-over screen only. */
export function manageOrderKeyboard(miniApp: MiniApp, say: Say, orderId: number): InlineKeyboard {
  return miniApp.addButton(new InlineKeyboard(), say("button.open"), miniApp.manage(orderId));
}

/** A button into a customer's Telegram chat. */
export function writeToKeyboard(say: Say, name: string, url: string): InlineKeyboard {
  return new InlineKeyboard().url(say("button.writeTo", { name }), url);
}
