/**
 * A broadcast to 2,000 recipients against the fake Bot API (issue 25), with the real workers: the broadcast
 * worker (paced) and the outbox worker (order notices) side by side, as bot/launch.ts runs them. Measured on
 * the fake API's clock: at most BROADCAST_PER_SECOND messages in any one-second window; every reachable
 * recipient gets exactly one message, with 'Stop promotions'; those who blocked the bot (a 403 mid-run) or
 * opted out (before or mid-run) get none; an order placed mid-broadcast reaches the shop's manager within 2 s.
 * Then: two broadcasts to the same chats keep more than a second between a chat's two messages.
 */
import { Api } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBroadcastMessenger } from "../../../bot/broadcastMessenger";
import { createTelegramMessenger } from "../../../bot/messenger";
import { createMiniApp } from "../../../bot/miniApp";
import { createBroadcastWorker, type BroadcastWorker } from "../../../server/jobs/broadcastWorker";
import { createOutboxWorker, type OutboxWorker } from "../../../server/jobs/outboxWorker";
import { createBroadcasts, type Broadcasts } from "../../../server/services/broadcasts";
import { createOutboxDelivery } from "../../../server/services/outboxDelivery";
import { quietLog } from "../../bot/support";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../../helpers/fakeBotApi";
import { placeOrder } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const RECIPIENTS = 2_000;
const PER_SECOND = 25;
const FIRST_CHAT = 800_000;
const ADMIN_TG = 1000;
const MANAGER_TG = 2001;
const CUSTOMER_TG = 3001;

let store: TestStore;
let fake: FakeBotApi;
let broadcasts: Broadcasts;
let broadcastWorker: BroadcastWorker;
let outboxWorker: OutboxWorker;
let admin: { token: string; userId: number };

const chat = (i: number) => FIRST_CHAT + i;
const isRecipientChat = (id: unknown) => typeof id === "number" && id >= FIRST_CHAT && id < FIRST_CHAT + RECIPIENTS;
const broadcastCalls = (): RecordedCall[] => fake.calls.filter((c) => c.method === "sendMessage" && isRecipientChat(c.params.chat_id));

/** The most calls that arrived within any window of `windowMs` (a sliding window over their arrival times). */
function mostInAnyWindow(calls: readonly RecordedCall[], windowMs: number): number {
  const times = calls.map((c) => c.at!).sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

function call(method: "GET" | "POST", url: string, payload?: object) {
  return store.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  store = await makeTestStore({
    env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG), BROADCAST_PER_SECOND: String(PER_SECOND) },
  });
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  await signInCustomer(store.app, MANAGER_TG, "Mali");
  const shops = await shopIdsByName(store.db);
  const staffUrl = `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`;
  const granted = await call("POST", staffUrl, { telegram_id: MANAGER_TG, role: "manager" });
  expect(granted.statusCode).toBe(200);

  await store.db
    .insertInto("users")
    .values(Array.from({ length: RECIPIENTS }, (_, i) => ({ telegram_id: chat(i), first_name: `R${i}`, reflink: `bcast${i}` })))
    .execute();
  // Only the recipients of this file: everyone else the seed or the sign-ins made opts out first.
  await store.db
    .updateTable("users")
    .set({ promotions_opted_out_at: new Date().toISOString() })
    .where((eb) => eb.or([eb("telegram_id", "is", null), eb("telegram_id", "<", FIRST_CHAT)]))
    .execute();

  const api = new Api(TEST_BOT_TOKEN, { apiRoot: fake.apiRoot });
  const miniApp = createMiniApp("https://shop.example");
  broadcasts = createBroadcasts({ db: store.db, clock: Date.now, perSecond: PER_SECOND, chatGapSeconds: 1 });
  // The worker's warnings and errors are shown: the run should have none.
  const log = { info() {}, warn: console.warn, error: console.error };
  broadcastWorker = createBroadcastWorker({ queue: broadcasts.queue, messenger: createBroadcastMessenger(api, miniApp), log });
  const outbox = createOutboxDelivery({ db: store.db });
  outboxWorker = createOutboxWorker({ outbox, messenger: createTelegramMessenger(api, miniApp), log: quietLog });
  broadcastWorker.start();
  outboxWorker.start();
}, 120_000);

afterAll(async () => {
  await Promise.all([broadcastWorker?.stop(), outboxWorker?.stop()]);
  await fake?.close();
  await store?.close();
});

