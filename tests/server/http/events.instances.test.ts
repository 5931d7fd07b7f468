/**
 * Live updates across processes (issue 26), over real HTTP to store processes as an operator runs them.
 * - PostgreSQL (the "postgres" project): two `start:api` instances and a `start:worker` on one database. A
 *   change made through instance A reaches a stream on instance B within 2 s (NOTIFY from A, B's LISTEN); a
 *   hold the worker expires reaches streams on the API instances (the worker has no streams, its NOTIFY does);
 *   a sign-out on A closes the session's stream on B.
 * - SQLite (the "sqlite" project): the one process of `npm start` serves the streams and runs the hold
 *   clock, so the worker's part is in process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { migrateToLatest, openDatabase, openPostgres, type DB } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { ON_POSTGRES, postgresTestDatabaseUrl, productIdsByName, shopIdsByName } from "../../helpers/app";
import { openLiveStream, orderEvent, type LiveStreamReader } from "../../helpers/liveStream";
import { orderRequest } from "../../helpers/orders";
import { bearer, signedInAs, telegramSignInRequest } from "../../helpers/session";
import { useStoreProcesses, type StoreProcess } from "../../helpers/storeProcess";
import { sendOverHttp } from "../../helpers/storeRequest";

const { tempDir, startStoreProcess } = useStoreProcesses();

const SHOP = "Chaweng Beach Store";
const MANAGER_TG = 8_900_001;
/** The contract's "within 2 s", measured from the change's answer to the event's arrival. */
const WITHIN_MS = 2000;

let db: DB;
/** Instance A and B (on SQLite both are the one store process). */
let a: StoreProcess;
let b: StoreProcess;
let shopId: number;
let productId: number;
let nextTelegramId = 8_900_100;
const readers: LiveStreamReader[] = [];

type Person = { token: string; userId: number };
const signIn = async (on: StoreProcess, telegramId = ++nextTelegramId): Promise<Person> =>
  signedInAs(await sendOverHttp(on.base, telegramSignInRequest(telegramId)));

async function readyStream(on: StoreProcess, who: Person): Promise<LiveStreamReader> {
  const reader = await openLiveStream(on.base, who.token);
  readers.push(reader);
  expect(reader.status, reader.text ?? "").toBe(200);
  await reader.waitFor((e) => e.event === "ready", 5000, "ready");
  return reader;
}

async function place(on: StoreProcess, customer: Person): Promise<number> {
  const answer = await sendOverHttp(on.base, orderRequest(customer.token, `live-${Math.random()}`, { shopId, productId }));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().order.id as number;
}

beforeAll(async () => {
  const dataDir = await tempDir("live-instances-");
  const url = ON_POSTGRES ? await postgresTestDatabaseUrl() : null;
  db = url ? openPostgres(url) : openDatabase(join(dataDir, "store.sqlite"));
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  shopId = (await shopIdsByName(db))[SHOP]!;
  productId = (await productIdsByName(db))["Blue Dream"]!;
  await db.updateTable("stock").set({ amount: 1000 }).execute();
  // The hold clock runs every second, so an ended hold is released within the test's time.
  const env = { HOLD_CHECK_SECONDS: "1", LIVE_HEARTBEAT_MS: "1000", ...(url ? { DATABASE_URL: url } : {}) };
  if (url) {
    let worker: StoreProcess;
    [a, b, worker] = await Promise.all([
      startStoreProcess(dataDir, env, { script: "scripts/start-api.ts" }),
      startStoreProcess(dataDir, env, { script: "scripts/start-api.ts" }),
      startStoreProcess(dataDir, env, { script: "scripts/start-worker.ts" }),
    ]);
    expect(worker.port).not.toBe(a.port);
  } else {
    if (db) await db.destroy();
    a = b = await startStoreProcess(dataDir, env);
    db = openDatabase(join(dataDir, "store.sqlite"));
  }
}, 180_000);

afterAll(async () => {
  for (const reader of readers) reader.abort();
  await db?.destroy();
});

describe(`live updates across ${ON_POSTGRES ? "two API instances and a worker on PostgreSQL" : "the one store process on SQLite"}`, () => {
  it("an order placed through instance A reaches its customer's stream and its shop's manager's stream on B within 2 s", async () => {
    const customer = await signIn(a);
    const manager = await signIn(b, MANAGER_TG);
    await db.insertInto("shop_staff").values({ shop_id: shopId, user_id: manager.userId, role: "manager" }).execute();
    const [customerStream, managerStream] = [await readyStream(b, customer), await readyStream(b, manager)];
    const orderId = await place(a, customer);
    const placedAt = performance.now();
    const [heard, managerHeard] = await Promise.all([
      customerStream.waitFor(orderEvent(orderId), WITHIN_MS, "the placement on the customer's stream"),
      managerStream.waitFor(orderEvent(orderId), WITHIN_MS, "the placement on the manager's stream"),
    ]);
    expect(heard.at - placedAt).toBeLessThan(WITHIN_MS);
    expect(managerHeard.at - placedAt).toBeLessThan(WITHIN_MS);
  });

  const releasedBy = ON_POSTGRES ? "the worker" : "the store's hold clock";
  it(`a hold released by ${releasedBy} reaches the customer's stream on an API instance`, async () => {
    const customer = await signIn(a);
    const stream = await readyStream(b, customer);
    const orderId = await place(a, customer);
    await stream.waitFor(orderEvent(orderId), WITHIN_MS, "the placement");
    // The hold ends now: the next run of the clock (every second) cancels the order, the order's second change.
    await db.updateTable("orders").set({ hold_until: new Date(Date.now() - 1000).toISOString() }).where("id", "=", orderId).execute();
    await stream.waitFor(() => stream.orderIds().filter((id) => id === orderId).length === 2, 5000, "the expiry");
    const order = await sendOverHttp(b.base, { method: "GET", url: `/api/orders/${orderId}`, headers: bearer(customer.token) });
    expect(order.json().order.status).toBe("C");
  });

  it("a sign-out through A closes the session's stream on B with signed-out", async () => {
    const customer = await signIn(a);
    const stream = await readyStream(b, customer);
    const signedOut = await sendOverHttp(a.base, { method: "POST", url: "/api/auth/logout", headers: bearer(customer.token) });
    expect(signedOut.statusCode).toBe(204);
    await stream.waitFor((e) => e.event === "closed", WITHIN_MS, "closed");
    expect(stream.events.at(-1)).toMatchObject({ event: "closed", data: { reason: "signed-out" } });
    await stream.ended;
  });
});
