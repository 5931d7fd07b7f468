/**
 * Two `npm run start:worker` processes delivering one outbox on one PostgreSQL database (issue 22: "Two
 * workers, 200 notices: every notice sent once; kill -9 of one worker mid-run: none lost"). Each worker
 * talks to a fake Bot API of its own, so what Telegram did is known per worker; the outbox is read from the
 * database. The claim (db/repositories/outboxQueue.ts) is a conditional update that sets a lease: of two
 * workers racing for the oldest due row, one updates it and the other's update matches nothing.
 *
 * Its own PostgreSQL server, like the other process-level tests; this file runs once, in the sqlite project.
 */
import { Api } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTelegramMessenger } from "../../bot/messenger";
import { createMiniApp } from "../../bot/miniApp";
import { migrateToLatest, openPostgres, type DB } from "../../db/connection";
import { seedDemo } from "../../db/seed/demo";
import { createOutboxWorker, DEFAULT_OUTBOX_OPTIONS } from "../../server/jobs/outboxWorker";
import { createOutboxDelivery } from "../../server/services/outboxDelivery";
import { quietLog } from "../bot/support";
import { startFakeBotApi, type BotParams, type FakeBotApi } from "../helpers/fakeBotApi";
import { startPostgresServer, type PostgresServer } from "../helpers/postgresServer";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { useStoreProcesses, type StoreProcess } from "../helpers/storeProcess";

const { tempDir, startStoreProcess } = useStoreProcesses();

const WORKER = { script: "scripts/start-worker.ts" };
const NOTICES = 200;
const { concurrency, leaseMs } = DEFAULT_OUTBOX_OPTIONS;
/** Each fake Bot API carries out the sendMessage calls that arrived in one such window together. */
const SEND_WINDOW_MS = 5;

let server: PostgresServer;
let db: DB;
/** Worker A (the one killed in the second run) and worker B, each with its own fake Bot API. */
let fakeA: FakeBotApi;
let fakeB: FakeBotApi;
let workerA: StoreProcess;
let workerB: StoreProcess;
const unthrottle: (() => void)[] = [];

/** Slows `fake`'s sendMessage to one batch per SEND_WINDOW_MS, so that the two workers race for rows longer. */
function throttle(fake: FakeBotApi): () => void {
  let hold = fake.hold("sendMessage");
  const timer = setInterval(() => {
    const previous = hold;
    hold = fake.hold("sendMessage");
    previous.release();
  }, SEND_WINDOW_MS);
  return () => {
    clearInterval(timer);
    hold.release();
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Chat `chatOf(run, i)` gets notice i of the run, the order number `orderOf(run, i)`. */
const chatOf = (run: number, i: number) => 900_000 + run * 1_000 + i;
const orderOf = (run: number, i: number) => run * 1_000 + i;
const chatsOf = (run: number) => Array.from({ length: NOTICES }, (_, i) => chatOf(run, i));
const firstLine = (run: number, i: number) => `Your order #${orderOf(run, i)} is placed.`;

/** NOTICES users with a Telegram chat, and an order_placed notice for each, due now. */
async function queueNotices(run: number): Promise<void> {
  const users = await db
    .insertInto("users")
    .values(Array.from({ length: NOTICES }, (_, i) => ({ telegram_id: chatOf(run, i), first_name: `User ${i}`, reflink: `ow${run}x${i}` })))
    .returning(["id", "telegram_id"])
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto("outbox")
    .values(
      users.map((user) => {
        const i = Number(user.telegram_id) - chatOf(run, 0);
        const payload = {
          order_id: orderOf(run, i),
          shop_name: "Chaweng Beach Store",
          shop_address: "14 Beach Rd",
          total: 900,
          item_count: 1,
          hold_until: null,
        };
        return {
          kind: "order_placed",
          user_id: user.id,
          payload: JSON.stringify(payload),
          dedupe_key: `order_placed:${orderOf(run, i)}`,
          created_at: now,
          next_attempt_at: now,
        };
      }),
    )
    .execute();
}

/**
 * Queues the run's notices and lets Telegram carry out nothing until both workers are sending (each looks
 * for due rows every intervalMs, at its own moment): from then on the two race for the same oldest rows.
 */
async function queueForBoth(run: number): Promise<void> {
  const gates = [fakeA.hold("sendMessage"), fakeB.hold("sendMessage")];
  await queueNotices(run);
  const sending = (fake: FakeBotApi) => fake.waitFor("sendMessage", { received: true, where: ofRun(run), timeoutMs: 30_000 });
  await Promise.all([sending(fakeA), sending(fakeB)]);
  for (const gate of gates) gate.release();
}

/** The run's outbox rows with their chat. */
function rowsOf(run: number) {
  return db
    .selectFrom("outbox as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.status", "o.attempts", "o.next_attempt_at", "u.telegram_id"])
    .where("u.telegram_id", ">=", chatOf(run, 0))
    .where("u.telegram_id", "<", chatOf(run, NOTICES))
    .orderBy("o.id")
    .execute();
}

const ofRun = (run: number) => (params: BotParams) => params.chat_id >= chatOf(run, 0) && params.chat_id < chatOf(run, NOTICES);
/** The run's messages that `fake`'s Telegram carried out (whether or not its answer got back). */
const carriedOut = (fake: FakeBotApi, run: number) => fake.carriedOut("sendMessage").filter(ofRun(run));
/** How often each chat of the run got a message, over both fakes (and so both workers). */
function timesPerChat(run: number): Map<number, number> {
  const times = new Map<number, number>();
  for (const { chat_id } of [...carriedOut(fakeA, run), ...carriedOut(fakeB, run)]) times.set(chat_id, (times.get(chat_id) ?? 0) + 1);
  return times;
}
/** Every message says the order of its own chat. */
function expectRightTexts(run: number): void {
  for (const params of [...carriedOut(fakeA, run), ...carriedOut(fakeB, run)]) {
    const i = (params.chat_id as number) - chatOf(run, 0);
    expect((params.text as string).split("\n")[0]).toBe(firstLine(run, i));
  }
}

beforeAll(async () => {
  server = await startPostgresServer();
  const url = await server.createDatabase("outbox_workers");
  db = openPostgres(url);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });

  [fakeA, fakeB] = await Promise.all([startFakeBotApi({ token: TEST_BOT_TOKEN }), startFakeBotApi({ token: TEST_BOT_TOKEN })]);
  unthrottle.push(throttle(fakeA), throttle(fakeB));
  const env = (fake: FakeBotApi) => ({ DATABASE_URL: url, BOT_MODE: "polling", TELEGRAM_API_ROOT: fake.apiRoot });
  [workerA, workerB] = await Promise.all([
    startStoreProcess(await tempDir("outbox-worker-a-"), env(fakeA), WORKER),
    startStoreProcess(await tempDir("outbox-worker-b-"), env(fakeB), WORKER),
  ]);
  for (const worker of [workerA, workerB]) await untilReady(worker);
  // Both bots are up (their outbox workers start with them).
  await Promise.all([fakeA.waitFor("getUpdates", { timeoutMs: 30_000 }), fakeB.waitFor("getUpdates", { timeoutMs: 30_000 })]);
}, 180_000);

