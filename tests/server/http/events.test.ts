/**
 * Live updates (issue 26): `GET /api/events` over real HTTP on a listening server, read with `fetch` as the
 * mini-app reads it. Who hears which order's changes (its customer, staff of its shop, admins; nobody else),
 * the stream's own life (the cap per session, sign-out, the contract's headers), and that a unit of work
 * that throws announces nothing. On SQLite and on PostgreSQL (where the changes of this process reach its
 * streams in process and other processes' through LISTEN/NOTIFY: tests/server/liveInstances.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { insertOrderEvent } from "../../../db/repositories/orders";
import { unitOfWorkOf } from "../../../db/unitOfWork";
import { SESSION_MAX_AGE_MS } from "../../../server/domain/auth";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { openLiveStream, orderEvent, type LiveStreamReader } from "../../helpers/liveStream";
import { orderRequest } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";
import { sendOverHttp } from "../../helpers/storeRequest";

const ADMIN_TG = 8_800_001;
const HEARTBEAT_MS = 300;
const METRICS_TOKEN = "events-test-metrics-token-0123456789";

let store: TestStore;
/** Added to the store's clock: a test moves the store's time (a session's end) without waiting for it. */
let clockOffsetMs = 0;
let base: string;
let shops: Record<string, number>;
let products: Record<string, number>;
type Person = { token: string; userId: number };
let admin: Person;
let chawengManager: Person;
let lamaiManager: Person;
let nextTelegramId = 8_800_100;
const readers: LiveStreamReader[] = [];

async function person(): Promise<Person> {
  return signInCustomer(store.app, ++nextTelegramId);
}

async function stream(token: string | null, headers: Record<string, string> = {}): Promise<LiveStreamReader> {
  const reader = await openLiveStream(base, token, headers);
  readers.push(reader);
  return reader;
}

/** A stream that is subscribed: its `ready` arrived. */
async function readyStream(token: string): Promise<LiveStreamReader> {
  const reader = await stream(token);
  expect(reader.status).toBe(200);
  await reader.waitFor((e) => e.event === "ready", 2000, "ready");
  return reader;
}

