/**
 * Races on PostgreSQL with the requests spread over two API instances as an operator runs them (issue 22): two
 * `npm run start:api` child processes and one `npm run start:worker` (it runs the TON watcher) on one migrated
 * and seeded PostgreSQL database, a fake SMTP server and a fake TON indexer on loopback. Request i goes to
 * instance i % 2, and the answers are counted per instance, so a race one instance served alone fails.
 * tests/server/http/instances.test.ts runs the same races over two apps inside the test process.
 *
 * The processes start once for the file (each start is seconds of tsx on a busy 2-core machine), so each test
 * uses customers, sessions and orders of its own. The file is outside the "postgres" project's folders: it runs
 * once per `npm test`, in the "sqlite" project, on a PostgreSQL server of its own (started as the postgres run's
 * is; no PostgreSQL fails the file with a message saying how to get one).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openPostgres, type DB } from "../../db/connection";
import { seedDemo } from "../../db/seed/demo";
import { productIdsByName, shelfAmount, shopIdsByName, soldAmount } from "../helpers/app";
import { randomAddress, startFakeTonIndexer, type FakeTonIndexer } from "../helpers/fakeTonIndexer";
import { multipartBody } from "../helpers/multipart";
import { orderRequest, type OrderLine } from "../helpers/orders";
import { startPostgresServer, type PostgresServer } from "../helpers/postgresServer";
import { bearer, signedInAs, telegramSignInRequest } from "../helpers/session";
import { startSmtpServer } from "../helpers/smtp";
import { useStoreProcesses, type StoreProcess } from "../helpers/storeProcess";
import { sendOverHttp, type StoreAnswer, type StoreRequest } from "../helpers/storeRequest";

const { tempDir, startStoreProcess } = useStoreProcesses();

const SHOP = "Chaweng Beach Store";
const ADMIN_TG = 7_000_001;
/** Low enough that a count kept per instance (twice this across two) shows; high enough for 20 retries of one key. */
const WRITES_PER_MINUTE = 24;
const MAX_OPEN_ORDERS = 3;
const MANAGERS = 10;
/** 1 TON = 250 Baht. */
const TON_RATE = 250;

let server: PostgresServer;
let db: DB;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let indexer: FakeTonIndexer;
let instances: StoreProcess[] = [];
let worker: StoreProcess;
let shopId: number;
let products: Record<string, number>;
let admin: Session;
let managers: Customer[];
let wallet: string;

type Session = { token: string; userId: number };
type Customer = Session & { telegramId: number };
/** An answer and the instance (0 or 1) that gave it. */
type Answer = StoreAnswer & { instance: number };

/** Request i goes to instance i % 2, as a round-robin proxy sends them. */
async function send(i: number, request: StoreRequest): Promise<Answer> {
  return { ...(await sendOverHttp(instances[i % 2]!.base, request)), instance: i % 2 };
}

/** How many answers of each status each instance gave, e.g. { "0 200": 12, "1 429": 12 }. */
function byInstance(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[`${a.instance} ${a.statusCode}`] = (counts[`${a.instance} ${a.statusCode}`] ?? 0) + 1;
  return counts;
}

/** How many of `answers` instance `instance` gave with one of `statuses`: each instance must answer its share. */
const answeredBy = (answers: Answer[], instance: number, statuses: number[]) =>
  answers.filter((a) => a.instance === instance && statuses.includes(a.statusCode)).length;

let lastTelegramId = 7_100_000;
/** New Telegram customers, signed in alternately through both instances. */
function signInCustomers(count: number): Promise<Customer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const telegramId = ++lastTelegramId;
      return { ...signedInAs(await send(i, telegramSignInRequest(telegramId))), telegramId };
    }),
  );
}

const call = (method: StoreRequest["method"], url: string, session: Session, payload?: object): StoreRequest => ({
  method,
  url,
  headers: bearer(session.token),
  ...(payload ? { payload } : {}),
});

const line = (product: string, paymentOption = 1): OrderLine => ({ shopId, productId: products[product]!, paymentOption });

async function setShelf(product: string, amount: number): Promise<void> {
  await db.updateTable("stock").set({ amount }).where("shop_id", "=", shopId).where("product_id", "=", products[product]!).execute();
}

/** One order placed through instance `i`; its id and what it costs. */
async function placedOrder(i: number, customer: Session, key: string, product = "Jack Herer", paymentOption = 1) {
  const answer = await send(i, orderRequest(customer.token, key, line(product, paymentOption)));
  expect(answer.statusCode, answer.body).toBe(201);
  const { id, discounted_price: total } = answer.json().order as { id: number; discounted_price: number };
  return { id, total };
}

