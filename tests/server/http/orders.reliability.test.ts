/**
 * The reliability figures, over real HTTP against a listening server: no oversell under
 * concurrent placements (every item sold has its audit row), one order per Idempotency-Key under
 * concurrent retries, no more open orders than MAX_OPEN_ORDERS however many placements of one customer
 * arrive together, and no half-written order when a write fails after the stock was taken.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shelfAmount, shopIdsByName, type TestStore } from "../../helpers/app";
import { injectFailure } from "../../helpers/injectedFailure";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let base: string;
let products: Record<string, number>;
let shops: Record<string, number>;

/** The address of a store listening on a free port. */
async function listening(on: TestStore): Promise<string> {
  await on.app.listen({ host: "127.0.0.1", port: 0 });
  const address = on.app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
  base = await listening(store);
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
});
afterAll(async () => {
  await store.close();
});

async function setStock(product: string, shop: string, amount: number) {
  await store.db
    .updateTable("stock")
    .set({ amount })
    .where("product_id", "=", products[product]!)
    .where("shop_id", "=", shops[shop]!)
    .where("option_id", "=", 0)
    .execute();
}

/** A real failure inside the placement's transaction, after the stock was taken: this product's order lines cannot be written. */
function failLinesOf(product: string) {
  return injectFailure(store.db, {
    table: "order_lines",
    on: "insert",
    when: { column: "product_id", equals: products[product]! },
    message: "disk full (injected)",
  });
}

async function stock(product: string, shop: string) {
  return (
    await store.db
      .selectFrom("stock")
      .select("amount")
      .where("product_id", "=", products[product]!)
      .where("shop_id", "=", shops[shop]!)
      .where("option_id", "=", 0)
      .executeTakeFirstOrThrow()
  ).amount;
}

/** A pickup order of one item; `pending` leaves delivery and payment unchosen (status P, nothing reserved). */
function placeOverHttp(token: string, key: string, product: string, shop: string, { to = base, pending = false } = {}) {
  const options = pending ? { delivery_option: 0, payment_option: 0 } : { delivery_option: 1, payment_option: 1 };
  return fetch(`${to}/api/orders`, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ shop_id: shops[shop], items: [{ product_id: products[product], option_id: 0, amount: 1 }], ...options }),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

const ordersOf = async (product: string) =>
  (
    await store.db
      .selectFrom("order_lines")
      .select(sql<number>`count(distinct order_id)`.as("n"))
      .where("product_id", "=", products[product]!)
      .executeTakeFirstOrThrow()
  ).n;

