/**
 * The mini-app's live stream client (webapp/src/lib/liveEvents.ts) against a `fetch` the test answers, on a fake
 * clock: the token in the header, `ready` making it healthy, order events coalesced, reconnecting with backoff
 * (3 s doubling up to 30 s) after a drop, a silent stream, or a 5xx, and never after `closed` or a 401. Then the
 * query cache: which screens an order event refetches.
 */
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openLiveEvents, startLiveUpdates, type LiveStopReason } from "../../webapp/src/lib/liveEvents";

/** One attempt the client made: what it sent, and the stream the test writes the server's side into. */
interface Attempt {
  url: string;
  init: RequestInit;
  write: (text: string) => void;
  end: () => void;
}

let attempts: Attempt[];
/** How the next attempts are answered; a 200 stream by default. */
let answer: () => Response | Promise<Response>;

const encoder = new TextEncoder();

function streamAnswer(attempt: Pick<Attempt, "write" | "end">): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      attempt.write = (text) => controller.enqueue(encoder.encode(text));
      // The client may have closed it already (it does on `closed`).
      attempt.end = () => {
        try {
          controller.close();
        } catch {
          // closed by the client
        }
      };
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } });
}

const fakeFetch: typeof fetch = (input, init) => {
  const attempt: Attempt = { url: String(input), init: init ?? {}, write: () => undefined, end: () => undefined };
  attempts.push(attempt);
  const stream = streamAnswer(attempt);
  const response = answer === defaultAnswer ? stream : answer();
  return new Promise((resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    void Promise.resolve(response).then(resolve, reject);
  });
};
const defaultAnswer = () => new Response(null);

let health: boolean[];
let orders: (number[] | null)[];
let stops: LiveStopReason[];

function open() {
  return openLiveEvents({
    token: "token-of-ann",
    fetch: fakeFetch,
    onHealth: (healthy) => health.push(healthy),
    onOrders: (ids) => orders.push(ids ? [...ids].sort((a, b) => a - b) : null),
    onStopped: (reason) => stops.push(reason),
  });
}