async function place(customer: Person, shop: string, product = "Blue Dream"): Promise<number> {
  const answer = await sendOverHttp(
    base,
    orderRequest(customer.token, `live-${Math.random()}`, { shopId: shops[shop]!, productId: products[product]! }),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().order.id as number;
}

const post = (url: string, who: Person) => sendOverHttp(base, { method: "POST", url, headers: bearer(who.token) });

/** Long enough for a change that would wrongly be delivered to arrive (deliveries take milliseconds). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  store = await makeTestStore({
    clock: () => Date.now() + clockOffsetMs,
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      ADMIN_TELEGRAM_IDS: String(ADMIN_TG),
      LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS),
      METRICS_TOKEN: METRICS_TOKEN,
    },
  });
  await store.app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  shops = await shopIdsByName(store.db);
  products = await productIdsByName(store.db);
  await store.db.updateTable("stock").set({ amount: 1000 }).execute();
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  chawengManager = await person();
  lamaiManager = await person();
  await store.db
    .insertInto("shop_staff")
    .values([
      { shop_id: shops["Chaweng Beach Store"]!, user_id: chawengManager.userId, role: "manager" },
      { shop_id: shops["Lamai Night Market"]!, user_id: lamaiManager.userId, role: "manager" },
    ])
    .execute();
});

afterAll(async () => {
  for (const reader of readers) reader.abort();
  // fetch (undici) opens a spare connection when a stream is aborted and never sends on it: Node counts it
  // as busy, so app.close() would wait for its headers timeout.
  await new Promise((resolve) => setTimeout(resolve, 50));
  store?.app.server.closeAllConnections();
  await store?.close();
});

describe("GET /api/events, who may open it", () => {
  it("answers 401 JSON without a token and with a dead one, and opens no stream", async () => {
    for (const token of [null, "A".repeat(43)]) {
      const reader = await stream(token);
      expect(reader.status).toBe(401);
      expect(reader.headers.get("content-type")).toMatch(/^application\/json/);
      expect(JSON.parse(reader.text!)).toEqual({ error: "SIGN_IN_REQUIRED", message: "Please log in first." });
    }
    expect(store.app.services.live.openStreams()).toBe(0);
  });

  it("streams with the contract's headers, uncompressed whatever the client accepts, ready first, then pings", async () => {
    const customer = await person();
    const reader = await stream(customer.token, { "accept-encoding": "gzip, br" });
    expect(reader.status).toBe(200);
    expect(reader.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(reader.headers.get("cache-control")).toContain("no-store");
    expect(reader.headers.get("x-accel-buffering")).toBe("no");
    expect(reader.headers.get("content-encoding")).toBeNull();
    await reader.waitFor((e) => e.event === "ping", HEARTBEAT_MS * 4, "a ping");
    expect(reader.events[0]).toMatchObject({ event: "ready", data: {} });
    reader.abort();
  });
});

describe("who hears which order", () => {
  it("a customer hears their order placed and canceled, never another customer's", async () => {
    const [alice, bob] = [await person(), await person()];
    const aliceStream = await readyStream(alice.token);
    const bobsOrder = await place(bob, "Chaweng Beach Store");
    const alicesOrder = await place(alice, "Chaweng Beach Store");
    await aliceStream.waitFor(orderEvent(alicesOrder), 2000, "Alice's placement");
    expect((await post(`/api/orders/${alicesOrder}/cancel`, alice)).statusCode).toBe(200);
    await post(`/api/orders/${bobsOrder}/cancel`, bob);
    await aliceStream.waitFor(() => aliceStream.orderIds().length >= 2, 2000, "the cancel");
    await settle();
    expect(aliceStream.orderIds()).toEqual([alicesOrder, alicesOrder]);
    expect(aliceStream.orderIds()).not.toContain(bobsOrder);
    // Nothing but the id crosses the stream.
    for (const e of aliceStream.events.filter((x) => x.event === "order")) expect(e.data).toEqual({ id: alicesOrder });
  });

  it("a manager hears new orders and takes of their shop, never another shop's; an admin hears all", async () => {
    const chaweng = await readyStream(chawengManager.token);
    const lamai = await readyStream(lamaiManager.token);
    const all = await readyStream(admin.token);
    const customer = await person();
    const atChaweng = await place(customer, "Chaweng Beach Store");
    const atLamai = await place(customer, "Lamai Night Market", "Jack Herer");
    await chaweng.waitFor(orderEvent(atChaweng), 2000, "the Chaweng order on the Chaweng manager's stream");
    await lamai.waitFor(orderEvent(atLamai), 2000, "the Lamai order on the Lamai manager's stream");
    await all.waitFor(orderEvent(atChaweng), 2000, "the Chaweng order on the admin's stream");
    await all.waitFor(orderEvent(atLamai), 2000, "the Lamai order on the admin's stream");

    // A take by the Chaweng manager (a colleague's stream hears it as well: here, the admin's).
    const takenBefore = chaweng.orderIds().length;
    expect((await post(`/api/staff/orders/${atChaweng}/take`, chawengManager)).statusCode).toBe(200);
    await chaweng.waitFor(() => chaweng.orderIds().length > takenBefore, 2000, "the take");
    await settle();
    expect(chaweng.orderIds()).toEqual([atChaweng, atChaweng]);
    expect(lamai.orderIds()).toEqual([atLamai]);
    expect(all.orderIds().filter((id) => id === atChaweng)).toHaveLength(2);
  });

  it("a unit of work that throws announces nothing; the next one that commits does", async () => {
    const customer = await person();
    const reader = await readyStream(customer.token);
    const orderId = await place(customer, "Chaweng Beach Store");
    await reader.waitFor(orderEvent(orderId));
    const units = unitOfWorkOf(store.db);
    const at = new Date().toISOString();
    const event = { order_id: orderId, type: "note", from_status: null, to_status: null, actor_user_id: null, created_at: at };
    await expect(
      units.write(async (tx) => {
        await insertOrderEvent(tx, event);
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    await settle();
    expect(reader.orderIds()).toEqual([orderId]);
    await units.write((tx) => insertOrderEvent(tx, event));
    await reader.waitFor(() => reader.orderIds().length === 2, 2000, "the committed unit's announcement");
  });
});

describe("the stream's life", () => {
  it("a sixth stream of one session closes the first as superseded; of twenty, the last five stay open", async () => {
    const customer = await person();
    const first = await readyStream(customer.token);
    const next = [];
    for (let i = 0; i < 5; i++) next.push(await readyStream(customer.token));
    await first.waitFor((e) => e.event === "closed", 2000, "closed");
    expect(first.events.at(-1)).toMatchObject({ event: "closed", data: { reason: "superseded" } });
    await first.ended;
    for (const reader of next) expect(reader.events.map((e) => e.event)).not.toContain("closed");

    const later = [];
    for (let i = 0; i < 14; i++) later.push(await readyStream(customer.token));
    const all = [first, ...next, ...later];
    const superseded = all.slice(0, 15);
    const open = all.slice(15);
    for (const reader of superseded) await reader.waitFor((e) => e.event === "closed", 2000, "closed");
    const orderId = await place(customer, "Chaweng Beach Store");
    for (const reader of open) await reader.waitFor(orderEvent(orderId));
    await settle();
    for (const reader of superseded) expect(reader.orderIds()).toEqual([]);
    for (const reader of open) expect(reader.events.map((e) => e.event)).not.toContain("closed");
    for (const reader of open) reader.abort();
  });

  it("signing out closes the session's streams with signed-out, and only that session's", async () => {
    const customer = await person();
    const otherDevice = await signInCustomer(store.app, nextTelegramId);
    const reader = await readyStream(customer.token);
    const kept = await readyStream(otherDevice.token);
    expect((await post("/api/auth/logout", customer)).statusCode).toBe(204);
    await reader.waitFor((e) => e.event === "closed", 2000, "closed");
    expect(reader.events.at(-1)).toMatchObject({ event: "closed", data: { reason: "signed-out" } });
    await reader.ended;
    // The same person's other session still hears their orders.
    const orderId = await place(otherDevice, "Chaweng Beach Store");
    await kept.waitFor(orderEvent(orderId));
    expect((await stream(customer.token)).status).toBe(401);
  });

  it("a session reaching its end closes its streams with signed-out", async () => {
    const customer = await person();
    const { id, created_at } = await store.db
      .selectFrom("sessions")
      .select(["id", "created_at"])
      .where("user_id", "=", customer.userId)
      .executeTakeFirstOrThrow();
    // A session at its 90-day cap (it slides no further): it ends one second after the stream opens.
    const ends = Date.parse(created_at) + SESSION_MAX_AGE_MS;
    await store.db.updateTable("sessions").set({ expires_at: new Date(ends).toISOString() }).where("id", "=", id).execute();
    clockOffsetMs = ends - 1000 - Date.now();
    try {
      const reader = await readyStream(customer.token);
      clockOffsetMs += 2000;
      await reader.waitFor((e) => e.event === "closed", 3000, "closed at the session's end");
      expect(reader.events.at(-1)).toMatchObject({ event: "closed", data: { reason: "signed-out" } });
      await reader.ended;
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("a client that goes away is forgotten; /metrics counts the open streams", async () => {
    const before = store.app.services.live.openStreams();
    const reader = await readyStream((await person()).token);
    expect(store.app.services.live.openStreams()).toBe(before + 1);
    const metrics = await sendOverHttp(base, { method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
    expect(metrics.body).toContain(`store_live_streams ${before + 1}`);
    expect(metrics.body).toContain("store_live_listening 1");
    reader.abort();
    const until = Date.now() + 2000;
    while (store.app.services.live.openStreams() > before && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(store.app.services.live.openStreams()).toBe(before);
  });
});