afterAll(async () => {
  for (const stop of unthrottle) stop();
  await Promise.all([workerA?.stop(), workerB?.stop()]);
  await Promise.all([fakeA?.close(), fakeB?.close()]);
  await db?.destroy();
  server?.stop();
});

describe("two outbox workers on one PostgreSQL database", () => {
  it(`deliver ${NOTICES} notices, each exactly once, between them`, async () => {
    const started = performance.now();
    await queueForBoth(1);
    await expect
      .poll(async () => (await rowsOf(1)).filter((row) => row.status === "pending" || row.status === "sending").length, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(0);
    const took = performance.now() - started;

    // Exactly one message per chat, the right one, over both workers.
    const times = timesPerChat(1);
    expect([...times.keys()].sort((a, b) => a - b)).toEqual(chatsOf(1));
    expect([...times].filter(([, n]) => n !== 1), "chats that did not get exactly one message").toEqual([]);
    expect(carriedOut(fakeA, 1).length + carriedOut(fakeB, 1).length).toBe(NOTICES);
    expectRightTexts(1);
    expect(carriedOut(fakeA, 1).length, "worker A sent some").toBeGreaterThan(0);
    expect(carriedOut(fakeB, 1).length, "worker B sent some").toBeGreaterThan(0);
    // Every row sent, claimed once (a claim counts an attempt).
    const rows = await rowsOf(1);
    expect(rows).toHaveLength(NOTICES);
    expect(rows.filter((row) => row.status !== "sent" || row.attempts !== 1)).toEqual([]);
    // Losing a race for a row is no error: neither worker logged one.
    for (const worker of [workerA, workerB]) expect(worker.output()).not.toMatch(/"level":(50|60)/);
    console.info(
      `outbox workers: ${NOTICES} notices in ${Math.round(took)} ms, ` +
        `A sent ${carriedOut(fakeA, 1).length}, B ${carriedOut(fakeB, 1).length}`,
    );
  });

  it(`lose none of ${NOTICES} when one is killed with SIGKILL mid-send; only messages in flight at the kill may go out twice`, async () => {
    await queueForBoth(2);
    const sentSoFar = () => carriedOut(fakeA, 2).length + carriedOut(fakeB, 2).length;
    await expect.poll(sentSoFar, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(50);

    // From now on Telegram carries out worker A's messages but their answers do not get back: A is killed
    // with sends under way whose outcome it never learns (the worst moment for at-least-once).
    const lostAnswers = fakeA.hold("sendMessage", { stage: "answer" });
    const inFlight = () => fakeA.calls.filter((call) => call.method === "sendMessage" && call.result !== undefined && call.status === 0);
    await expect.poll(() => inFlight().length, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
    const killedAt = performance.now();
    const answeredToA = fakeA.callsOf("sendMessage").filter(ofRun(2)).length;
    await workerA.kill("SIGKILL");
    // Every call of A's not answered by now never will be: wait for the fake to see each connection close
    // (while the answers are still held, so none is answered into a dead socket and counted as delivered).
    const unanswered = () => fakeA.calls.filter((call) => call.method === "sendMessage" && call.status === 0);
    await expect.poll(() => unanswered().every((call) => call.hungUp), { timeout: 5_000 }).toBe(true);
    lostAnswers.release();
    const answerLost = unanswered()
      .filter((call) => call.result !== undefined)
      .map((call) => call.params.chat_id as number);

    // Worker B delivers everything else. It leaves alone the rows A claimed: their leases have not run out,
    // and a worker cannot tell a dead one from a slow one before that.
    const leftToA = await untilSurvivorIsDone(2);
    expect(leftToA.length).toBeGreaterThan(0);
    expect(leftToA.length).toBeLessThanOrEqual(concurrency);
    for (const row of leftToA) {
      expect(row.status).toBe("sending");
      expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now());
    }
    const survivorTook = performance.now() - killedAt;

    // Once A's leases ran out (the worker's own clock moved past them: DEFAULT_OUTBOX_OPTIONS.leaseMs is
    // 60 s and not configurable), a worker sends those rows again; B would do the same at the time.
    const restarted = createOutboxWorker({
      outbox: createOutboxDelivery({ db }),
      messenger: createTelegramMessenger(new Api(TEST_BOT_TOKEN, { apiRoot: fakeB.apiRoot }), createMiniApp("https://shop.example")),
      log: quietLog,
      clock: () => Date.now() + leaseMs,
    });
    expect(await restarted.tick()).toEqual({ sent: leftToA.length, retrying: 0, failed: 0, skipped: 0 });

    // None lost: every row sent, every chat got its message.
    const rows = await rowsOf(2);
    expect(rows).toHaveLength(NOTICES);
    expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
    const times = timesPerChat(2);
    expect([...times.keys()].sort((a, b) => a - b)).toEqual(chatsOf(2));
    expectRightTexts(2);
    // At least once (the "a kill -9 mid-send aside"): a message may go out a second time only if A
    // held its row at the kill, i.e. was sending it (at most `concurrency` of them), and only once more.
    // One Telegram carried out but whose answer A never got (it died first) is always sent again; so may be
    // one whose answer came but whose outcome A had not yet written. A row whose request Telegram never
    // carried out is sent once.
    const twice = [...times].filter(([, n]) => n > 1).map(([chat]) => chat);
    expect([...times].filter(([, n]) => n > 2), "chats that got their message three times or more").toEqual([]);
    const leftChats = new Set(leftToA.map((row) => Number(row.telegram_id)));
    expect(twice.filter((chat) => !leftChats.has(chat))).toEqual([]);
    expect(answerLost.filter((chat) => !twice.includes(chat))).toEqual([]);
    expect(answerLost.length).toBeGreaterThan(0);
    console.info(
      `outbox workers: kill -9 after ${answeredToA} of A's sends were answered; B finished the rest in ` +
        `${Math.round(survivorTook)} ms, ${leftToA.length} left in A's leases, ${twice.length} sent twice`,
    );
  });
});

/** Waits for a store process's /api/ready to answer 200. */
async function untilReady(worker: StoreProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${worker.base}/api/ready`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`not ready:\n${worker.output()}`);
    await sleep(100);
  }
}

/**
 * Waits until the surviving worker has nothing more to do: every row of the run is sent or held under a
 * claim of the dead worker (sending, and no call of B's under way), the same twice 300 ms apart; those rows.
 */
async function untilSurvivorIsDone(run: number) {
  const deadline = Date.now() + 60_000;
  let last = "";
  for (;;) {
    const left = (await rowsOf(run)).filter((row) => row.status !== "sent");
    const bBusy = fakeB.calls.some((call) => call.method === "sendMessage" && call.status === 0 && !call.hungUp);
    const key = JSON.stringify(left);
    if (!bBusy && left.every((row) => row.status === "sending") && key === last) return left;
    if (Date.now() > deadline) throw new Error(`worker B did not finish: ${key}`);
    last = key;
    await sleep(300);
  }
}
