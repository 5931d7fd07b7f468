/** Keyboards of the messages shop staff get. */
import { InlineKeyboard } from "grammy";
import { callbackData } from "../callbackData";
import type { MiniApp } from "../miniApp";

export const TAKE_ORDER = "Take order";
export const OPEN = "Open";

/** Under a new-order push: take it here, or open its hand-over screen. */
export function newOrderKeyboard(miniApp: MiniApp, orderId: number): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(TAKE_ORDER, callbackData({ type: "staff:take", orderId }));
  return miniApp.addButton(keyboard, OPEN, miniApp.manage(orderId));
}

/** Under a staff message once there is nothing left to take: the hand-over screen only. */
export function manageOrderKeyboard(miniApp: MiniApp, orderId: number): InlineKeyboard {
  return miniApp.addButton(new InlineKeyboard(), OPEN, miniApp.manage(orderId));
}

/** A button into a customer's Telegram chat. */
export function writeToKeyboard(name: string, url: string): InlineKeyboard {
  return new InlineKeyboard().url(`Write to ${name}`, url);
}
