/**
 * The outbox worker in the store's own process (`tsx server/main.ts`, as `npm start` runs it, with
 * BOT_TOKEN and the fake Bot API as TELEGRAM_API_ROOT), stopped with SIGTERM or killed with SIGKILL while
 * a send is under way. What the process left is read from its SQLite file; what Telegram did is what the
 * fake recorded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Api } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTelegramMessenger } from "../../../bot/messenger";
import { createMiniApp } from "../../../bot/miniApp";
import { migrateToLatest, openDatabase, type DB } from "../../../db/connection";
import { createOutboxWorker, DEFAULT_OUTBOX_OPTIONS } from "../../../server/jobs/outboxWorker";
import { createOutboxDelivery } from "../../../server/services/outboxDelivery";
import { makeTempDir } from "../../helpers/app";
import { startFakeBotApi, type FakeBotApi, type BotParams } from "../../helpers/fakeBotApi";
import { queueOrderNotice, type OrderNoticeKind } from "./outboxSupport";
import { addCustomer, addShop, quietLog } from "../../bot/support";

const STORE_URL = "https://shop.example";
const { leaseMs, stopDeadlineMs } = DEFAULT_OUTBOX_OPTIONS;
/** server/main.ts exits with code 1 when shutting down takes longer than this. */
const SHUTDOWN_DEADLINE_MS = 10_000;

let fake: FakeBotApi;
let dataDir: string;
let db: DB;
let shop: number;
const stores: StoreProcess[] = [];

interface StoreProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output(): string;
}

beforeEach(async () => {
  fake = await startFakeBotApi();
  dataDir = await makeTempDir("outbox-process-");
  db = openDatabase(join(dataDir, "store.sqlite"));
  await migrateToLatest(db);
  shop = await addShop(db, "Chaweng Beach Store", "14 Beach Rd");
});

