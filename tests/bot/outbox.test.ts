/**
 * The outbox worker: real rows written by the real enqueue function, a real grammY Api talking HTTP to
 * the fake Bot API, and a clock the test moves.
 */
import { Api } from "grammy";
import { beforeEach, describe, expect, it } from "vitest";
import { createMiniApp } from "../../bot/miniApp";
import type { DB } from "../../db/connection";
import { enqueueNotification } from "../../db/repositories/outbox";
import { writerOf } from "../../db/writer";
import { orderDedupeKey, type NotificationKind } from "../../server/domain/notifications";
import { createOutboxWorker, DEFAULT_OUTBOX_OPTIONS, type OutboxWorker, type OutboxWorkerOptions } from "../../server/jobs/outboxWorker";
import { testDatabase } from "../helpers/app";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { addCustomer, addOrder, addShop, quietLog } from "./support";

const STORE_URL = "https://shop.example";
const START = Date.parse("2026-11-21T05:00:00.000Z");
const { leaseMs } = DEFAULT_OUTBOX_OPTIONS;

let fake: FakeBotApi;
let db: DB;
let api: Api;
let now: number;
let shop: number;
const iso = (ms: number) => new Date(ms).toISOString();

function worker(options: Partial<OutboxWorkerOptions> = {}, sendVia: Pick<Api, "sendMessage"> = api): OutboxWorker {
  return createOutboxWorker({ db, api: sendVia, miniApp: createMiniApp(STORE_URL), log: quietLog, clock: () => now, options });
}

beforeEach(async () => {
  now = START;
  fake = await startFakeBotApi();
  api = new Api(fake.token, { apiRoot: fake.apiRoot });
  db = await testDatabase(false);
  shop = await addShop(db, "Chaweng Beach Store", "14 Beach Rd");
  return async () => {
    await fake.close();
    await db.destroy();
  };
});

/** An order of `userId` and its notification, queued as the order service queues it. */
async function notify(userId: number, kind: NotificationKind = "order_placed", extra: { total?: number; hold_until?: string | null } = {}) {
  const hold_until = extra.hold_until === undefined ? iso(START + 3 * 3600_000) : extra.hold_until;
  const orderId = await addOrder(db, { user_id: userId, shop_id: shop, total: extra.total ?? 12_450, hold_until });
  await writerOf(db).write((tx) =>
    enqueueNotification(
      tx,
      {
        kind,
        user_id: userId,
        order_id: orderId,
        dedupe_key: orderDedupeKey(kind, orderId),
        payload: { order_id: orderId, shop_name: "Chaweng Beach Store", shop_address: "14 Beach Rd", total: extra.total ?? 12_450, item_count: 3, hold_until },
      },
      iso(now),
    ),
  );
  return orderId;
}

const rows = () => db.selectFrom("outbox").selectAll().orderBy("id").execute();
const sends = () => fake.callsOf("sendMessage");