const eventsOf = (orderId: number, type: string) =>
  db.selectFrom("order_events").select("data").where("order_id", "=", orderId).where("type", "=", type).execute();

beforeAll(async () => {
  server = await startPostgresServer();
  const url = await server.createDatabase("instance_processes");
  db = openPostgres(url);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  shopId = (await shopIdsByName(db))[SHOP]!;
  products = await productIdsByName(db);
  await db.updateTable("stock").set({ amount: 1000 }).where("shop_id", "=", shopId).execute();
  [smtp, indexer] = await Promise.all([startSmtpServer(), startFakeTonIndexer()]);

  // One configuration for every process, as an operator gives it; only the worker watches the chain.
  const env = {
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    TON_API_URL: indexer.url,
    TON_POLL_SECONDS: "1",
    ADMIN_TELEGRAM_IDS: String(ADMIN_TG),
    MAX_OPEN_ORDERS: String(MAX_OPEN_ORDERS),
    RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
  };
  const dataDir = await tempDir("instance-processes-");
  const api = { script: "scripts/start-api.ts" };
  let a: StoreProcess, b: StoreProcess;
  [a, b, worker] = await Promise.all([
    startStoreProcess(dataDir, env, api),
    startStoreProcess(dataDir, env, api),
    startStoreProcess(dataDir, env, { script: "scripts/start-worker.ts" }),
  ]);
  instances = [a, b];

  admin = signedInAs(await send(0, telegramSignInRequest(ADMIN_TG, "Boss")));
  managers = await signInCustomers(MANAGERS);
  const grants = await Promise.all(
    managers.map(({ telegramId }, i) =>
      send(i, call("POST", `/api/admin/shops/${shopId}/staff`, admin, { telegram_id: telegramId, role: "manager" })),
    ),
  );
  expect(grants.map((g) => g.statusCode)).toEqual(Array<number>(MANAGERS).fill(200));
  wallet = randomAddress();
  expect((await send(0, call("PUT", `/api/admin/shops/${shopId}/wallet`, admin, { ton_wallet: wallet }))).statusCode).toBe(200);
  expect((await send(1, call("PUT", "/api/admin/settings/ton-rate", admin, { thb_per_ton: TON_RATE }))).statusCode).toBe(200);
}, 180_000);

afterAll(async () => {
  await Promise.all([...instances, worker].filter(Boolean).map((p) => p.stop()));
  await Promise.all([db?.destroy(), smtp?.close(), indexer?.close()]);
  server?.stop();
});

