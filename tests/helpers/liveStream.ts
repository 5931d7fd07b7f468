/**
 * Reads `GET /api/events` as the mini-app does: `fetch` with the bearer token, the body read as it arrives
 * and cut into server-sent events. For tests of live updates over real HTTP (a listening server or a store
 * process).
 */

export interface LiveEvent {
  /** `ready`, `order`, `closed`, or `ping` for a `: ping` comment. */
  event: string;
  data: unknown;
  /** performance.now() when it arrived. */
  at: number;
}

export interface LiveStreamReader {
  status: number;
  headers: Headers;
  /** The body as text when the answer was not a stream (a 401's JSON). */
  text: string | null;
  /** Every event so far, in order. */
  events: LiveEvent[];
  /** Resolves with the first event (already arrived or arriving) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (e: LiveEvent) => boolean, timeoutMs?: number, what?: string): Promise<LiveEvent>;
  /** The order ids this stream was told about. */
  orderIds(): number[];
  /** Resolves when the server ended the response. */
  ended: Promise<void>;
  /** The client goes away. */
  abort(): void;
}

/** Parses one block of an event stream (the text between blank lines). */
function parseBlock(block: string): Omit<LiveEvent, "at"> | null {
  let event = "message";
  const data: string[] = [];
  let comment: string | null = null;
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) comment = line.slice(1).trim();
    else if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trim());
  }
  if (data.length === 0) return comment === null ? null : { event: comment, data: null };
  const text = data.join("\n");
  try {
    return { event, data: JSON.parse(text) };
  } catch {
    return { event, data: text };
  }
}

export async function openLiveStream(base: string, token: string | null, headers: Record<string, string> = {}): Promise<LiveStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const isStream = response.status === 200 && (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  const text = isStream ? null : await response.text();
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  if (isStream && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const parsed = parseBlock(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
            if (parsed) events.push({ ...parsed, at: performance.now() });
          }
          for (const wake of [...waiters]) wake();
        }
      } catch {
        // Aborted by the test, or the connection dropped: `ended` says so either way.
      }
      endedResolve();
      for (const wake of [...waiters]) wake();
    })();
  } else endedResolve();

  return {
    status: response.status,
    headers: response.headers,
    text,
    events,
    waitFor(match, timeoutMs = 2000, what = "an event") {
      return new Promise<LiveEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => [e.event, e.data]))}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    orderIds: () => events.filter((e) => e.event === "order").map((e) => (e.data as { id: number }).id),
    ended,
    abort: () => controller.abort(),
  };
}

/** The event of a change of order `id`. */
export const orderEvent = (id: number) => (e: LiveEvent) => e.event === "order" && (e.data as { id?: number }).id === id;