const last = () => attempts.at(-1)!;
const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  // No spread around the backoff's waits, so the test can name them.
  vi.spyOn(Math, "random").mockReturnValue(0.5);
  attempts = [];
  answer = defaultAnswer;
  health = [];
  orders = [];
  stops = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the live stream", () => {
  it("asks GET /api/events with the token in the Authorization header, never in the URL", async () => {
    const live = open();
    await tick(0);
    expect(attempts).toHaveLength(1);
    expect(last().url).toBe("/api/events");
    expect(last().init.method ?? "GET").toBe("GET");
    expect(last().init.headers).toMatchObject({ Authorization: "Bearer token-of-ann", Accept: "text/event-stream" });
    live.stop();
  });

  it("is healthy from `ready`, and hands over the orders of a burst of events once", async () => {
    const live = open();
    await tick(0);
    last().write("retry: 3000\n");
    await tick(0);
    expect(health).toEqual([]);
    last().write("event: ready\ndata: {}\n\n");
    await tick(0);
    expect(health).toEqual([true]);

    last().write('event: order\ndata: {"id":12}\n\n: ping\n\nevent: order\ndata: {"id":');
    await tick(10);
    last().write('5}\n\nevent: order\ndata: {"id":12}\n\n');
    await tick(200);
    expect(orders).toEqual([[5, 12]]);

    // An order event the client cannot read still says "something changed": every order screen refetches.
    last().write("event: order\ndata: {}\n\n");
    await tick(200);
    expect(orders).toEqual([[5, 12], null]);
    live.stop();
    expect(health).toEqual([true, false]);
  });

  it("reconnects after a drop in 3 s, then waits longer each time up to 30 s, and from 3 s again once ready", async () => {
    const live = open();
    await tick(0);
    last().write("event: ready\ndata: {}\n\n");
    await tick(0);
    last().end();
    await tick(0);
    expect(health).toEqual([true, false]);

    // The attempts' waits after a failure: 3, 6, 12, 24, 30, 30 s.
    answer = () => new Response("down", { status: 503 });
    for (const waitMs of [3_000, 6_000, 12_000, 24_000, 30_000, 30_000]) {
      const before = attempts.length;
      await tick(waitMs - 1);
      expect(attempts).toHaveLength(before);
      await tick(1);
      expect(attempts).toHaveLength(before + 1);
    }

    // The server is back: ready resets the backoff.
    answer = defaultAnswer;
    await tick(30_000);
    last().write("event: ready\ndata: {}\n\n");
    await tick(0);
    expect(health.at(-1)).toBe(true);
    const before = attempts.length;
    last().end();
    await tick(3_000);
    expect(attempts).toHaveLength(before + 1);
    live.stop();
  });

  it("follows the server's retry as its first wait", async () => {
    const live = open();
    await tick(0);
    last().write("retry: 5000\nevent: ready\ndata: {}\n\n");
    await tick(0);
    last().end();
    await tick(4_999);
    expect(attempts).toHaveLength(1);
    await tick(1);
    expect(attempts).toHaveLength(2);
    live.stop();
  });

  it("gives up a stream silent for 60 s (no heartbeat) and opens another", async () => {
    const live = open();
    await tick(0);
    last().write("event: ready\ndata: {}\n\n");
    await tick(50_000);
    last().write(": ping\n\n");
    await tick(59_999);
    expect(health).toEqual([true]);
    expect(attempts[0]!.init.signal?.aborted).toBe(false);
    await tick(1);
    expect(health).toEqual([true, false]);
    expect(attempts[0]!.init.signal?.aborted).toBe(true);
    await tick(3_000);
    expect(attempts).toHaveLength(2);
    live.stop();
  });

  it("stops for good on `closed` (superseded or signed out): no reconnecting", async () => {
    for (const reason of ["superseded", "signed-out"] as const) {
      attempts = [];
      const live = open();
      await tick(0);
      last().write(`event: ready\ndata: {}\n\nevent: closed\ndata: {"reason":"${reason}"}\n\n`);
      await tick(0);
      // The client hangs up itself.
      expect(last().init.signal?.aborted).toBe(true);
      last().end();
      await tick(120_000);
      expect(attempts).toHaveLength(1);
      expect(stops.at(-1)).toBe(reason);
      expect(health.slice(-2)).toEqual([true, false]);
      live.stop();
    }
  });

  it("stops for good on a 401 (a dead session), but keeps trying after a network failure", async () => {
    answer = () => new Response(JSON.stringify({ error: "SIGN_IN_REQUIRED", message: "Please log in again." }), { status: 401 });
    open();
    await tick(120_000);
    expect(attempts).toHaveLength(1);
    expect(stops).toEqual(["refused"]);
    expect(health).toEqual([]);

    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    const live = open();
    await tick(0);
    await tick(3_000);
    expect(attempts).toHaveLength(3);
    live.stop();
  });

  it("takes an answer that is not an event stream (a proxy's page) as a failed attempt", async () => {
    answer = () => new Response("<html>", { headers: { "content-type": "text/html" } });
    const live = open();
    await tick(3_000);
    expect(attempts).toHaveLength(2);
    expect(health).toEqual([]);
    live.stop();
  });

  it("back from the background, opens the stream anew after 10 s away, and at once when a reconnect was waiting", async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: "visible" });
    vi.stubGlobal("document", page);
    const show = (state: "visible" | "hidden") => {
      page.visibilityState = state;
      page.dispatchEvent(new Event("visibilitychange"));
    };
    const live = open();
    await tick(0);
    last().write("event: ready\ndata: {}\n\n");
    await tick(0);

    // A glance at another app: the stream stays.
    show("hidden");
    await tick(5_000);
    show("visible");
    await tick(0);
    expect(attempts).toHaveLength(1);

    // Away long enough for the phone to have suspended it: a new stream at once, polling meanwhile.
    show("hidden");
    await tick(10_000);
    show("visible");
    await tick(0);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.init.signal?.aborted).toBe(true);
    expect(health).toEqual([true, false]);
    last().write("event: ready\ndata: {}\n\n");
    await tick(0);

    // Dropped while away, tried again after 3 s in vain, the next try 6 s off: coming back tries now.
    answer = () => new Response("down", { status: 503 });
    show("hidden");
    last().end();
    await tick(3_000);
    expect(attempts).toHaveLength(3);
    show("visible");
    await tick(0);
    expect(attempts).toHaveLength(4);
    live.stop();
    vi.unstubAllGlobals();
  });

  it("closes the connection on stop (sign-out) and opens no other", async () => {
    const live = open();
    await tick(0);
    last().write("event: ready\ndata: {}\n\n");
    await tick(0);
    live.stop();
    expect(last().init.signal?.aborted).toBe(true);
    await tick(120_000);
    expect(attempts).toHaveLength(1);
    expect(health).toEqual([true, false]);
  });
});

describe("live updates on the query cache", () => {
  function cacheWith(client: QueryClient, key: string, liveOrders: true | number | undefined) {
    client.setQueryData([key], { shown: true });
    const query = client.getQueryCache().find({ queryKey: [key] })!;
    query.setOptions({ queryKey: [key], meta: liveOrders === undefined ? {} : { liveOrders } });
    return query;
  }

  it("an order event refetches the screens of that order and of every order list, nothing else", async () => {
    const client = new QueryClient();
    const order5 = cacheWith(client, "order 5", 5);
    const order6 = cacheWith(client, "order 6", 6);
    const list = cacheWith(client, "a list of orders", true);
    const products = cacheWith(client, "products", undefined);
    const healthy: boolean[] = [];
    vi.stubGlobal("fetch", fakeFetch);
    const stop = startLiveUpdates(client, "token-of-ann", (value) => healthy.push(value));
    await tick(0);
    last().write('event: order\ndata: {"id":5}\n\n');
    await tick(200);
    expect([order5, order6, list, products].map((query) => query.state.isInvalidated)).toEqual([true, false, true, false]);

    // `ready` (after a reconnect too): everything showing orders is asked again, changes may have been missed.
    last().write("event: ready\ndata: {}\n\n");
    await tick(0);
    expect(healthy).toEqual([true]);
    expect([order5, order6, list, products].map((query) => query.state.isInvalidated)).toEqual([true, true, true, false]);
    stop();
    expect(healthy).toEqual([true, false]);
    vi.unstubAllGlobals();
  });
});
