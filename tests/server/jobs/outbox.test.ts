/**
 * The outbox worker: real rows written by the real enqueue function, the bot's Telegram messenger with a
 * real grammY Api talking HTTP to the fake Bot API, and a clock the test moves.
 */
import { Api } from "grammy";
import { beforeEach, describe, expect, it } from "vitest";
import { createTelegramMessenger } from "../../../bot/messenger";
import { createMiniApp } from "../../../bot/miniApp";
import type { DB } from "../../../db/connection";
import { enqueueNotification } from "../../../db/repositories/outbox";
import { unitOfWorkOf } from "../../../db/unitOfWork";
import { staffDedupeKey, type OutboxMessage, type StaffOrderUpdatePayload } from "../../../server/domain/notifications";
import {
  createOutboxWorker,
  DEFAULT_OUTBOX_OPTIONS,
  type Messenger,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from "../../../server/jobs/outboxWorker";
import { createOutboxDelivery } from "../../../server/services/outboxDelivery";
import { testDatabase } from "../../helpers/app";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fakeBotApi";
import { queueOrderNotice, type OrderNoticeKind } from "./outboxSupport";
import { addCustomer, addOrder, addShop, quietLog } from "../../bot/support";

const STORE_URL = "https://shop.example";
const START = Date.parse("2026-11-21T05:00:00.000Z");
const { leaseMs } = DEFAULT_OUTBOX_OPTIONS;

let fake: FakeBotApi;
let db: DB;
let api: Api;
let now: number;
let shop: number;
const iso = (ms: number) => new Date(ms).toISOString();

const telegram = () => createTelegramMessenger(api, createMiniApp(STORE_URL));

function worker(options: Partial<OutboxWorkerOptions> = {}, messenger: Messenger = telegram()): OutboxWorker {
  return createOutboxWorker({ outbox: createOutboxDelivery({ db }), messenger, log: quietLog, clock: () => now, options });
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
async function notify(userId: number, kind: OrderNoticeKind = "order_placed", extra: { total?: number; hold_until?: string | null } = {}) {
  const holdUntil = extra.hold_until === undefined ? iso(START + 3 * 3600_000) : extra.hold_until;
  const notice = { userId, shopId: shop, kind, total: extra.total ?? 12_450, itemCount: 3, holdUntil, at: iso(now) };
  return (await queueOrderNotice(db, notice)).orderId;
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
    expect(message!.reply_markup.inline_keyboard).toEqual([
      [{ text: `Open order #${orderId}`, web_app: { url: `${STORE_URL}/order/${orderId}` } }],
    ]);
    // The row keeps the message Telegram made of it.
    const messageId = (fake.calls.find((c) => c.method === "sendMessage")!.result as { message_id: number }).message_id;
    expect(await rows()).toMatchObject([
      { status: "sent", sent_at: iso(START), attempts: 1, last_error: null, tg_chat_id: 5001, tg_message_id: messageId },
    ]);
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
    await db
      .insertInto("outbox")
      .values({
        kind: "order_placed",
        user_id: userId,
        order_id: orderId,
        payload: '{"order_id":"x"}',
        dedupe_key: "bad",
        next_attempt_at: iso(now),
      })
      .execute();
    await db
      .insertInto("outbox")
      .values({ kind: "order_teleported", user_id: userId, order_id: orderId, payload: "{}", dedupe_key: "odd", next_attempt_at: iso(now) })
      .execute();
    expect(await worker().tick()).toMatchObject({ failed: 2, sent: 0 });
    expect(fake.calls.filter((c) => c.method === "sendMessage")).toEqual([]);
  });
});

