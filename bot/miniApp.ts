/**
 * Links into the mini-app and the buttons that open them.
 *
 * Telegram accepts web_app buttons (and a web_app menu button) only for https addresses. With an http
 * PUBLIC_URL (local development) the bot falls back to plain url buttons, which open the store in the
 * browser, and leaves the chat menu on the command list; `createMiniApp` says so in the log once.
 */
import type { InlineKeyboard } from "grammy";
import { paths } from "../server/domain/paths";
import type { BotLog } from "./context";

export interface MiniApp {
  /** The store's home page. */
  readonly home: string;
  /** True when Telegram will open these links inside the chat as a mini-app. */
  readonly insideTelegram: boolean;
  order(orderId: number): string;
  /** The staff's hand-over screen of an order. */
  manage(orderId: number): string;
  /** Adds a button opening `url` in the mini-app (https) or in the browser (http). */
  addButton(keyboard: InlineKeyboard, text: string, url: string): InlineKeyboard;
}

export function createMiniApp(publicUrl: string, log?: BotLog): MiniApp {
  const home = publicUrl.replace(/\/+$/, "");
  const insideTelegram = new URL(home).protocol === "https:";
  if (!insideTelegram) {
    log?.warn(
      { publicUrl: home },
      "PUBLIC_URL is not https: Telegram opens web_app buttons only for https, so the bot sends plain links and keeps the command menu",
    );
  }
  return {
    home,
    insideTelegram,
    order: (orderId) => `${home}${paths.order(orderId)}`,
    manage: (orderId) => `${home}${paths.manageOrder(orderId)}`,
    addButton: (keyboard, text, url) => (insideTelegram ? keyboard.webApp(text, url) : keyboard.url(text, url)),
  };
}
