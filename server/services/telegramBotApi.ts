/**
 * The Bot API as the HTTP side calls it, for the few calls a person waits on (issue 26: a prepared share
 * card). Everything else the bot says goes through the outbox and the worker (docs/decisions.md, "Processes and
 * health"); these calls are made while the request is open, outside any unit of work, with a short deadline,
 * so a slow or unreachable Telegram costs the caller a 503 within seconds and never holds a transaction.
 * Tests point TELEGRAM_API_ROOT at the fake Bot API (tests/helpers/fakeBotApi.ts).
 */

import { Api, GrammyError } from "grammy";

/** How long the person waits for Telegram before the store gives up and the app falls back. */
const REQUEST_TIMEOUT_MS = 5_000;

/** Telegram could not be reached, did not answer in time, or answered with an error. */
export class BotApiError extends Error {
  override readonly name = "BotApiError";
  constructor(
    message: string,
    /** Telegram's error_code (400, 403, 429…), or null when it did not answer. */
    readonly errorCode: number | null,
  ) {
    super(message);
  }
}

export interface BotApi {
  /** One Bot API method with its parameters (JSON); its `result`, or a BotApiError. */
  call<T>(method: string, params?: Record<string, unknown>): Promise<T>;
}

/** The Bot API methods by name, as grammY's raw API takes them (a method and its parameters as JSON). */
type RawApi = Record<string, (params?: Record<string, unknown>) => Promise<unknown>>;

/** On grammY's own client (the one the bot and the outbox use), with a deadline of whole seconds. */
export function createBotApi({
  token,
  apiRoot,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: {
  token: string;
  apiRoot: string;
  timeoutMs?: number;
}): BotApi {
  const api = new Api(token, { apiRoot, timeoutSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)) });
  return {
    async call<T>(method: string, params?: Record<string, unknown>): Promise<T> {
      try {
        return (await (api.raw as unknown as RawApi)[method]!(params)) as T;
      } catch (error) {
        if (error instanceof GrammyError) throw new BotApiError(`Telegram refused ${method}: ${error.description}`, error.error_code);
        // Never grammY's whole message or the request: the URL holds the token.
        throw new BotApiError(`Telegram did not answer ${method}: ${(error as Error).name}`, null);
      }
    },
  };
}