describe("staff messages: remembered, then edited", () => {
  let managerId: number;
  let orderId: number;

  beforeEach(async () => {
    managerId = await addCustomer(db, { telegram_id: 6001, first_name: "Mali" });
    const customerId = await addCustomer(db, { telegram_id: 5001 });
    orderId = await addOrder(db, { user_id: customerId, shop_id: shop, total: 900 });
  });

  const queue = (message: OutboxMessage) => unitOfWorkOf(db).write((tx) => enqueueNotification(tx, message, iso(now)));
  const pushKey = () => staffDedupeKey("staff_new_order", orderId, managerId);

  function push(userId = managerId) {
    return queue({
      kind: "staff_new_order",
      user_id: userId,
      order_id: orderId,
      dedupe_key: staffDedupeKey("staff_new_order", orderId, userId),
      payload: {
        order_id: orderId,
        shop_name: "Chaweng Beach Store",
        shop_address: "14 Beach Rd",
        total: 900,
        item_count: 2,
        hold_until: iso(START + 3 * 3600_000),
        delivery_option: 1,
        lines: [{ product_name: "Jack Herer", price_text: "1 g", amount: 2 }],
      },
    });
  }

  function update(change: Partial<StaffOrderUpdatePayload> = {}, userId = managerId) {
    const payload: StaffOrderUpdatePayload = {
      order_id: orderId,
      outcome: "taken",
      by_name: "Niran",
      by_you: false,
      edits: pushKey(),
      ...change,
    };
    return queue({
      kind: "staff_order_update",
      user_id: userId,
      order_id: orderId,
      dedupe_key: `update:${payload.outcome}:${userId}:${payload.edits}`,
      payload,
    });
  }

  const sentMessageId = () =>
    (fake.calls.find((c) => c.method === "sendMessage" && c.status === 200)!.result as { message_id: number }).message_id;
  const edits = () => fake.callsOf("editMessageText");

  it("edits the message the push became, in place, and the edit row keeps which message it changed", async () => {
    await push();
    await update();
    expect(await worker().tick()).toEqual({ sent: 2, retrying: 0, failed: 0, skipped: 0 });

    expect(sends()).toHaveLength(1);
    const messageId = sentMessageId();
    expect(edits()).toEqual([
      {
        chat_id: 6001,
        message_id: messageId,
        text: `Order #${orderId} was taken by Niran.`,
        reply_markup: { inline_keyboard: [[{ text: "Open", web_app: { url: `${STORE_URL}/order/manage/${orderId}` } }]] },
      },
    ]);
    expect(await rows()).toMatchObject([
      { kind: "staff_new_order", status: "sent", tg_chat_id: 6001, tg_message_id: messageId },
      { kind: "staff_order_update", status: "sent", tg_chat_id: 6001, tg_message_id: messageId },
    ]);
  });

  it("an edit waits while its push is in backoff, then follows it", async () => {
    await push();
    await update();
    fake.failNext("sendMessage", { error_code: 500 });
    const w = worker();
    expect(await w.tick()).toEqual({ sent: 0, retrying: 1, failed: 0, skipped: 0 });
    expect(fake.calls.filter((c) => c.method === "editMessageText")).toEqual([]);
    now += DEFAULT_OUTBOX_OPTIONS.backoffBaseMs;
    expect(await w.tick()).toEqual({ sent: 2, retrying: 0, failed: 0, skipped: 0 });
    expect(edits()[0]!.message_id).toBe(sentMessageId());
  });

  it("skips an edit whose push was never sent: it failed, was sent before messages were remembered, or is someone else's", async () => {
    await push();
    await update();
    fake.failNext("sendMessage", { error_code: 400, description: "Bad Request: chat not found" });
    expect(await worker().tick()).toEqual({ sent: 0, retrying: 0, failed: 1, skipped: 1 });
    expect(await rows()).toMatchObject([
      { kind: "staff_new_order", status: "failed" },
      { kind: "staff_order_update", status: "skipped", last_error: "the message to edit was never sent", tg_message_id: null },
    ]);

    // A push recorded as sent without its message (before the outbox kept them).
    await update({ outcome: "done" });
    await db.updateTable("outbox").set({ status: "sent" }).where("dedupe_key", "=", pushKey()).execute();
    // Another manager's update pointing at this manager's message.
    const otherId = await addCustomer(db, { telegram_id: 6002 });
    await update({ outcome: "canceled" }, otherId);
    expect(await worker().tick()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 2 });
    expect(fake.calls.filter((c) => c.method === "editMessageText")).toEqual([]);
  });

  it("an edit Telegram calls not modified is done; one whose message was deleted is skipped; a bad one fails", async () => {
    await push();
    await worker().tick();
    await update({ outcome: "taken" });
    await update({ outcome: "done" });
    await update({ outcome: "canceled" });
    fake.failNext("editMessageText", {
      error_code: 400,
      description: "Bad Request: message is not modified: specified new message content and reply markup are exactly the same",
    });
    fake.failNext("editMessageText", { error_code: 400, description: "Bad Request: message to edit not found" });
    fake.failNext("editMessageText", { error_code: 400, description: "Bad Request: can't parse entities" });
    expect(await worker().tick()).toEqual({ sent: 1, retrying: 0, failed: 1, skipped: 1 });
    expect((await rows()).map((r) => [r.status, r.tg_message_id])).toEqual([
      ["sent", sentMessageId()],
      ["sent", sentMessageId()],
      ["skipped", null],
      ["failed", null],
    ]);
  });

  it("an edit to a manager who blocked the bot marks them unreachable; a 429 waits", async () => {
    await push();
    await worker().tick();
    await update();
    fake.failNext("editMessageText", { error_code: 429, retry_after: 3 });
    fake.failNext("editMessageText", { error_code: 403 });
    const w = worker();
    expect(await w.tick()).toMatchObject({ retrying: 1 });
    now += 3_000;
    expect(await w.tick()).toMatchObject({ skipped: 1 });
    const manager = await db.selectFrom("users").select("telegram_unreachable_at").where("id", "=", managerId).executeTakeFirstOrThrow();
    expect(manager.telegram_unreachable_at).toBe(iso(now));
  });

  it("fails an edit that names no message, without calling Telegram", async () => {
    await db
      .insertInto("outbox")
      .values({
        kind: "staff_order_update",
        user_id: managerId,
        order_id: orderId,
        payload: '{"order_id":1}',
        dedupe_key: "bad",
        next_attempt_at: iso(now),
      })
      .execute();
    expect(await worker().tick()).toEqual({ sent: 0, retrying: 0, failed: 1, skipped: 0 });
    expect(fake.calls).toEqual([]);
  });

  it("sends Contact client again without its button when Telegram refuses a link to the customer's chat", async () => {
    await queue({
      kind: "contact_client",
      user_id: managerId,
      order_id: orderId,
      dedupe_key: "contact",
      payload: { order_id: orderId, customer_name: "Anna", telegram_id: 5001, username: null, email: null },
    });
    fake.failNext("sendMessage", { error_code: 400, description: "Bad Request: BUTTON_USER_PRIVACY_RESTRICTED" });
    expect(await worker().tick()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    const refused = fake.calls.find((c) => c.method === "sendMessage" && c.status === 400)!;
    expect(refused.params.reply_markup.inline_keyboard).toEqual([[{ text: "Write to Anna", url: "tg://user?id=5001" }]]);
    expect(sends()).toEqual([
      { chat_id: 6001, text: `Contact the client of order #${orderId}: Anna\nTheir privacy settings keep me from linking to their chat.` },
    ]);
  });
});

