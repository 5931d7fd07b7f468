/**
 * A fake Telegram Bot API server on loopback, speaking enough of https://core.telegram.org/bots/api for
 * the bot: `/bot<token>/<method>` with JSON or form bodies, answers in Telegram's envelope
 * ({ ok, result } / { ok: false, error_code, description, parameters }). The real bot reaches it through
 * TELEGRAM_API_ROOT (grammY's apiRoot). It records every call, serves updates a test queues through
 * getUpdates (long polling, honouring offset), answers 429 or 403 when told to, and holds calls (all of a
 * method, or those of one chat) before it carries them out, or after, holding back only the answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update, UserFromGetMe } from "grammy/types";

/** A Bot API call's parameters as the bot sent them: JSON of Telegram's many shapes, which tests read freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Telegram's parameters, typed per method nowhere here
export type BotParams = Record<string, any>;

export interface RecordedCall {
  method: string;
  params: BotParams;
  /** What the fake answered: 200, or the error code it was told to give; 0 while held, and for good if the client hung up first. */
  status: number;
  /**
   * The `result` of a call the fake carried out (e.g. the message sendMessage made, with its message_id),
   * set as soon as it did, even if its answer was then held back or never reached the client.
   */
  result?: unknown;
  /** The client closed the connection before it was answered (an aborted request, a killed process). */
  hungUp?: true;
  /** The order in which calls arrived and were answered, on one counter: which calls were under way together. */
  arrived: number;
  /** When the call arrived, by the fake's clock (ms since the epoch): rates are measured on it. */
  at?: number;
  answered?: number;
}

export interface HoldOptions {
  /** Only calls whose params match are held (e.g. one chat's); the others go through. */
  where?: (params: BotParams) => boolean;
  /**
   * "request" (the default): the call waits before anything happens; if its client hangs up meanwhile, it
   * is never carried out. "answer": the call is carried out at once (the message exists, `result` is
   * recorded) and only the answer waits, as when Telegram's answer is lost on its way back.
   */
  stage?: "request" | "answer";
}

export type Failure = { error_code: 429; retry_after: number } | { error_code: 403 | 400 | 500; description?: string };

/** Every update needs an id; tests give the rest. */
export type QueuedUpdate = Omit<Update, "update_id">;