describe("delivering notifications", () => {
  it("sends an order_placed row exactly once, to the customer's chat, with number, shop, total and hold deadline", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    const orderId = await notify(userId);

    expect(await worker().tick()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    expect(await worker().tick()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });

    expect(sends()).toHaveLength(1);
    const [message] = sends();
    expect(message!.chat_id).toBe(5001);
    expect(message!.text.split("\n")).toEqual([
      `Your order #${orderId} is placed.`,
      "Shop: Chaweng Beach Store, 14 Beach Rd",
      "3 items · total 12,450 ฿",
      // 08:00 UTC is 15:00 on the island.
      "Please pick it up before 15:00.",
    ]);
    expect(message!.reply_markup.inline_keyboard).toEqual([[{ text: `Open order #${orderId}`, web_app: { url: `${STORE_URL}/order/${orderId}` } }]]);
    expect(await rows()).toMatchObject([{ status: "sent", sent_at: iso(START), attempts: 1, last_error: null }]);
  });

  it("tells of a cancel, an expired hold and a hold about to end", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    const canceled = await notify(userId, "order_canceled");
    const expired = await notify(userId, "order_expired");
    const reminded = await notify(userId, "hold_reminder");
    await worker().tick();
    expect(sends().map((m) => m.text.split("\n")[0])).toEqual([
      `Your order #${canceled} is canceled.`,
      `The hold on your order #${expired} has ended, the items went back on the shelf.`,
      `30 minutes left to pick up your order #${reminded}.`,
    ]);
    expect(sends()[2]!.text).toContain("It is held for you until 15:00.");
  });

  it("leaves out the pickup deadline when there is no hold (courier)", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId, "order_placed", { hold_until: null });
    await worker().tick();
    expect(sends()[0]!.text).not.toMatch(/pick it up/);
  });

  it("waits as long as a 429 asks, then delivers exactly once", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId);
    fake.failNext("sendMessage", { error_code: 429, retry_after: 7 });
    const w = worker();

    expect(await w.tick()).toMatchObject({ retrying: 1, sent: 0 });
    expect(await rows()).toMatchObject([{ status: "pending", attempts: 0, next_attempt_at: iso(START + 7_000) }]);
    now += 6_999;
    expect(await w.tick()).toMatchObject({ sent: 0 });
    now += 1;
    expect(await w.tick()).toMatchObject({ sent: 1 });

    expect(fake.calls.filter((c) => c.method === "sendMessage").map((c) => c.status)).toEqual([429, 200]);
    expect(sends()).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: "sent" }]);
  });

  it("marks a user who blocked the bot (403) unreachable, skips the row and every later one, and stops trying", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId, "order_placed");
    await notify(userId, "hold_reminder");
    fake.failNext("sendMessage", { error_code: 403 });
    const w = worker();

    expect(await w.tick()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 2 });
    const user = await db.selectFrom("users").select("telegram_unreachable_at").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user.telegram_unreachable_at).toBe(iso(START));
    expect(await rows()).toMatchObject([
      { status: "skipped", last_error: expect.stringMatching(/blocked/) },
      { status: "skipped", last_error: "user blocked the bot" },
    ]);

    await notify(userId, "order_canceled");
    now += 3600_000;
    await w.tick();
    expect(fake.calls.filter((c) => c.method === "sendMessage")).toHaveLength(1);
  });

  it("skips users who signed in by e-mail only: no chat to send to, and not a failure", async () => {
    const userId = await addCustomer(db, { email: "mali@samui.example" });
    await notify(userId);
    expect(await worker().tick()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 1 });
    expect(await rows()).toMatchObject([{ status: "skipped", last_error: "no Telegram chat (e-mail only user)" }]);
    expect(fake.calls.filter((c) => c.method === "sendMessage")).toEqual([]);
  });

  it("backs off exponentially on other failures, up to a cap, and gives up after maxAttempts", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId);
    fake.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" }, 4);
    const w = worker({ backoffBaseMs: 1_000, backoffCapMs: 3_000, maxAttempts: 4 });

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await w.tick()).toMatchObject({ retrying: 1 });
      const [row] = await rows();
      waits.push(Date.parse(row!.next_attempt_at) - now);
      now = Date.parse(row!.next_attempt_at);
    }
    expect(waits).toEqual([1_000, 2_000, 3_000]);
    expect(await w.tick()).toMatchObject({ failed: 1 });
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 4 }]);
    now += 3600_000;
    await w.tick();
    expect(fake.calls.filter((c) => c.method === "sendMessage")).toHaveLength(4);
  });

  it("fails a row at once when Telegram calls the request itself bad (400)", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId);
    fake.failNext("sendMessage", { error_code: 400, description: "Bad Request: chat not found" });
    expect(await worker().tick()).toMatchObject({ failed: 1 });
    expect(await rows()).toMatchObject([{ status: "failed", last_error: expect.stringMatching(/chat not found/) }]);
  });

  it("keeps each customer's messages in order: a row in backoff holds back that customer's later rows only", async () => {
    const annaId = await addCustomer(db, { telegram_id: 5001 });
    const benId = await addCustomer(db, { telegram_id: 5002 });
    const placed = await notify(annaId, "order_placed");
    const canceled = await notify(annaId, "order_canceled");
    await notify(benId, "order_placed");
    fake.failNext("sendMessage", { error_code: 500 });
    const w = worker();

    await w.tick();
    expect(sends().map((m) => m.chat_id)).toEqual([5002]);
    now += DEFAULT_OUTBOX_OPTIONS.backoffBaseMs;
    await w.tick();
    expect(sends().map((m) => [m.chat_id, m.text.split("\n")[0]])).toEqual([
      [5002, expect.any(String)],
      [5001, `Your order #${placed} is placed.`],
      [5001, `Your order #${canceled} is canceled.`],
    ]);
  });

  it("marks a row it cannot render failed instead of sending half a message", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    const orderId = await addOrder(db, { user_id: userId, shop_id: shop, total: 1 });
    await db.insertInto("outbox").values({ kind: "order_placed", user_id: userId, order_id: orderId, payload: '{"order_id":"x"}', dedupe_key: "bad", next_attempt_at: iso(now) }).execute();
    await db.insertInto("outbox").values({ kind: "order_teleported", user_id: userId, order_id: orderId, payload: "{}", dedupe_key: "odd", next_attempt_at: iso(now) }).execute();
    expect(await worker().tick()).toMatchObject({ failed: 2, sent: 0 });
    expect(fake.calls.filter((c) => c.method === "sendMessage")).toEqual([]);
  });
});

