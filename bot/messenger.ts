/**
 * The outbox worker's Messenger (server/jobs/outboxWorker.ts), made of grammY: renders a row
 * (notifications.ts) and sends it, or edits the message it names, and says what Telegram answered in the
 * worker's terms: Telegram's refusals as bot/telegramRefusals.ts reads them, but "message is not
 * modified" on an edit means the message already says it (sent), and a message to edit that is gone leaves
 * nothing to do (skip). Anything else (network, timeout, 5xx)
 * is thrown, and the worker backs off. Every Bot API call made here carries the worker's signal, which
 * aborts it when the send times out or a stopping worker releases the row.
 */
import type { Api } from "grammy";
import type { Delivery, Messenger, OutgoingNotification } from "../server/jobs/outboxWorker";
import type { MiniApp } from "./miniApp";
import { renderNotification, type RenderedNotification } from "./notifications";
import { isBadRequest, telegramRefusal } from "./telegramRefusals";

type GrammySignal = Parameters<Api["sendMessage"]>[3];
/** Node's AbortSignal; grammY types its own with an older shim's declarations, which Node's fits at runtime. */
const asGrammySignal = (signal: AbortSignal) => signal as unknown as GrammySignal;

/** Telegram's answers to an edit that has nothing to do. */
const NOT_MODIFIED = "message is not modified";
const EDIT_TARGET_GONE = ["message to edit not found", "message can't be edited"];
/** A tg://user button refused because of the user's privacy settings. */
const BUTTON_PRIVACY = "BUTTON_USER_PRIVACY_RESTRICTED";

export function createTelegramMessenger(api: Pick<Api, "sendMessage" | "editMessageText">, miniApp: MiniApp): Messenger {
  async function send(chatId: number, message: RenderedNotification, signal: AbortSignal): Promise<Delivery> {
    const other = message.keyboard ? { reply_markup: message.keyboard } : {};
    try {
      const sent = await api.sendMessage(chatId, message.text, other, asGrammySignal(signal));
      return { result: "sent", chatId: sent.chat.id, messageId: sent.message_id };
    } catch (error) {
      if (message.textWithoutKeyboard !== undefined && isBadRequest(error, BUTTON_PRIVACY)) {
        return send(chatId, { text: message.textWithoutKeyboard, keyboard: null }, signal);
      }
      throw error;
    }
  }

  async function edit(
    target: { chatId: number; messageId: number },
    message: RenderedNotification,
    signal: AbortSignal,
  ): Promise<Delivery> {
    const other = message.keyboard ? { reply_markup: message.keyboard } : {};
    try {
      await api.editMessageText(target.chatId, target.messageId, message.text, other, asGrammySignal(signal));
    } catch (error) {
      // The message already says this (a repeated edit after a crash, say): that is what was wanted.
      if (!isBadRequest(error, NOT_MODIFIED)) throw error;
    }
    return { result: "sent", ...target };
  }

  return {
    async deliver(notification: OutgoingNotification, signal: AbortSignal): Promise<Delivery> {
      const message = renderNotification(notification.kind, notification.payload, miniApp, notification.locale);
      if (!message) return { result: "rejected", reason: `cannot render ${notification.kind} from its payload` };
      try {
        return notification.edit ? await edit(notification.edit, message, signal) : await send(notification.chatId, message, signal);
      } catch (error) {
        const refusal = telegramRefusal(error);
        if (!refusal) throw error;
        // The manager deleted the message to edit: there is nothing left to change.
        if (refusal.result === "rejected" && notification.edit && EDIT_TARGET_GONE.some((text) => isBadRequest(error, text)))
          return { result: "skip", reason: refusal.reason };
        return refusal;
      }
    },
  };
}

