/**
 * The broadcast worker's messenger (server/jobs/broadcastWorker.ts), made of grammY: the admin's text as
 * plain text, its 'Open Store' button (a page of the mini-app) and, on every promotional message, 'Stop
 * promotions' in the reader's language. 429 → retry after; 403 → blocked; 400 → rejected; else thrown.
 */
import { GrammyError, InlineKeyboard, type Api } from "grammy";
import type { BroadcastDelivery, BroadcastMessenger } from "../server/jobs/broadcastWorker";
import type { DueBroadcastMessage } from "../server/services/broadcasts";
import { callbackData } from "./callbackData";
import { sayIn } from "./i18n";
import type { MiniApp } from "./miniApp";

type GrammySignal = Parameters<Api["sendMessage"]>[3];

export function broadcastKeyboard(message: Pick<DueBroadcastMessage, "button" | "locale">, miniApp: MiniApp): InlineKeyboard {
  const say = sayIn(message.locale);
  const keyboard = new InlineKeyboard();
  if (message.button) {
    const path = message.button.path === "/" ? "" : message.button.path;
    miniApp.addButton(keyboard, message.button.text || say("store.openStore"), `${miniApp.home}${path}`).row();
  }
  return keyboard.text(say("promo.stopButton"), callbackData({ type: "promo:stop" }));
}

export function createBroadcastMessenger(api: Pick<Api, "sendMessage" | "sendPhoto">, miniApp: MiniApp): BroadcastMessenger {
  return {
    async deliver(message, signal): Promise<BroadcastDelivery> {
      const reply_markup = broadcastKeyboard(message, miniApp);
      const abort = signal as unknown as GrammySignal;
      try {
        // With a picture: a photo (Telegram fetches it by its link) with the text as its caption.
        if (message.photoUrl) await api.sendPhoto(message.chatId, message.photoUrl, { caption: message.text, reply_markup }, abort);
        else await api.sendMessage(message.chatId, message.text, { reply_markup }, abort);
        return { result: "sent" };
      } catch (error) {
        if (!(error instanceof GrammyError)) throw error;
        switch (error.error_code) {
          case 429:
            return { result: "retry_after", seconds: error.parameters.retry_after ?? 1, reason: error.message };
          case 403:
            return { result: "blocked", reason: error.message };
          case 400:
            return { result: "rejected", reason: error.message };
          default:
            throw error;
        }
      }
    },
  };
}