describe("a broadcast to 2,000 recipients", () => {
  it("keeps the pace every second, each reachable recipient once, none who blocked or opted out; orders' pushes go on", async () => {
    // Five opted out before: never queued.
    for (let i = 0; i < 5; i++) await broadcasts.promotions.optOut(chat(i));
    const created = await call("POST", "/api/admin/broadcasts", {
      text: "Songkran sale: 20% off everything this weekend!",
      button: { text: "Shop now", path: "/?category=1" },
      segment: { type: "all" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, recipients } = created.json<{ id: number; recipients: number }>();
    expect(recipients).toBe(RECIPIENTS - 5);
    const started = Date.now();
    expect((await call("POST", `/api/admin/broadcasts/${id}/send`)).statusCode).toBe(200);

    // Mid-run: three recipients have blocked the bot (Telegram answers 403), ten near the end opt out.
    await expect.poll(() => broadcastCalls().length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(200);
    fake.failNext("sendMessage", { error_code: 403, description: "Forbidden: bot was blocked by the user" }, 3);
    const optedOutLate = Array.from({ length: 10 }, (_, i) => chat(RECIPIENTS - 1 - i));
    for (const telegramId of optedOutLate) await broadcasts.promotions.optOut(telegramId);
    await expect.poll(() => fake.calls.filter((c) => c.status === 403).length, { timeout: 10_000, interval: 20 }).toBe(3);
    const blocked = fake.calls.filter((c) => c.status === 403).map((c) => c.params.chat_id as number);

    // Mid-run: a customer places an order at Chaweng; its manager's push arrives within 2 s.
    const products = await productIdsByName(store.db);
    const shops = await shopIdsByName(store.db);
    const customer = await signInCustomer(store.app, CUSTOMER_TG, "Alice");
    const placedAt = Date.now();
    const placed = await placeOrder(store.app, customer.token, "bcast-order-1", {
      shopId: shops["Chaweng Beach Store"]!,
      productId: products["Jack Herer"]!,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [push] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === MANAGER_TG, timeoutMs: 5_000 });
    const pushCall = fake.calls.find((c) => c.params === push)!;
    const pushMs = pushCall.at! - placedAt;
    expect(pushMs, "the manager's push, from the order's placement").toBeLessThan(2_000);
    const status = await call("GET", `/api/admin/broadcasts/${id}`);
    expect(status.json().status).toBe("sending");
    expect(status.json().left).toBeGreaterThan(0);

    await expect
      .poll(async () => (await call("GET", `/api/admin/broadcasts/${id}`)).json().status, { timeout: 200_000, interval: 500 })
      .toBe("done");
    const took = Date.now() - started;
    const final = (await call("GET", `/api/admin/broadcasts/${id}`)).json();
    expect(final).toMatchObject({
      total: RECIPIENTS - 5,
      sent: RECIPIENTS - 5 - 3 - 10,
      blocked: 3,
      opted_out: 10,
      failed: 0,
      left: 0,
      seconds_left: 0,
    });

    // The pace, on the fake API's clock: every call counts, the refused ones too.
    const calls = broadcastCalls();
    expect(mostInAnyWindow(calls, 1_000)).toBeLessThanOrEqual(PER_SECOND);
    // Each reachable recipient exactly once; the blocked and the opted-out none.
    const delivered = new Map<number, number>();
    for (const c of calls.filter((c) => c.status === 200)) delivered.set(c.params.chat_id, (delivered.get(c.params.chat_id) ?? 0) + 1);
    const excluded = new Set([...Array.from({ length: 5 }, (_, i) => chat(i)), ...optedOutLate, ...blocked]);
    const reachable = Array.from({ length: RECIPIENTS }, (_, i) => chat(i)).filter((c) => !excluded.has(c));
    expect(reachable.filter((c) => delivered.get(c) !== 1), "reachable chats without exactly one message").toEqual([]);
    expect([...excluded].filter((c) => delivered.has(c)), "blocked or opted-out chats that got a message").toEqual([]);
    // The blocked ones are marked: their order notices skip them too.
    const marked = await store.db.selectFrom("users").select("telegram_id").where("telegram_unreachable_at", "is not", null).execute();
    expect(marked.map((u) => u.telegram_id).sort()).toEqual([...blocked].sort());
    // Every message carries the admin's button and 'Stop promotions'.
    type Button = { text: string; callback_data?: string; web_app?: { url: string } };
    const keyboard = calls.find((c) => c.status === 200)!.params.reply_markup as { inline_keyboard: Button[][] };
    expect(keyboard.inline_keyboard).toEqual([
      [{ text: "Shop now", web_app: { url: "https://shop.example/?category=1" } }],
      [{ text: "Stop promotions", callback_data: "promo:stop" }],
    ]);
    console.info(
      `broadcast: ${calls.length} sends in ${took} ms (${((calls.length * 1000) / took).toFixed(1)}/s), ` +
        `most in any second ${mostInAnyWindow(calls, 1_000)}; a new order's push took ${pushMs} ms`,
    );
  }, 300_000);

  it("two broadcasts to the same chats: more than a second between a chat's two messages", async () => {
    const few = Array.from({ length: 4 }, (_, i) => chat(100 + i));
    await store.db
      .updateTable("users")
      .set({ promotions_opted_out_at: new Date().toISOString() })
      .where((eb) => eb.or([eb("telegram_id", "is", null), eb("telegram_id", "not in", few)]))
      .execute();
    const before = fake.calls.length;
    const ids: number[] = [];
    for (const text of ["First news", "Second news"]) {
      const created = await call("POST", "/api/admin/broadcasts", { text, segment: { type: "all" } });
      expect(created.json().recipients).toBe(few.length);
      ids.push(created.json().id as number);
    }
    for (const id of ids) expect((await call("POST", `/api/admin/broadcasts/${id}/send`)).statusCode).toBe(200);
    const statusOf = async (id: number) => (await call("GET", `/api/admin/broadcasts/${id}`)).json().status as string;
    for (const id of ids) await expect.poll(() => statusOf(id), { timeout: 20_000, interval: 100 }).toBe("done");
    const calls = fake.calls.slice(before).filter((c) => c.method === "sendMessage");
    for (const chatId of few) {
      const times = calls.filter((c) => c.params.chat_id === chatId).map((c) => c.at!);
      expect(times).toHaveLength(2);
      expect(Math.abs(times[1]! - times[0]!), `chat ${chatId}`).toBeGreaterThanOrEqual(1_000);
    }
  }, 60_000);

  it("a broadcast with a picture goes as a photo, the text its caption, with the buttons", async () => {
    const few = [chat(200)];
    await store.db
      .updateTable("users")
      .set({ promotions_opted_out_at: new Date().toISOString() })
      .where((eb) => eb.or([eb("telegram_id", "is", null), eb("telegram_id", "not in", few)]))
      .execute();
    await store.db.updateTable("users").set({ promotions_opted_out_at: null }).where("telegram_id", "in", few).execute();
    const created = await call("POST", "/api/admin/broadcasts", {
      text: "New arrivals",
      photo_url: "https://shop.example/new.jpg",
      segment: { type: "all" },
    });
    expect(created.json().recipients).toBe(1);
    expect((await call("POST", `/api/admin/broadcasts/${created.json().id}/send`)).statusCode).toBe(200);
    const [photo] = await fake.waitFor("sendPhoto", { timeoutMs: 10_000 });
    expect(photo).toMatchObject({ chat_id: chat(200), photo: "https://shop.example/new.jpg", caption: "New arrivals" });
    expect(photo!.reply_markup.inline_keyboard).toEqual([[{ text: "Stop promotions", callback_data: "promo:stop" }]]);
  }, 30_000);

  it("pause stops the sends (but the one under way), resume goes on, cancel ends it with the rest never sent", async () => {
    const few = Array.from({ length: 60 }, (_, i) => chat(300 + i));
    await store.db
      .updateTable("users")
      .set({ promotions_opted_out_at: new Date().toISOString() })
      .where((eb) => eb.or([eb("telegram_id", "is", null), eb("telegram_id", "not in", few)]))
      .execute();
    await store.db.updateTable("users").set({ promotions_opted_out_at: null }).where("telegram_id", "in", few).execute();
    const created = await call("POST", "/api/admin/broadcasts", { text: "Pause me", segment: { type: "all" } });
    const id = created.json().id as number;
    const ours = () => fake.calls.filter((c) => c.method === "sendMessage" && c.params.text === "Pause me").length;
    expect((await call("POST", `/api/admin/broadcasts/${id}/send`)).statusCode).toBe(200);
    await expect.poll(ours, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(10);
    expect((await call("POST", `/api/admin/broadcasts/${id}/pause`)).json().status).toBe("paused");
    const atPause = ours();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // At most the sends already claimed when the pause came (the worker's few in flight) went out after it.
    expect(ours() - atPause).toBeLessThanOrEqual(2);
    const paused = ours();
    expect((await call("POST", `/api/admin/broadcasts/${id}/send`)).json().status).toBe("sending");
    await expect.poll(ours, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(paused + 10);
    const canceled = (await call("POST", `/api/admin/broadcasts/${id}/cancel`)).json();
    expect(canceled.status).toBe("canceled");
    const atCancel = ours();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ours() - atCancel).toBeLessThanOrEqual(2);
    const final = (await call("GET", `/api/admin/broadcasts/${id}`)).json();
    expect(final.left).toBe(0);
    expect(final.sent).toBe(ours());
    expect(final.sent).toBeLessThan(60);
  }, 60_000);
});
