/**
 * What Telegram's refusal of a send means to a queue worker, for the outbox's notices (bot/messenger.ts) and
 * broadcasts (bot/broadcastMessenger.ts) alike: 429 → wait Telegram's retry_after; 403 → the recipient blocked
 * the bot (or never started it); 400 → rejected for good. Anything else (network, timeout, 5xx) is null: the
 * caller throws it, and the worker backs off and tries again.
 */
import { GrammyError } from "grammy";

export type TelegramRefusal =
  | { result: "retry_after"; seconds: number; reason: string }
  | { result: "blocked"; reason: string }
  | { result: "rejected"; reason: string };

export function telegramRefusal(error: unknown): TelegramRefusal | null {
  if (!(error instanceof GrammyError)) return null;
  switch (error.error_code) {
    case 429:
      return { result: "retry_after", seconds: error.parameters.retry_after ?? 1, reason: error.message };
    case 403:
      return { result: "blocked", reason: error.message };
    case 400:
      return { result: "rejected", reason: error.message };
    default:
      return null;
  }
}

/** A 400 whose description holds `text` (Telegram tells its bad requests apart only by their wording). */
export function isBadRequest(error: unknown, text: string): boolean {
  return error instanceof GrammyError && error.error_code === 400 && error.description.includes(text);
}
