/**
 * Store statistics over HTTP (issue 12): completed orders over two island days and two shops, one with a
 * discount, beside orders that are not completed; every figure checked against a hand computation, the CSV,
 * the shop filter, the date range on the island's clock (UTC+7), bad ranges, and who may ask.
 */
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { placedOrder } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let now: number;
let products: Record<string, number>;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let customer: { token: string; userId: number };
let keys = 0;

const ADMIN_TG = 1000;
/** Island days: 2026-11-20 and 2026-11-21 (Koh Samui is UTC+7). */
const DAY1_NOON = Date.parse("2026-11-20T05:00:00.000Z");
/** 18:30 UTC on the 20th is 01:30 on the island's 21st. */
const DAY2_EARLY = Date.parse("2026-11-20T18:30:00.000Z");
const DAY2_NOON = Date.parse("2026-11-21T05:00:00.000Z");

function call(method: "GET" | "POST" | "PUT", url: string, token: string | null, payload?: object) {
  return store.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function place(shop: string, items: [product: string, amount: number][]): Promise<number> {
  const order = { shopId: shops[shop]!, items: items.map(([p, amount]) => ({ productId: products[p]!, amount })) };
  return (await placedOrder(store.app, customer.token, `stats-test-${++keys}`, order)).id;
}

async function take(orderId: number) {
  expect((await call("POST", `/api/staff/orders/${orderId}/take`, admin.token)).statusCode).toBe(200);
}

async function finish(orderId: number) {
  const res = await call("POST", `/api/staff/orders/${orderId}/finish`, admin.token, { by: "cash" });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * The orders (list prices: Jack Herer 450, cost 180; Durban Poison 390, cost 160):
 * - A, Chaweng, completed day 1 noon: 2 × Jack Herer + 1 × Durban Poison = 1290, 7% discount → 1200 (round(1199.7));
 *   cost 2×180 + 160 = 520. Split of 1200 by list value 900 : 390 → 837.2 : 362.8 → 837 + 363.
 * - B, Lamai, completed at 18:30 UTC on the 20th = island day 2: 1 × Jack Herer = 450, cost 180.
 * - C, Chaweng, completed day 2 noon: 3 × Durban Poison = 1170, cost 480.
 * - Not counted: D new (Chaweng), E taken but not done (Chaweng), F canceled (Lamai).
 */
beforeAll(async () => {
  now = DAY1_NOON;
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => now });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss", now);
  manager = await signInCustomer(store.app, 2001, "Mali", now);
  customer = await signInCustomer(store.app, 3001, "Alice", now);
  expect(
    (await call("POST", `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`, admin.token, { telegram_id: 2001, role: "manager" }))
      .statusCode,
  ).toBe(200);

  const a = await place("Chaweng Beach Store", [
    ["Jack Herer", 2],
    ["Durban Poison", 1],
  ]);
  await take(a);
  const discounted = await call("PUT", `/api/admin/orders/${a}/discount`, admin.token, { percent: 7 });
  expect(discounted.json().order.discounted_price).toBe(1200);
  await finish(a);

  const b = await place("Lamai Night Market", [["Jack Herer", 1]]);
  const f = await place("Lamai Night Market", [["Jack Herer", 1]]);
  expect((await call("POST", `/api/orders/${f}/cancel`, customer.token)).statusCode).toBe(200);
  await take(b);
  now = DAY2_EARLY;
  await finish(b);

  now = DAY2_NOON;
  const c = await place("Chaweng Beach Store", [["Durban Poison", 3]]);
  await take(c);
  await finish(c);
  await place("Chaweng Beach Store", [["Jack Herer", 5]]);
  const e = await place("Chaweng Beach Store", [["Durban Poison", 2]]);
  await take(e);
});

afterAll(() => store.close());

