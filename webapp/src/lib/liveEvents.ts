/**
 * Live updates: the app's one stream of `GET /api/events`, opened with `fetch` so the session's token
 * goes in the Authorization header as on every call (an EventSource would put it in the URL). The stream only says
 * "order 123 changed"; the screens showing orders ask the API again, so nothing crosses a role boundary through it.
 * Loaded lazily once signed in (lib/live.ts); docs/decisions.md "Live updates: the mini-app".
 */
import type { Query, QueryClient } from "@tanstack/react-query";
import { createSseParser } from "./sse";

/** Where the stream is served (server/http/routes/events.ts). */
export const EVENTS_PATH = "/api/events";
/** The first wait before reconnecting, until the server's `retry:` says otherwise. */
const FIRST_RETRY_MS = 3_000;
/** Waits double after each failed attempt up to this. */
const MAX_RETRY_MS = 30_000;
/** The server sends a comment every 25 s: a stream silent for this long is dead (a half-open connection). */
const SILENCE_MS = 60_000;
/** Coming back after this long in the background (a phone's app switcher), the stream is opened anew. */
const BACKGROUND_RESTART_MS = 10_000;
/** Events arriving within this window are answered with one refetch per screen. */
const COALESCE_MS = 100;

/** Why the stream stopped for good (no reconnecting by itself): the server's `closed`, or a 401/403 at opening. */
export type LiveStopReason = "superseded" | "signed-out" | "refused";

export interface LiveEventsOptions {
  token: string;
  /** Orders that changed since the last call; `null` when an event named none the client understood. */
  onOrders: (ids: ReadonlySet<number> | null) => void;
  /** True once the server said `ready`; false whenever the stream is not open (polling goes on then). */
  onHealth: (healthy: boolean) => void;
  onStopped?: (reason: LiveStopReason) => void;
  /** The tests' stand-in; the browser's otherwise. */
  fetch?: typeof fetch;
}

/** Opens the stream and keeps it open (reconnecting with backoff) until `stop()` or the server says `closed`. */
export function openLiveEvents(options: LiveEventsOptions): { stop: () => void } {
  const fetchStream = options.fetch ?? ((input, init) => fetch(input, init));
  let stopped = false;
  let healthy = false;
  let controller: AbortController | null = null;
  let retryMs = FIRST_RETRY_MS;
  let nextWaitMs = FIRST_RETRY_MS;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let changed: Set<number> | null = new Set();
  let hiddenSince: number | null = null;

  function setHealth(next: boolean): void {
    if (healthy === next) return;
    healthy = next;
    options.onHealth(next);
  }

  function orderChanged(data: string): void {
    let id: unknown;
    try {
      id = (JSON.parse(data) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (changed && typeof id === "number" && Number.isSafeInteger(id)) changed.add(id);
    else changed = null;
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      const ids = changed;
      changed = new Set();
      options.onOrders(ids);
    }, COALESCE_MS);
  }

  function end(reason: LiveStopReason): void {
    stop();
    options.onStopped?.(reason);
  }

  function hearFromServer(): void {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => restart(), SILENCE_MS);
  }

  /** The connection is given up (dropped, refused for now, silent): polling takes over until the next `ready`. */
  function restart(delayMs = nextWaitMs): void {
    controller?.abort();
    controller = null;
    clearTimeout(silenceTimer);
    setHealth(false);
    if (stopped) return;
    clearTimeout(reconnectTimer);
    // Spread over ±20 %, so the apps a server restart dropped do not come back in one burst.
    reconnectTimer = setTimeout(connect, delayMs * (0.8 + Math.random() * 0.4));
    nextWaitMs = Math.min(nextWaitMs * 2, MAX_RETRY_MS);
  }

  async function connect(): Promise<void> {
    reconnectTimer = undefined;
    const own = new AbortController();
    controller = own;
    hearFromServer();
    try {
      const response = await fetchStream(EVENTS_PATH, {
        headers: { Accept: "text/event-stream", Authorization: `Bearer ${options.token}` },
        cache: "no-store",
        signal: own.signal,
      });
      if (response.status === 401 || response.status === 403) {
        // A dead session: the next poll meets the same 401 and opens the sign-in (lib/api.ts).
        void response.body?.cancel().catch(() => undefined);
        end("refused");
        return;
      }
      if (!response.ok || !response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
        void response.body?.cancel().catch(() => undefined);
        restart();
        return;
      }
      const parser = createSseParser({
        onRetry: (ms) => {
          retryMs = Math.max(ms, 1_000);
        },
        onEvent: (event) => {
          if (event.type === "ready") {
            nextWaitMs = retryMs;
            setHealth(true);
          } else if (event.type === "order") {
            orderChanged(event.data);
          } else if (event.type === "closed") {
            end(event.data.includes('"superseded"') ? "superseded" : "signed-out");
          }
        },
      });
      // TextDecoder rather than TextDecoderStream, which older in-app webviews lack; it keeps a character cut
      // between two chunks for the next.
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || controller !== own) break;
        hearFromServer();
        parser.push(decoder.decode(value, { stream: true }));
        if (controller !== own) break;
      }
      void reader.cancel().catch(() => undefined);
    } catch {
      // A network failure, or our own abort (then `controller` is no longer this attempt's).
    }
    if (controller === own) restart();
  }

  function onVisibility(): void {
    if (document.visibilityState === "hidden") {
      hiddenSince = Date.now();
      return;
    }
    const away = hiddenSince === null ? 0 : Date.now() - hiddenSince;
    hiddenSince = null;
    if (stopped) return;
    // Back from the background: a waiting reconnect goes now, and a long-suspended stream may be dead unnoticed.
    if (reconnectTimer !== undefined || away >= BACKGROUND_RESTART_MS) {
      nextWaitMs = retryMs;
      restart(0);
    }
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    clearTimeout(reconnectTimer);
    clearTimeout(flushTimer);
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisibility);
    restart();
  }

  if (typeof document !== "undefined") document.addEventListener("visibilitychange", onVisibility);
  void connect();
  return { stop };
}

/** Queries that show orders say which in their meta (`liveOrders`: `true` any order, or one order's id). */
function showsOrders(query: Query, ids: ReadonlySet<number> | null): boolean {
  const shown = query.meta?.liveOrders;
  if (shown === undefined) return false;
  return shown === true || ids === null || ids.has(shown);
}

/**
 * The stream wired to the query cache: an order event refetches the screens showing that order or any list of
 * orders; each `ready` (the first, and after a reconnect) refetches them all, since changes may have been missed
 * while the stream was not open. `onHealth` is lib/live.ts's, which pauses their polling meanwhile.
 */
export function startLiveUpdates(queryClient: QueryClient, token: string, onHealth: (healthy: boolean) => void): () => void {
  const refetch = (ids: ReadonlySet<number> | null) =>
    void queryClient.invalidateQueries({ predicate: (query) => showsOrders(query, ids) });
  const stream = openLiveEvents({
    token,
    onOrders: refetch,
    onHealth: (healthy) => {
      onHealth(healthy);
      if (healthy) refetch(null);
    },
  });
  return stream.stop;
}