describe("the port between the worker and the messenger", () => {
  it("hands the messenger the row and records its answer; the worker itself never renders or talks to Telegram", async () => {
    const userId = await addCustomer(db, { telegram_id: 5001 });
    await notify(userId, "order_placed");
    await notify(userId, "hold_reminder");
    const seen: unknown[] = [];
    const messenger: Messenger = {
      async deliver(notification) {
        seen.push(notification);
        return seen.length === 1 ? { result: "sent", chatId: 5001, messageId: 9 } : { result: "skip", reason: "nothing to say" };
      },
    };
    expect(await worker({}, messenger).tick()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 1 });
    expect(seen).toEqual([
      { kind: "order_placed", payload: expect.stringContaining('"total":12450'), chatId: 5001, edit: null, locale: "en" },
      { kind: "hold_reminder", payload: expect.any(String), chatId: 5001, edit: null, locale: "en" },
    ]);
    expect(await rows()).toMatchObject([
      { status: "sent", tg_chat_id: 5001, tg_message_id: 9 },
      { status: "skipped", last_error: "nothing to say", tg_message_id: null },
    ]);
    expect(fake.calls).toEqual([]);
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
    const dead = worker({}, { deliver: () => new Promise<never>(() => {}) });
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
    const real = telegram();
    const dead = worker(
      {},
      { deliver: (notification, signal) => real.deliver(notification, signal).then(() => new Promise<never>(() => {})) },
    );
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
    const slow = worker({}, { deliver: () => new Promise<never>((_, reject) => (answerA = reject)) });
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