afterEach(async () => {
  for (const store of stores.splice(0)) if (store.child.exitCode === null && store.child.signalCode === null) store.child.kill("SIGKILL");
  await fake.close();
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** The store as `npm start` runs it (after the build), its bot polling the fake Bot API. */
function startStore(): StoreProcess {
  const env = {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    PUBLIC_URL: STORE_URL,
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited: StoreProcess["exited"] = new Promise((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const store: StoreProcess = { child, exited, output: () => output };
  stores.push(store);
  return store;
}

/** An order of `userId` and its notification, queued as the order service queues it; the outbox row's id. */
async function notify(userId: number, kind: Extract<OrderNoticeKind, "order_placed" | "hold_reminder"> = "order_placed"): Promise<number> {
  const notice = {
    userId,
    shopId: shop,
    kind,
    total: 900,
    itemCount: 1,
    holdUntil: new Date(Date.now() + 3 * 3600_000).toISOString(),
    at: new Date().toISOString(),
  };
  return (await queueOrderNotice(db, notice)).outboxId;
}

const row = (id: number) => db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const inChat = (...chatIds: number[]) => (params: BotParams) => chatIds.includes(params.chat_id);
const sendCalls = (chatId: number) => fake.calls.filter((c) => c.method === "sendMessage" && c.params.chat_id === chatId);
/** How many times Telegram carried out a message whose first line is this (answered or not). */
const timesCarriedOut = (firstLine: string) => fake.carriedOut("sendMessage").filter((m) => m.text.split("\n")[0] === firstLine).length;
const firstLineOf = async (id: number) => {
  const { payload, kind } = await row(id);
  const orderId = (JSON.parse(payload) as { order_id: number }).order_id;
  return kind === "order_placed" ? `Your order #${orderId} is placed.` : `30 minutes left to pick up your order #${orderId}.`;
};

describe("the store's process and its sends under way", () => {
  it("SIGTERM while a Bot API call hangs: exits 0 within the store's deadline, the row is released, and the restarted store sends it at " +
    "once, once", async () => {
    const anna = await addCustomer(db, { telegram_id: 7001 });
    const ben = await addCustomer(db, { telegram_id: 7002 });
    const annaPlaced = await notify(anna, "order_placed");
    const annaReminder = await notify(anna, "hold_reminder");
    const benPlaced = await notify(ben);
    const hang = fake.hold("sendMessage", { where: inChat(7001) });

    const store = startStore();
    await fake.waitFor("sendMessage", { received: true, where: inChat(7001), timeoutMs: 30_000 });
    await fake.waitFor("sendMessage", { where: inChat(7002), timeoutMs: 10_000 });
    await expect.poll(async () => (await row(benPlaced)).status, { timeout: 5_000 }).toBe("sent");
    const claimed = await row(annaPlaced);
    expect(claimed).toMatchObject({ status: "sending", attempts: 1 });

    const signalled = performance.now();
    store.child.kill("SIGTERM");
    const { code, at } = await store.exited;
    expect(code).toBe(0);
    const stopTook = at - signalled;
    // It waited for the hanging send up to the worker's deadline, then released it, well inside the store's.
    expect(stopTook).toBeGreaterThanOrEqual(stopDeadlineMs - 100);
    expect(stopTook).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    expect(store.output()).toMatch(/"released":1\b.*notifications in flight were released/);

    // Released, not left 'sending' until its lease ends: pending, due now, the attempt not counted.
    const released = await row(annaPlaced);
    expect(released).toMatchObject({ status: "pending", attempts: 0 });
    expect(Date.parse(released.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    expect(await row(annaReminder)).toMatchObject({ status: "pending", attempts: 0 });
    expect(sendCalls(7001)).toMatchObject([{ status: 0, hungUp: true }]);
    expect(sendCalls(7001)[0]!.result).toBeUndefined(); // aborted before Telegram carried it out
    hang.release();

    const restarted = startStore();
    await fake.waitFor("sendMessage", { count: 2, where: inChat(7001), timeoutMs: 30_000 });
    await expect.poll(async () => (await row(annaReminder)).status, { timeout: 5_000 }).toBe("sent");
    const sent = await row(annaPlaced);
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    // At once: long before the lease the stopped store had taken would have ended.
    expect(Date.parse(sent.sent_at!)).toBeLessThan(Date.parse(claimed.next_attempt_at));
    restarted.child.kill("SIGTERM");
    expect((await restarted.exited).code).toBe(0);

    expect(
      fake
        .callsOf("sendMessage")
        .filter(inChat(7001))
        .map((m) => m.text.split("\n")[0]),
    ).toEqual([await firstLineOf(annaPlaced), await firstLineOf(annaReminder)]);
    for (const id of [annaPlaced, annaReminder, benPlaced]) expect(timesCarriedOut(await firstLineOf(id))).toBe(1);
  });

  it("SIGKILL after Telegram took two messages and before their answers came back: those two, and only they, go out a second " +
    "time", async () => {
    const anna = await addCustomer(db, { telegram_id: 7001 });
    const others = await Promise.all([7002, 7003, 7004].map((telegram_id) => addCustomer(db, { telegram_id })));
    const annaPlaced = await notify(anna, "order_placed");
    const annaReminder = await notify(anna, "hold_reminder");
    const [benPlaced, chaiPlaced, daoPlaced] = await Promise.all(others.map((userId) => notify(userId)));
    // Telegram carries out Anna's and Ben's messages; their answers never get back to the store.
    const lostAnswers = fake.hold("sendMessage", { where: inChat(7001, 7002), stage: "answer" });

    const store = startStore();
    await expect.poll(() => fake.carriedOut("sendMessage").filter(inChat(7001, 7002)).length, { timeout: 30_000, interval: 20 }).toBe(2);
    await expect
      .poll(async () => [(await row(chaiPlaced!)).status, (await row(daoPlaced!)).status], { timeout: 10_000, interval: 20 })
      .toEqual(["sent", "sent"]);
    store.child.kill("SIGKILL");
    expect((await store.exited).signal).toBe("SIGKILL");

    // The dead process's claims stand until their leases end; nothing was recorded for the lost answers.
    expect(await row(annaPlaced)).toMatchObject({ status: "sending", attempts: 1 });
    expect(await row(benPlaced!)).toMatchObject({ status: "sending", attempts: 1 });
    expect(await row(annaReminder)).toMatchObject({ status: "pending", attempts: 0 });
    await expect.poll(() => fake.calls.filter((c) => c.method === "sendMessage" && c.hungUp).length).toBe(2);
    lostAnswers.release();

    // Another worker, once those leases have run out.
    const restarted = createOutboxWorker({
      outbox: createOutboxDelivery({ db }),
      messenger: createTelegramMessenger(new Api(fake.token, { apiRoot: fake.apiRoot }), createMiniApp(STORE_URL)),
      log: quietLog,
      clock: () => Date.now() + leaseMs,
    });
    expect(await restarted.tick()).toEqual({ sent: 3, retrying: 0, failed: 0, skipped: 0 });
    expect(await restarted.tick()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });

    // At least once, and the duplicates are exactly the messages whose answers were lost: one extra copy each.
    const carried = await Promise.all(
      [annaPlaced, annaReminder, benPlaced!, chaiPlaced!, daoPlaced!].map(async (id) => timesCarriedOut(await firstLineOf(id))),
    );
    expect(carried).toEqual([2, 1, 2, 1, 1]);
    expect(
      fake
        .carriedOut("sendMessage")
        .filter(inChat(7001))
        .map((m) => m.text.split("\n")[0]),
    ).toEqual([await firstLineOf(annaPlaced), await firstLineOf(annaPlaced), await firstLineOf(annaReminder)]);
    expect(
      (await db.selectFrom("outbox").select(["status", "attempts"]).orderBy("id").execute()).map((r) => [r.status, r.attempts]),
    ).toEqual([
      ["sent", 2],
      ["sent", 1],
      ["sent", 2],
      ["sent", 1],
      ["sent", 1],
    ]);
  });
});
