/**
 * The Bot API as the HTTP side calls it, for the few calls a person waits on (issue 26: a prepared share
 * card). Everything else the bot says goes through the outbox and the worker (docs/decisions.md, "Processes and
 * health"); these calls are made while the request is open, outside any unit of work, with a short deadline,
 * so a slow or unreachable Telegram costs the caller a 503 within seconds and never holds a transaction.
 * Tests point TELEGRAM_API_ROOT at the fake Bot API (tests/helpers/fakeBotApi.ts).
 */

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

type Envelope = { ok: true; result: unknown } | { ok: false; error_code?: number; description?: string };

export function createBotApi({
  token,
  apiRoot,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: {
  token: string;
  apiRoot: string;
  timeoutMs?: number;
}): BotApi {
  const base = `${apiRoot.replace(/\/+$/, "")}/bot${token}`;
  return {
    async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${base}/${method}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(params),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // Never the URL: it holds the token.
        throw new BotApiError(`Telegram did not answer ${method}: ${(error as Error).name}`, null);
      }
      let body: Envelope;
      try {
        body = (await response.json()) as Envelope;
      } catch {
        throw new BotApiError(`Telegram's answer to ${method} is not JSON (HTTP ${response.status})`, response.status);
      }
      if (!body || typeof body !== "object" || !("ok" in body))
        throw new BotApiError(`Telegram's answer to ${method} has no ok`, response.status);
      if (!body.ok)
        throw new BotApiError(`Telegram refused ${method}: ${body.description ?? "no description"}`, body.error_code ?? response.status);
      return body.result as T;
    },
  };
}