export const FAKE_BOT_TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijk";
export const FAKE_BOT_INFO: UserFromGetMe = {
  id: 123456789,
  is_bot: true,
  first_name: "Koh Samui Store",
  username: "kohsamui_store_bot",
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** Long polls end after this long with no updates, whatever timeout the client asked for. */
const MAX_POLL_MS = 300;

export interface FakeBotApi {
  /** For TELEGRAM_API_ROOT / grammY's apiRoot. */
  apiRoot: string;
  token: string;
  calls: RecordedCall[];
  /** Calls of one method that were answered ok. */
  callsOf(method: string): BotParams[];
  queueUpdate(update: QueuedUpdate): number;
  /** The next `times` calls of `method` get this error. */
  failNext(method: string, failure: Failure, times?: number): void;
  /** Calls of `method` (those matching `where`) are recorded, then wait for release() before they are carried out, or answered. */
  hold(method: string, options?: HoldOptions): { release(): void };
  /** Calls of `method` that were carried out, whether or not their answer reached the client: what Telegram did. */
  carriedOut(method: string): BotParams[];
  /**
   * Resolves once `count` calls of `method` (matching `where`) were answered ok, or with `received`, once
   * they arrived at all (answered, failed or held).
   */
  waitFor(
    method: string,
    options?: { count?: number; where?: (params: BotParams) => boolean; timeoutMs?: number; received?: boolean },
  ): Promise<BotParams[]>;
  close(): Promise<void>;
}

export async function startFakeBotApi({ token = FAKE_BOT_TOKEN, botInfo = FAKE_BOT_INFO } = {}): Promise<FakeBotApi> {
  const calls: RecordedCall[] = [];
  const updates: Update[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1;
  const failures = new Map<string, Failure[]>();
  interface Hold extends Required<HoldOptions> {
    method: string;
    released: Promise<void>;
  }
  const holds = new Set<Hold>();
  /** Arrivals and answers, counted together. */
  let events = 0;
  const pollers = new Set<() => void>();
  /** Waiters of waitFor, told of every call that arrives or is answered. */
  const watchers = new Set<() => void>();
  const tellWatchers = () => {
    for (const watcher of [...watchers]) watcher();
  };

  const ok = (result: unknown) => ({ ok: true, result });
  const message = (params: BotParams, message_id = nextMessageId++) => ({
    message_id,
    date: Math.floor(Date.now() / 1000),
    chat: { id: Number(params.chat_id), type: "private" },
    from: { id: botInfo.id, is_bot: true, first_name: botInfo.first_name, username: botInfo.username },
    text: params.text,
    ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
  });

  async function getUpdates(params: BotParams, request: IncomingMessage) {
    const offset = Number(params.offset ?? 0);
    // Telegram forgets updates below the offset: they were confirmed.
    while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
    const limit = Math.min(Number(params.limit ?? 100), 100);
    const waitMs = Math.min(Number(params.timeout ?? 0) * 1000, MAX_POLL_MS);
    if (updates.length === 0 && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          pollers.delete(wake);
          request.off("close", wake);
          resolve();
        };
        const timer = setTimeout(wake, waitMs);
        pollers.add(wake);
        request.once("close", wake);
      });
    }
    return ok(updates.slice(0, limit));
  }

  const methods: Record<string, (params: BotParams, request: IncomingMessage) => unknown> = {
    getMe: () => ok(botInfo),
    getUpdates,
    setWebhook: () => ok(true),
    deleteWebhook: () => ok(true),
    setChatMenuButton: () => ok(true),
    setMyCommands: () => ok(true),
    sendMessage: (params) => ok(message(params)),
    sendPhoto: (params) => ok({ ...message(params), caption: params.caption, photo: [{ file_id: "photo", width: 1, height: 1 }] }),
    editMessageText: (params) => ok(params.inline_message_id ? true : message(params, Number(params.message_id))),
    editMessageReplyMarkup: (params) => ok(params.inline_message_id ? true : message(params, Number(params.message_id))),
    answerCallbackQuery: () => ok(true),
    ...preparedMessages(),
  };

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (!match) return send(404, { ok: false, error_code: 404, description: "Not Found" });
    if (match[1] !== token) return send(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2]!;
    const params = { ...Object.fromEntries(url.searchParams), ...(await readParams(request)) };
    // eslint-disable-next-line prefer-const -- the close handler below reads it before it is assigned
    let call: RecordedCall | undefined;
    let hungUp = false;
    response.once("close", () => {
      if (response.writableFinished) return;
      hungUp = true;
      if (call) {
        call.hungUp = true;
        tellWatchers();
      }
    });
    const heldAt = (stage: Hold["stage"]) =>
      Promise.all(
        [...holds].filter((hold) => hold.method === method && hold.stage === stage && hold.where(params)).map((hold) => hold.released),
      );

    const failure = failures.get(method)?.shift();
    if (failure) {
      calls.push({ method, params, status: failure.error_code, arrived: ++events, answered: ++events, at: Date.now() });
      tellWatchers();
      const description =
        failure.error_code === 429
          ? `Too Many Requests: retry after ${failure.retry_after}`
          : (failure.description ?? (failure.error_code === 403 ? "Forbidden: bot was blocked by the user" : "Bad Request"));
      const parameters = failure.error_code === 429 ? { parameters: { retry_after: failure.retry_after } } : {};
      return send(failure.error_code, { ok: false, error_code: failure.error_code, description, ...parameters });
    }
    const handler = methods[method];
    if (!handler) return send(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    call = { method, params, status: 0, arrived: ++events, at: Date.now(), ...(hungUp ? { hungUp: true } : {}) };
    calls.push(call);
    tellWatchers();
    await heldAt("request");
    if (hungUp) return;
    const body = (await handler(params, request)) as { result?: unknown };
    call.result = body.result;
    await heldAt("answer");
    if (hungUp) return;
    call.status = 200;
    call.answered = ++events;
    send(200, body);
    tellWatchers();
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: false, error_code: 500, description: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const okCallsOf = (method: string) => calls.filter((c) => c.method === method && c.status === 200).map((c) => c.params);

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    calls,
    callsOf: okCallsOf,
    queueUpdate(update) {
      const update_id = nextUpdateId++;
      updates.push({ update_id, ...update } as Update);
      for (const wake of [...pollers]) wake();
      return update_id;
    },
    failNext(method, failure, times = 1) {
      failures.set(method, [...(failures.get(method) ?? []), ...Array.from({ length: times }, () => failure)]);
    },
    hold(method, { where = () => true, stage = "request" } = {}) {
      let release!: () => void;
      const hold: Hold = { method, where, stage, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.add(hold);
      return {
        release() {
          holds.delete(hold);
          release();
        },
      };
    },
    carriedOut: (method) => calls.filter((c) => c.method === method && c.result !== undefined).map((c) => c.params),
    waitFor(method, { count = 1, where = () => true, timeoutMs = 5_000, received = false } = {}) {
      const matching = () => (received ? calls.filter((c) => c.method === method).map((c) => c.params) : okCallsOf(method)).filter(where);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (matching().length < count) return;
          clearTimeout(timer);
          watchers.delete(check);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(
            new Error(
              `fake Bot API: expected ${count} ${method} call(s), saw ${matching().length}: ${JSON.stringify(calls.map((c) => c.method))}`,
            ),
          );
        }, timeoutMs);
        watchers.add(check);
        check();
      });
    },
    async close() {
      for (const wake of [...pollers]) wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- g-share: prepared inline messages (issue 26) ----

/**
 * `savePreparedInlineMessage`: Telegram keeps the result for the user and answers a PreparedInlineMessage, an id
 * (unique here, as in Telegram) and when it expires (a day on). The card itself is what the call recorded.
 */
function preparedMessages(): Record<string, (params: BotParams) => unknown> {
  let next = 1;
  return {
    savePreparedInlineMessage: (params) => ({
      ok: true,
      result: { id: `prepared-${next++}-${Number(params.user_id)}`, expiration_date: Math.floor(Date.now() / 1000) + 86_400 },
    }),
  };
}

async function readParams(request: IncomingMessage): Promise<BotParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  if (raw === "") return {};
  const type = request.headers["content-type"] ?? "";
  if (type.includes("application/json")) return JSON.parse(raw) as BotParams;
  if (type.includes("application/x-www-form-urlencoded")) {
    // Telegram takes objects in form fields as JSON text.
    return Object.fromEntries(
      [...new URLSearchParams(raw)].map(([key, value]) => {
        try {
          return [key, JSON.parse(value)];
        } catch {
          return [key, value];
        }
      }),
    );
  }
  throw new Error(`fake Bot API: unsupported content type "${type}"`);
}