describe("two start:api processes and a start:worker on one PostgreSQL database", () => {
  it("are three processes, each ready; the instances serve the API, the worker only its probes", async () => {
    expect(new Set([...instances, worker].map((p) => p.port)).size).toBe(3);
    for (const p of [...instances, worker]) expect((await sendOverHttp(p.base, { method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    for (const p of instances) expect((await sendOverHttp(p.base, { method: "GET", url: "/api/products" })).statusCode).toBe(200);
    expect((await sendOverHttp(worker.base, { method: "GET", url: "/api/products" })).statusCode).toBe(404);
  });

  it("sell 20 items to exactly 20 of 200 placements; the rest are told it is out of stock, and the shelf ends at 0", async () => {
    await setShelf("Blue Dream", 20);
    // At most MAX_OPEN_ORDERS placements per customer: the cap never refuses one, so every refusal is the shelf's.
    const customers = await signInCustomers(Math.ceil(200 / MAX_OPEN_ORDERS));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(i, orderRequest(customers[i % customers.length]!.token, `race-20-${i}`, line("Blue Dream"))),
      ),
    );
    const sold = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(sold).toHaveLength(20);
    expect(refused).toHaveLength(180);
    for (const a of refused) expect(a.json()).toEqual({ error: "OUT_OF_STOCK", message: "Not enough products in stock" });
    // Each instance answered its 100, with a sale or that refusal: none failed or went unanswered.
    expect([0, 1].map((instance) => answeredBy(answers, instance, [201, 409]))).toEqual([100, 100]);
    expect(new Set(sold.map((a) => a.json().order.id)).size).toBe(20);
    expect(await shelfAmount(db, shopId, products["Blue Dream"]!)).toBe(0);
    expect(await soldAmount(db, products["Blue Dream"]!)).toBe(20);
  });

  it("make one order of 20 retries of one Idempotency-Key alternating between them", async () => {
    const [customer] = await signInCustomers(1);
    const before = await shelfAmount(db, shopId, products["Jack Herer"]!);
    const retry = orderRequest(customer!.token, "one-key-for-all", line("Jack Herer"));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i, retry)));
    // Both instances answered all 10 of theirs with the one order (a retry is answered as the first placement was).
    expect([0, 1].map((instance) => answeredBy(answers, instance, [201]))).toEqual([10, 10]);
    expect(new Set(answers.map((a) => a.json().order.id)).size).toBe(1);
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", customer!.userId).execute()).toHaveLength(1);
    expect(await shelfAmount(db, shopId, products["Jack Herer"]!)).toBe(before - 1);
  });

  it("give one order to one of 10 managers taking it at once; the other 9 hear another manager got it", async () => {
    const [customer] = await signInCustomers(1);
    const { id } = await placedOrder(0, customer!, "take-race");
    const answers = await Promise.all(managers.map((m, i) => send(i, call("POST", `/api/staff/orders/${id}/take`, m))));
    expect([0, 1].map((instance) => answeredBy(answers, instance, [200, 409]))).toEqual([5, 5]);
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    const losers = answers.filter((a) => a.statusCode === 409);
    expect(losers).toHaveLength(9);
    for (const a of losers) expect(a.json()).toEqual({ error: "ORDER_TAKEN", message: "Another manager got this order" });
    expect(await eventsOf(id, "taken")).toHaveLength(1);
    const order = await db.selectFrom("orders").select(["status", "manager_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "W", manager_id: winners[0]!.json().order.manager_id });
  });

  it("finish one of two orders paid with bonus when the balance covers one, one on each instance", async () => {
    const [customer] = await signInCustomers(1);
    const a = await placedOrder(0, customer!, "bonus-race-a");
    const b = await placedOrder(1, customer!, "bonus-race-b");
    expect(b.total).toBe(a.total);
    await db.insertInto("bonus_ledger").values({ user_id: customer!.userId, type: "income", amount: a.total + 1 }).execute();
    const answers = await Promise.all(
      [a, b].map((order, i) => send(i, call("POST", `/api/staff/orders/${order.id}/finish`, managers[0]!, { by: "bonus" }))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map((r) => r.json().error).filter(Boolean)).toEqual(["BONUS_TOO_LOW"]);
    const statuses = await db.selectFrom("orders").select("status").where("id", "in", [a.id, b.id]).execute();
    expect(statuses.map((o) => o.status).sort()).toEqual(["N", "S"]);
    const ledger = await db.selectFrom("bonus_ledger").select(["type", "amount"]).where("user_id", "=", customer!.userId).execute();
    expect(ledger.filter((e) => e.type === "exp")).toEqual([{ type: "exp", amount: a.total }]);
    expect(ledger.reduce((sum, e) => sum + (e.type === "income" ? e.amount : -e.amount), 0)).toBe(1);
  });

  it("confirm a TON payment once when the worker's watcher and managers on both instances confirm it together", async () => {
    // Six crypto orders (one per customer: MAX_OPEN_ORDERS), quoted and paid on the chain at once; the managers
    // confirm by hand over the next watcher second (TON_POLL_SECONDS=1), so some land before the watcher's
    // look, some after, some with it.
    const customers = await signInCustomers(6);
    const orders = await Promise.all(customers.map((c, i) => placedOrder(i, c, `ton-race-${i}`, "Jack Herer", 3)));
    // Each quoted through the instance that did not place it.
    const quotes = await Promise.all(
      orders.map(async ({ id }, i) => (await send(i + 1, call("POST", `/api/orders/${id}/ton/quote`, customers[i]!))).json()),
    );
    for (const q of quotes) indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment });
    const byHand = await Promise.all(
      orders.map(async ({ id }, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 250));
        return send(i, call("POST", `/api/staff/orders/${id}/ton/confirm`, managers[i]!));
      }),
    );
    for (const a of byHand) {
      expect([200, 409], a.body).toContain(a.statusCode);
      if (a.statusCode === 409) expect(a.json().error).toBe("ORDER_PAID");
    }
    // The watcher read every transfer too (it records each transaction once, as payment or as proof of the hand's).
    const ids = orders.map((o) => o.id);
    const recorded = () => db.selectFrom("ton_transfers").select(["order_id", "outcome"]).where("order_id", "in", ids).execute();
    await expect.poll(async () => (await recorded()).length, { timeout: 15_000, interval: 250 }).toBe(6);
    expect((await recorded()).map((t) => t.outcome)).toEqual(Array<string>(6).fill("paid"));
    expect(indexer.requests.length).toBeGreaterThan(0);
    for (const [i, { id }] of orders.entries()) {
      const order = await db.selectFrom("orders").select("payment_status").where("id", "=", id).executeTakeFirstOrThrow();
      expect(order.payment_status).toBe("S");
      const byChain = (await eventsOf(id, "ton_paid")).filter((e) => !JSON.parse(e.data!).confirmed_by_hand_before);
      const confirmedByHand = await eventsOf(id, "ton_confirmed_by_hand");
      expect(byChain.length + confirmedByHand.length, `order ${i}`).toBe(1);
      expect(confirmedByHand.length === 1).toBe(byHand[i]!.statusCode === 200);
      const told = await db.selectFrom("outbox").select("id").where("order_id", "=", id).where("kind", "=", "order_paid").execute();
      expect(told).toHaveLength(1);
    }
  });

  it("mail at most 3 codes of 10 asked for one address at once on both", async () => {
    const email = "one.address@samui.example";
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i, { method: "POST", url: "/api/auth/email/code", payload: { email } })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(7);
    const message = "Too many codes were sent to this address. Please wait 10 minutes and try again.";
    for (const a of refused) expect(a.json().message).toBe(message);
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(3);
  });

  it(`count one session's writes across both: ${WRITES_PER_MINUTE} pass, not ${WRITES_PER_MINUTE} on each`, async () => {
    const [customer] = await signInCustomers(1);
    const answers: Answer[] = [];
    for (let i = 0; i < 2 * WRITES_PER_MINUTE; i++) {
      answers.push(await send(i, call("PUT", `/api/wishlist/${products["Blue Dream"]}`, customer!)));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([
      ...Array<number>(WRITES_PER_MINUTE).fill(200),
      ...Array<number>(WRITES_PER_MINUTE).fill(429),
    ]);
    expect(byInstance(answers)).toEqual({
      "0 200": WRITES_PER_MINUTE / 2,
      "1 200": WRITES_PER_MINUTE / 2,
      "0 429": WRITES_PER_MINUTE / 2,
      "1 429": WRITES_PER_MINUTE / 2,
    });
    expect(answers.at(-1)!.json()).toMatchObject({ error: "TOO_MANY_REQUESTS" });
  });

  it(`hold one customer to ${MAX_OPEN_ORDERS} open orders however many placements arrive at both at once`, async () => {
    const [customer] = await signInCustomers(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i, orderRequest(customer!.token, `open-cap-${i}`, line("Jack Herer")))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_OPEN_ORDERS);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(20 - MAX_OPEN_ORDERS);
    for (const a of refused) expect(a.json().error).toBe("TOO_MANY_OPEN_ORDERS");
    expect([0, 1].map((instance) => answeredBy(answers, instance, [201, 409]))).toEqual([10, 10]);
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", customer!.userId).execute()).toHaveLength(MAX_OPEN_ORDERS);
  });

  it("serve a product edited through one instance, changed and with a new ETag, from the other within 15 s", async () => {
    const catalogue = (i: number, etag?: string) =>
      send(i, { method: "GET", url: "/api/products", headers: etag ? { "if-none-match": etag } : {} });
    const nameIn = (answer: Answer) =>
      (answer.json().products as { id: number; name: string }[]).find((p) => p.id === products["Blue Dream"])!.name;
    const before = await catalogue(1);
    expect(nameIn(before)).toBe("Blue Dream");
    const etag = String(before.headers.etag);
    expect((await catalogue(1, etag)).statusCode).toBe(304);

    const { payload, headers } = multipartBody({ name: "Blue Dream Reserve" });
    const url = `/api/admin/products/${products["Blue Dream"]}`;
    const edited = await send(0, { method: "PUT", url, headers: { ...headers, ...bearer(admin.token) }, payload });
    expect(edited.statusCode, edited.body).toBe(200);
    const editedAt = Date.now();
    let after = await catalogue(1, etag);
    while ((after.statusCode === 304 || nameIn(after) !== "Blue Dream Reserve") && Date.now() - editedAt < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await catalogue(1, etag);
    }
    expect(after.statusCode).toBe(200);
    expect(nameIn(after)).toBe("Blue Dream Reserve");
    expect(after.headers.etag).toBeDefined();
    expect(after.headers.etag).not.toBe(etag);
  });
});
