/**
 * The outbox worker's pool, its send timeout and its stop: real rows in a real SQLite database made by the
 * real migrations, the bot's Telegram messenger with a real grammY Api talking HTTP to the fake Bot API,
 * the real worker, and a clock the test moves (the worker's timers are real).
 */
import { Api } from "grammy";
import { beforeEach, describe, expect, it } from "vitest";
import { createTelegramMessenger } from "../../../bot/messenger";
import { createMiniApp } from "../../../bot/miniApp";
import type { DB } from "../../../db/connection";
import {
  createOutboxWorker,
  DEFAULT_OUTBOX_OPTIONS,
  type Delivery,
  type Messenger,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from "../../../server/jobs/outboxWorker";
import { createOutboxDelivery } from "../../../server/services/outboxDelivery";
import { testDatabase } from "../../helpers/app";
import { startFakeBotApi, type FakeBotApi, type RecordedCall, type BotParams } from "../../helpers/fakeBotApi";
import { queueOrderNotice, type OrderNoticeKind } from "./outboxSupport";
import { addCustomer, addShop, quietLog } from "../../bot/support";

const START = Date.parse("2026-11-21T05:00:00.000Z");
const { backoffBaseMs, leaseMs } = DEFAULT_OUTBOX_OPTIONS;

let fake: FakeBotApi;
let db: DB;
let api: Api;
let now: number;
let shop: number;
const iso = (ms: number) => new Date(ms).toISOString();

function worker(options: Partial<OutboxWorkerOptions> = {}, messenger: Messenger = createTelegramMessenger(api, createMiniApp("https://shop.example"))): OutboxWorker {
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

/** A customer with a Telegram chat whose id is `chatId`. */
const customer = (chatId: number) => addCustomer(db, { telegram_id: chatId });

/** An order of `userId` and its notification, queued as the order service queues it; the outbox row's id. */
async function notify(
  userId: number,
  kind: Extract<OrderNoticeKind, "order_placed" | "order_canceled" | "hold_reminder"> = "order_placed",
): Promise<number> {
  const notice = { userId, shopId: shop, kind, total: 900, itemCount: 1, holdUntil: iso(START + 3 * 3600_000), at: iso(now) };
  return (await queueOrderNotice(db, notice)).outboxId;
}

const row = (id: number) => db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const rows = () => db.selectFrom("outbox").selectAll().orderBy("id").execute();
const inChat = (chatId: number) => (params: BotParams) => params.chat_id === chatId;
const sendCalls = (chatId?: number) =>
  fake.calls.filter((c) => c.method === "sendMessage" && (chatId === undefined || c.params.chat_id === chatId));

/** The most calls that were under way at once (arrived, not yet answered), by the fake's own counter. */
function mostAtOnce(calls: RecordedCall[]): number {
  const steps = calls
    .flatMap((c) => [{ at: c.arrived, by: 1 }, ...(c.answered === undefined ? [] : [{ at: c.answered, by: -1 }])])
    .sort((a, b) => a.at - b.at);
  let under = 0;
  let most = 0;
  for (const step of steps) most = Math.max(most, (under += step.by));
  return most;
}

describe("a Bot API call that never answers", () => {
  it("holds up no other chat: their notices go out within 2 s while it hangs, and it is retried after the send timeout", async () => {
    expect(DEFAULT_OUTBOX_OPTIONS.sendTimeoutMs).toBe(10_000);
    const sendTimeoutMs = 3_000;
    const anna = await customer(7001);
    const others = await Promise.all([7002, 7003, 7004, 7005].map(customer));
    const annaRow = await notify(anna);
    const hang = fake.hold("sendMessage", { where: inChat(7001) });
    const w = worker({ sendTimeoutMs });
    // The send's timer starts after this, and before the call reaches Telegram.
    const startedAt = Date.now();
    w.start();
    await fake.waitFor("sendMessage", { received: true, where: inChat(7001) });

    // From the moment each notice is queued (just before its write) to Telegram's answer to it.
    const queuedAt = new Map<number, number>();
    const took = Promise.all(
      [7002, 7003, 7004, 7005].map((chatId) =>
        fake.waitFor("sendMessage", { where: inChat(chatId), timeoutMs: 5_000 }).then(() => Date.now() - queuedAt.get(chatId)!),
      ),
    );
    for (const [i, userId] of others.entries()) {
      queuedAt.set(7002 + i, Date.now());
      await notify(userId);
    }
    expect(Math.max(...(await took))).toBeLessThan(2_000);
    // Meanwhile Anna's call still hangs, and her row is still this worker's.
    expect(await row(annaRow)).toMatchObject({ status: "sending" });
    expect(sendCalls(7001)).toMatchObject([{ status: 0 }]);
    expect(sendCalls(7001)[0]!.hungUp).toBeUndefined();

    // The option's timeout, not the default's, ends the call: aborted (the fake sees the client hang up),
    // and the row backs off like any transient failure.
    await expect.poll(async () => (await row(annaRow)).status, { timeout: sendTimeoutMs + 2_000, interval: 20 }).toBe("pending");
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(sendTimeoutMs);
    expect(await row(annaRow)).toMatchObject({
      attempts: 1,
      last_error: `Telegram did not answer within ${sendTimeoutMs} ms`,
      next_attempt_at: iso(now + backoffBaseMs),
    });
    await expect.poll(() => sendCalls(7001)[0]!.hungUp).toBe(true);

    // Telegram answers again: the retry goes out once its backoff ends.
    hang.release();
    now += backoffBaseMs;
    await fake.waitFor("sendMessage", { where: inChat(7001), timeoutMs: 3_000 });
    await w.stop();
    expect(await row(annaRow)).toMatchObject({ status: "sent", attempts: 2 });
    expect(sendCalls(7001).map((c) => [c.status, c.result !== undefined])).toEqual([
      [0, false], // aborted while held: never carried out
      [200, true],
    ]);
    expect((await rows()).map((r) => r.status)).toEqual(Array(5).fill("sent"));
    expect(fake.callsOf("sendMessage").map((m) => m.chat_id).sort()).toEqual([7001, 7002, 7003, 7004, 7005]);
  });
});

describe("stopping mid-send", () => {
  it("waits for the sends under way up to its deadline, then releases the one still hanging: pending, due now, sent once by the next " +
    "worker", async () => {
    const stopDeadlineMs = 1_000;
    const anna = await customer(7001);
    const ben = await customer(7002);
    const annaRow = await notify(anna);
    const benRow = await notify(ben);
    const annaHangs = fake.hold("sendMessage", { where: inChat(7001) });
    const benWaits = fake.hold("sendMessage", { where: inChat(7002) });
    const a = worker({ stopDeadlineMs });
    const round = a.tick();
    await fake.waitFor("sendMessage", { received: true, count: 2 });

    const stopping = a.stop();
    const began = Date.now();
    // Ben's answer comes within the deadline: it is waited for and recorded.
    benWaits.release();
    await stopping;
    const stopTook = Date.now() - began;
    expect(stopTook).toBeGreaterThanOrEqual(stopDeadlineMs - 50);
    expect(stopTook).toBeLessThan(stopDeadlineMs + 500);

    // Anna's is released at once: not 'sending' until a lease ends, not a failed attempt, due now.
    expect(await row(annaRow)).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: iso(now), last_error: null });
    expect(await row(benRow)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await round).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    // Its HTTP call was aborted; Telegram, should it still answer, finds nobody listening.
    await expect.poll(() => sendCalls(7001)[0]!.hungUp).toBe(true);
    annaHangs.release();
    expect(await a.tick()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 }); // a stopped worker claims nothing

    // The restart: the released row goes out at once (no lease to wait for), once.
    const restarted = worker();
    expect(await restarted.tick()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    expect(await row(annaRow)).toMatchObject({ status: "sent", attempts: 1 });
    now += leaseMs * 10;
    expect(await restarted.tick()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    expect(sendCalls(7001).map((c) => ({ status: c.status, hungUp: c.hungUp ?? false }))).toEqual([
      { status: 0, hungUp: true },
      { status: 200, hungUp: false },
    ]);
    expect(fake.callsOf("sendMessage").filter(inChat(7001))).toHaveLength(1);
  });

  it("a late answer to a released send records nothing, even when the next worker holds the row under the same lease", async () => {
    const anna = await customer(7001);
    const annaRow = await notify(anna);
    // A messenger that ignores the abort and answers long after.
    let answerLate!: (delivery: Delivery) => void;
    const deaf: Messenger = { deliver: () => new Promise<Delivery>((resolve) => (answerLate = resolve)) };
    const a = worker({ stopDeadlineMs: 50 }, deaf);
    const round = a.tick();
    await expect.poll(async () => (await row(annaRow)).status).toBe("sending");
    await a.stop();
    expect(await row(annaRow)).toMatchObject({ status: "pending", attempts: 0 });

    // The clock has not moved: the restarted worker's lease is the very same timestamp as A's was.
    const held = fake.hold("sendMessage");
    const bRound = worker().tick();
    await fake.waitFor("sendMessage", { received: true });
    answerLate({ result: "sent", chatId: 7001, messageId: 999_999 });
    expect(await round).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    expect(await row(annaRow)).toMatchObject({ status: "sending" });
    held.release();
    expect(await bRound).toMatchObject({ sent: 1 });
    const [answered] = fake.calls.filter((c) => c.method === "sendMessage" && c.status === 200);
    expect(await row(annaRow)).toMatchObject({ status: "sent", tg_message_id: (answered!.result as { message_id: number }).message_id });
  });

  it("a stop with nothing under way returns at once", async () => {
    const w = worker({ stopDeadlineMs: 60_000 });
    w.start();
    const began = Date.now();
    await w.stop();
    expect(Date.now() - began).toBeLessThan(1_000);
  });
});

describe("the pool", () => {
  it("sends to different chats side by side, at most `concurrency` at once, while each user's rows go one after another, in " +
    "order", async () => {
    const anna = await customer(7001);
    const others = await Promise.all([7002, 7003, 7004, 7005].map(customer));
    await notify(anna, "order_placed");
    await notify(others[0]!);
    await notify(anna, "order_canceled");
    await notify(others[1]!);
    await notify(anna, "hold_reminder");
    await notify(others[2]!);
    await notify(others[3]!);
    const held = fake.hold("sendMessage");
    const w = worker({ concurrency: 4 });
    const round = w.tick();

    // Four calls at once, to four different chats; Anna's second row waits for her first.
    const first = await fake.waitFor("sendMessage", { received: true, count: 4 });
    expect(new Set(first.map((m) => m.chat_id)).size).toBe(4);
    expect(first.filter(inChat(7001))).toHaveLength(1);
    held.release();
    expect(await round).toEqual({ sent: 7, retrying: 0, failed: 0, skipped: 0 });

    const calls = sendCalls();
    expect(calls).toHaveLength(7);
    expect(mostAtOnce(calls)).toBe(4);
    // Per chat, never two at once: each of Anna's calls arrived after the one before was answered.
    expect(mostAtOnce(sendCalls(7001))).toBe(1);
    expect(
      fake
        .callsOf("sendMessage")
        .filter(inChat(7001))
        .map((m) => m.text.split("\n")[0]),
    ).toEqual([
      expect.stringMatching(/^Your order #\d+ is placed\.$/),
      expect.stringMatching(/^Your order #\d+ is canceled\.$/),
      expect.stringMatching(/^30 minutes left to pick up your order #\d+\.$/),
    ]);
  });

  it("with a pool of one, sends strictly one at a time", async () => {
    for (const chatId of [7001, 7002, 7003]) await notify(await customer(chatId));
    expect(await worker({ concurrency: 1 }).tick()).toMatchObject({ sent: 3 });
    expect(mostAtOnce(sendCalls())).toBe(1);
  });
});
