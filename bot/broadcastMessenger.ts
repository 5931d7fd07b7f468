/**
 * The broadcast worker's messenger (server/jobs/broadcastWorker.ts), made of grammY: the admin's text as
 * plain text, its 'Open Store' button (a page of the mini-app) and, on every promotional message, 'Stop
 * promotions' in the reader's language. Telegram's refusals mean what bot/telegramRefusals.ts says.
 */
import { InlineKeyboard, type Api } from "grammy";
import type { BroadcastDelivery, BroadcastMessenger } from "../server/jobs/broadcastWorker";
import type { DueBroadcastMessage } from "../server/services/broadcasts";
import { callbackData } from "./callbackData";
import { sayIn } from "./i18n";
import type { MiniApp } from "./miniApp";
import { telegramRefusal } from "./telegramRefusals";

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
        const refusal = telegramRefusal(error);
        if (!refusal) throw error;
        return refusal;
      }
    },
  };
}