describe("reliability", () => {
  it("sells stock N to exactly N of 10·N concurrent customers, each sale audited; the others get a clear 409", async () => {
    const N = 20;
    await setStock("Herbal Cookie Tin", "Chaweng Beach Store", N);
    const customers = await Promise.all(Array.from({ length: 10 * N }, (_, i) => signInCustomer(store.app, 20_000 + i)));
    const answers = await Promise.all(
      customers.map((c, i) => placeOverHttp(c.token, `race-${i}-key`, "Herbal Cookie Tin", "Chaweng Beach Store")),
    );

    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(N);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(9 * N);
    expect(refused.every((a) => a.status === 409 && a.body.message === "Not enough products in stock")).toBe(true);
    expect(await stock("Herbal Cookie Tin", "Chaweng Beach Store")).toBe(0);
    expect(await ordersOf("Herbal Cookie Tin")).toBe(N);
    // One 'sold' row per placed order, by its customer; the shelf went N-1, …, 0 and never below.
    const sold = await store.db
      .selectFrom("stock_history")
      .innerJoin("orders", "orders.id", "stock_history.order_id")
      .select(["stock_history.order_id", "stock_history.delta", "stock_history.amount_after", "stock_history.actor_user_id"])
      .select("orders.user_id")
      .where("stock_history.product_id", "=", products["Herbal Cookie Tin"]!)
      .where("stock_history.shop_id", "=", shops["Chaweng Beach Store"]!)
      .where("stock_history.reason", "=", "sold")
      .execute();
    expect(sold.map((row) => row.order_id).sort((a, b) => a! - b!)).toEqual(placed.map((a) => a.body.order.id).sort((a, b) => a - b));
    expect(sold.every((row) => row.delta === -1 && row.actor_user_id === row.user_id)).toBe(true);
    expect(sold.map((row) => row.amount_after).sort((a, b) => b - a)).toEqual(Array.from({ length: N }, (_, i) => N - 1 - i));
  });

  it("places exactly one order for 20 concurrent retries with one Idempotency-Key", async () => {
    await setStock("Aluminium Grinder", "Lamai Night Market", 50);
    const customer = await signInCustomer(store.app, 30_001);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => placeOverHttp(customer.token, "one-key-for-twenty", "Aluminium Grinder", "Lamai Night Market")),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.order.id)).size).toBe(1);
    expect(await ordersOf("Aluminium Grinder")).toBe(1);
    expect(await stock("Aluminium Grinder", "Lamai Night Market")).toBe(49);
  });

  it("reserves a pending order's stock once when saves of its settings arrive together", async () => {
    await setStock("Aluminium Grinder", "Nathon Pier", 10);
    const customer = await signInCustomer(store.app, 30_002);
    const pending = await placeOverHttp(customer.token, "pending-then-saved", "Aluminium Grinder", "Nathon Pier", {
      pending: true,
    });
    expect(pending.body.order.status).toBe("P");
    const save = () =>
      fetch(`${base}/api/orders/${pending.body.order.id}/settings`, {
        method: "PUT",
        headers: { ...bearer(customer.token), "content-type": "application/json" },
        body: JSON.stringify({ delivery_option: 1, payment_option: 1 }),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const answers = await Promise.all(Array.from({ length: 10 }, save));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refusal = { status: 409, body: { error: "ORDER_NOT_PENDING", message: "Only a pending order takes new settings." } };
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer).toEqual(refusal);
    expect(await stock("Aluminium Grinder", "Nathon Pier")).toBe(9);
    const reserved = await store.db
      .selectFrom("stock_history")
      .select("id")
      .where("order_id", "=", pending.body.order.id)
      .where("reason", "=", "sold")
      .execute();
    expect(reserved).toHaveLength(1);
  });

  it("leaves neither an order without its reservation nor a reservation without its order when a write fails after the " +
    "decrement", async () => {
    await setStock("King Size Rolling Papers", "Nathon Pier", 20);
    // A real failure inside the transaction, after the stock was taken: the order lines cannot be written.
    const removeFault = await failLinesOf("King Size Rolling Papers");
    try {
      const customer = await signInCustomer(store.app, 40_001);
      const answer = await placeOverHttp(customer.token, "injected-failure-1", "King Size Rolling Papers", "Nathon Pier");
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: "INTERNAL_ERROR", message: "Something went wrong on our side. Please try again later." });
      expect(await stock("King Size Rolling Papers", "Nathon Pier")).toBe(20);
      expect(await store.db.selectFrom("orders").selectAll().where("idempotency_key", "=", "injected-failure-1").execute()).toEqual([]);
      expect(await store.db.selectFrom("outbox").selectAll().where("order_id", "is", null).execute()).toEqual([]);
    } finally {
      await removeFault();
    }
    // The same key works once the fault is gone: nothing of the failed attempt was kept.
    const customer = await signInCustomer(store.app, 40_001);
    expect((await placeOverHttp(customer.token, "injected-failure-1", "King Size Rolling Papers", "Nathon Pier")).status).toBe(201);
    expect(await stock("King Size Rolling Papers", "Nathon Pier")).toBe(19);
  });

  it("lets placements committed together with a failing one go through untouched", async () => {
    // On SQLite placements arriving together share one commit (db/sqlite/groupCommit.ts), on PostgreSQL each is a
    // transaction of its own: either way each is all-or-nothing alone, and a failing one takes no other with it.
    await setStock("King Size Rolling Papers", "Nathon Pier", 20);
    await setStock("Aluminium Grinder", "Nathon Pier", 20);
    const removeFault = await failLinesOf("King Size Rolling Papers");
    try {
      const customers = await Promise.all(Array.from({ length: 9 }, (_, i) => signInCustomer(store.app, 50_000 + i)));
      const answers = await Promise.all(
        customers.map((c, i) =>
          placeOverHttp(c.token, `batch-mate-${i}-key`, i === 4 ? "King Size Rolling Papers" : "Aluminium Grinder", "Nathon Pier"),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 500, 201, 201, 201, 201]);
      expect(await stock("Aluminium Grinder", "Nathon Pier")).toBe(12);
      expect(await stock("King Size Rolling Papers", "Nathon Pier")).toBe(20);
      expect(await store.db.selectFrom("orders").select("id").where("idempotency_key", "=", "batch-mate-4-key").execute()).toEqual([]);
    } finally {
      await removeFault();
    }
  });
});

describe("the open-orders cap under concurrency", () => {
  let capped: TestStore;
  let cappedBase: string;
  beforeAll(async () => {
    capped = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, MAX_OPEN_ORDERS: "3" } });
    cappedBase = await listening(capped);
  });
  afterAll(async () => {
    await capped.close();
  });

  it("lets 20 placements of one customer arriving together, new and pending, open no more than MAX_OPEN_ORDERS", async () => {
    const alice = await signInCustomer(capped.app, 60_001);
    // One open order already: two more fit under the cap of 3.
    const first = await placeOverHttp(alice.token, "cap-first-key", "Blue Dream", "Chaweng Beach Store", { to: cappedBase });
    expect(first.status).toBe(201);
    const before = await shelfAmount(capped.db, shops["Chaweng Beach Store"]!, products["Blue Dream"]!);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOverHttp(alice.token, `cap-race-${i}-key`, "Blue Dream", "Chaweng Beach Store", { to: cappedBase, pending: i % 2 === 1 }),
      ),
    );

    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(18);
    const message = "You already have 3 open orders. Pick one up or cancel it before placing another.";
    for (const answer of refused) expect(answer).toEqual({ status: 409, body: { error: "TOO_MANY_OPEN_ORDERS", message } });
    const open = await capped.db.selectFrom("orders").select(["id", "status"]).where("user_id", "=", alice.userId).execute();
    expect(open).toHaveLength(3);
    // Only the new (N) ones among them took an item off the shelf.
    const reserved = placed.filter((a) => a.body.order.status === "N").length;
    expect(await shelfAmount(capped.db, shops["Chaweng Beach Store"]!, products["Blue Dream"]!)).toBe(before - reserved);
  });
});