const stats = async (query = "", token = admin.token) => {
  const res = await call("GET", `/api/admin/stats${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("statistics", () => {
  it("every figure over all time equals the hand computation", async () => {
    const all = await stats();
    expect(all.totals).toEqual({
      orders: 3,
      total_sales_amount: 1290 + 450 + 1170,
      total_sales_discounted_price: 1200 + 450 + 1170,
      total_sales_cost_price: 520 + 180 + 480,
      // No sale ran: every item was sold at its list price.
      items_at_list: 3 + 1 + 3,
      items_at_sale: 0,
    });
    expect(all.products).toEqual([
      {
        product_id: products["Durban Poison"],
        product: "Durban Poison",
        total_amount: 4,
        cost_price_sum: 160 + 480,
        discounted_price_sum: 363 + 1170,
        sales_sum: 390 + 1170,
        items_at_list: 4,
        items_at_sale: 0,
      },
      {
        product_id: products["Jack Herer"],
        product: "Jack Herer",
        total_amount: 3,
        cost_price_sum: 360 + 180,
        discounted_price_sum: 837 + 450,
        sales_sum: 900 + 450,
        items_at_list: 3,
        items_at_sale: 0,
      },
    ]);
    expect(all.days).toEqual([
      { date: "2026-11-20", sales: 1200, margin: 1200 - 520 },
      { date: "2026-11-21", sales: 450 + 1170, margin: 450 + 1170 - 180 - 480 },
    ]);
    // The product split adds up to what was charged.
    expect(all.products.reduce((n: number, p: { discounted_price_sum: number }) => n + p.discounted_price_sum, 0)).toBe(
      all.totals.total_sales_discounted_price,
    );
    expect(all.range).toEqual({ from: null, to: null });
  });

  it("a date range counts the island days of completion; days without sales are 0", async () => {
    const day1 = await stats("?from=2026-11-20&to=2026-11-20");
    expect(day1.totals).toEqual({
      orders: 1,
      total_sales_amount: 1290,
      total_sales_discounted_price: 1200,
      total_sales_cost_price: 520,
      items_at_list: 3,
      items_at_sale: 0,
    });
    expect(day1.days).toEqual([{ date: "2026-11-20", sales: 1200, margin: 680 }]);

    const day2 = await stats("?from=2026-11-21&to=2026-11-21");
    expect(day2.totals).toEqual({
      orders: 2,
      total_sales_amount: 1620,
      total_sales_discounted_price: 1620,
      total_sales_cost_price: 660,
      items_at_list: 4,
      items_at_sale: 0,
    });

    const wide = await stats("?from=2026-11-19&to=2026-11-22");
    expect(wide.days.map((d: { date: string; sales: number }) => [d.date, d.sales])).toEqual([
      ["2026-11-19", 0],
      ["2026-11-20", 1200],
      ["2026-11-21", 1620],
      ["2026-11-22", 0],
    ]);
    expect((await stats("?from=2026-11-22")).totals.orders).toBe(0);
    expect((await stats("?to=2026-11-20")).totals.orders).toBe(1);
  });

  it("the shop filter counts one shop's orders", async () => {
    const chaweng = await stats(`?shop_id=${shops["Chaweng Beach Store"]}`);
    expect(chaweng.totals).toEqual({
      orders: 2,
      total_sales_amount: 1290 + 1170,
      total_sales_discounted_price: 1200 + 1170,
      total_sales_cost_price: 520 + 480,
      items_at_list: 6,
      items_at_sale: 0,
    });
    expect(
      chaweng.products.map((p: { product: string; total_amount: number; discounted_price_sum: number }) => [
        p.product,
        p.total_amount,
        p.discounted_price_sum,
      ]),
    ).toEqual([
      ["Durban Poison", 4, 1533],
      ["Jack Herer", 2, 837],
    ]);
    const lamaiDay2 = await stats(`?shop_id=${shops["Lamai Night Market"]}&from=2026-11-21&to=2026-11-21`);
    expect(lamaiDay2.totals).toEqual({
      orders: 1,
      total_sales_amount: 450,
      total_sales_discounted_price: 450,
      total_sales_cost_price: 180,
      items_at_list: 1,
      items_at_sale: 0,
    });
    expect(await stats(`?shop_id=${shops["Nathon Pier"]}`)).toMatchObject({ totals: { orders: 0 }, products: [], days: [] });
  });

  it.each([
    ["?from=2026-13-01", "from"],
    ["?from=2026-02-30", "from"],
    ["?to=yesterday", "to"],
    ["?from=2026-11-21&to=2026-11-20", "from"],
    ["?from=2020-01-01&to=2026-11-21", "to"],
    ["?shop_id=abc", "shop_id"],
  ])("refuses %s with a 400 naming %s", async (query, param) => {
    const res = await call("GET", `/api/admin/stats${query}`, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(param);
  });

  it("an unknown shop is a 404", async () => {
    expect((await call("GET", "/api/admin/stats?shop_id=999", admin.token)).statusCode).toBe(404);
  });

  it("the CSV is the product table: an attachment, CSV-injection safe", async () => {
    const res = await call("GET", "/api/admin/stats.csv?from=2026-11-20&to=2026-11-21", admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="stats-2026-11-20-to-2026-11-21.csv"');
    expect(res.body).toBe(
      [
        "product_id,product,total_amount,cost_price_sum,discounted_price_sum",
        `${products["Durban Poison"]},Durban Poison,4,640,1533`,
        `${products["Jack Herer"]},Jack Herer,3,540,1287`,
        "",
      ].join("\r\n"),
    );

    await store.db.updateTable("products").set({ name: '=HYPERLINK("http://evil.example","x")' }).where("id", "=", products["Jack Herer"]!).execute();
    await store.db.updateTable("products").set({ name: "@SUM(A1)" }).where("id", "=", products["Durban Poison"]!).execute();
    const hostile = await call("GET", `/api/admin/stats.csv?shop_id=${shops["Lamai Night Market"]}`, admin.token);
    expect(hostile.headers["content-disposition"]).toBe(
      `attachment; filename="stats-start-to-now-shop-${shops["Lamai Night Market"]}.csv"`,
    );
    expect(hostile.body.split("\r\n")[1]).toBe(`${products["Jack Herer"]},"'=HYPERLINK(""http://evil.example"",""x"")",1,180,450`);
    const all = await call("GET", "/api/admin/stats.csv", admin.token);
    expect(all.body.split("\r\n")[1]).toBe(`${products["Durban Poison"]},'@SUM(A1),4,640,1533`);
    await store.db.updateTable("products").set({ name: "Jack Herer" }).where("id", "=", products["Jack Herer"]!).execute();
    await store.db.updateTable("products").set({ name: "Durban Poison" }).where("id", "=", products["Durban Poison"]!).execute();
  });

  it("the service the bot uses gives the same figures", async () => {
    const viaService = await store.app.services.stats.compute({ from: "2026-11-21", to: "2026-11-21" });
    expect(viaService.totals).toEqual((await stats("?from=2026-11-21&to=2026-11-21")).totals);
    expect(store.app.services.stats.today()).toBe("2026-11-21");
  });

  it("refuses the signed-out (401), a customer and a manager (403 'Отказано в доступе.')", async () => {
    for (const url of ["/api/admin/stats", "/api/admin/stats.csv"]) {
      expect((await call("GET", url, null)).statusCode).toBe(401);
      for (const who of [customer, manager]) {
        const res = await call("GET", url, who.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
      }
    }
  });
});