describe("never twice, nothing lost", () => {
  it("two workers ticking at once send every row exactly once", async () => {
    const userIds = await Promise.all([5001, 5002, 5003, 5004, 5005].map((telegram_id) => addCustomer(db, { telegram_id })));
    for (const userId of userIds) {
      await notify(userId, "order_placed");
      await notify(userId, "hold_reminder");
    }
    const [a, b] = await Promise.all([worker().tick(), worker().tick()]);
    expect(a.sent + b.sent).toBe(10);
    const texts = sends().map((m) => `${m.chat_id}:${m.text}`);
    expect(new Set(texts).size).toBe(10);
    expect(texts).toHaveLength(10);
    expect((await rows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("a worker that claimed a row and died before sending: another one sends it, once, when the claim runs out", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId);
    // Worker A claims the row, then its process dies before the request leaves (its send never returns).
    const dead = worker({}, { sendMessage: () => new Promise<never>(() => {}) });
    void dead.tick();
    await waitForStatus("sending");

    const b = worker();
    expect(await b.tick()).toMatchObject({ sent: 0 }); // A's claim still holds: B must not guess it died
    now += leaseMs - 1;
    expect(await b.tick()).toMatchObject({ sent: 0 });
    now += 1;
    expect(await b.tick()).toMatchObject({ sent: 1 });
    now += leaseMs * 10;
    expect(await b.tick()).toMatchObject({ sent: 0 });
    expect(sends()).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("a graceful stop mid-send waits for Telegram's answer and records it: the next worker sends nothing again", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId);
    const held = fake.hold("sendMessage");
    const a = worker();
    const delivering = a.tick();
    await fake.waitFor("sendMessage", { received: true });
    const stopped = a.stop();
    held.release();
    await stopped;
    expect(await delivering).toMatchObject({ sent: 1 });

    now += leaseMs * 2;
    expect(await worker().tick()).toMatchObject({ sent: 0 });
    expect(sends()).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: "sent" }]);
  });

  it("a crash after Telegram took the message but before it was recorded repeats that one message, and only it (docs/bot.md)", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    const first = await notify(userId, "order_placed");
    const second = await notify(userId, "hold_reminder");
    // A's request reaches Telegram; A dies before the answer is written down.
    const dead = worker({}, { sendMessage: ((...args: Parameters<Api["sendMessage"]>) => api.sendMessage(...args).then(() => new Promise<never>(() => {}))) as Api["sendMessage"] });
    void dead.tick();
    await fake.waitFor("sendMessage");

    now += leaseMs;
    const b = worker();
    await b.tick();
    now += leaseMs * 10;
    await b.tick();

    // The at-least-once window: the message in flight went out twice; nothing else did, nothing is lost.
    expect(sends().map((m) => m.text.split("\n")[0])).toEqual([
      `Your order #${first} is placed.`,
      `Your order #${first} is placed.`,
      `30 minutes left to pick up your order #${second}.`,
    ]);
    expect((await rows()).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("a worker whose claim ran out cannot overwrite the outcome of the worker that took the row over", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId);
    let answerA!: (error: Error) => void;
    const slow = worker({}, { sendMessage: () => new Promise<never>((_, reject) => (answerA = reject)) });
    const aRound = slow.tick();
    await waitForStatus("sending");

    // B takes the row over once A's claim ran out; B's request is still with Telegram when A's fails late.
    now += leaseMs;
    const held = fake.hold("sendMessage");
    const bRound = worker().tick();
    await fake.waitFor("sendMessage", { received: true });
    answerA(new Error("socket hang up")); // A would schedule a retry: it must not, the row is B's
    await aRound;
    held.release();
    expect(await bRound).toMatchObject({ sent: 1 });

    expect(await rows()).toMatchObject([{ status: "sent", last_error: null }]);
    now += leaseMs * 10;
    expect(await worker().tick()).toMatchObject({ sent: 0 });
    expect(sends()).toHaveLength(1);
  });

  it("start() keeps delivering on its own until stop()", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    const w = worker({ intervalMs: 10 });
    w.start();
    await notify(userId);
    await fake.waitFor("sendMessage");
    await w.stop();
    await notify(userId, "hold_reminder");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sends()).toHaveLength(1);
  });
});

async function waitForStatus(status: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await rows();
    if (row?.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the outbox row never became ${status}`);
}
