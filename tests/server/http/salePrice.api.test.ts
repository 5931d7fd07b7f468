/**
 * A sale price applied by the server (docs/decisions.md "Sale prices"), on SQLite and PostgreSQL: an order placed
 * while an option's sale runs pays the sale price (the line's per_price) and keeps the list price beside it
 * (list_price), by both ways of placing (PostgreSQL writes a complete pickup order with its batch, a pending one
 * in a unit of its own); the totals follow. When the sale's end comes, by the store's clock or by the real one,
 * the next order pays the list price. The statistics count the items sold at list and at sale price. The demo
 * catalogue runs two real sales and no gift text promises a discount.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../../server/domain/contracts/orders";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { orderRequest, placedOrder } from "../../helpers/orders";
import { startStore } from "../../helpers/server";
import { bearer, signedInAs, signInCustomer, telegramSignInRequest, TEST_BOT_TOKEN } from "../../helpers/session";
import { sendOverHttp } from "../../helpers/storeRequest";

const ADMIN_TG = 1000;
/** Noon on the island, 8 December 2026 (Koh Samui is UTC+7). */
const START = Date.parse("2026-12-08T05:00:00.000Z");
const DAY = 86_400_000;

let now = START;
let store: TestStore;
let products: Record<string, number>;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let customer: { token: string; userId: number };
let keys = 0;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => now });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss", now);
  customer = await signInCustomer(store.app, 3001, "Alice", now);
});

afterAll(() => store.close());

function call(method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) {
  return store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** Places at Fisherman's Village (it holds both products used below); `paymentOption` 0 leaves the order pending. */
function place(items: [product: string, amount: number][], paymentOption = 1): Promise<Order> {
  return placedOrder(store.app, customer.token, `sale-test-${++keys}`, {
    shopId: shops["Fisherman's Village"]!,
    items: items.map(([name, amount]) => ({ productId: products[name]!, amount })),
    paymentOption,
  });
}

const linesOf = (order: Order) => order.products.map((l) => [l.product_name, l.per_price, l.list_price, l.amount]);

async function complete(orderId: number): Promise<void> {
  expect((await call("POST", `/api/staff/orders/${orderId}/take`, admin.token)).statusCode).toBe(200);
  const done = await call("POST", `/api/staff/orders/${orderId}/finish`, admin.token, { by: "cash" });
  expect(done.statusCode, done.body).toBe(200);
}

describe("a sale price", () => {
  it("runs in the demo catalogue on two products, and no demo gift text promises a discount", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/products" });
    expect(res.statusCode).toBe(200);
    type Listed = { name: string; per_price: number; sale_price: number | null; gift_text: string; options: object };
    const listed = res.json().products as Listed[];
    const onSale = listed.filter((p) => p.sale_price !== null).map((p) => [p.name, p.per_price, p.sale_price]);
    expect(onSale.sort()).toEqual([
      ["Granddaddy Purple", 520, 460],
      ["Mango Sticky Gummies", 590, 530],
    ]);
    const gifts = (await store.db.selectFrom("product_options").select("gift_text").execute()).map((o) => o.gift_text);
    expect(gifts.filter((g) => /%|off\b|discount|deal|buy \d/i.test(g))).toEqual([]);
  });

  it("is what an order placed during the sale pays, with the list price kept on the line, on both ways of placing", async () => {
    const order = await place([
      ["Granddaddy Purple", 2],
      ["Jack Herer", 1],
    ]);
    expect(order.status).toBe("N");
    expect(linesOf(order)).toEqual([
      ["Jack Herer", 450, 450, 1],
      ["Granddaddy Purple", 460, 520, 2],
    ]);
    expect([order.total_price, order.discounted_price]).toEqual([450 + 2 * 460, 450 + 2 * 460]);

    // A pending order (no payment chosen yet) is written by the other path; it is priced the same.
    const pending = await place([["Granddaddy Purple", 1]], 0);
    expect(pending.status).toBe("P");
    expect(linesOf(pending)).toEqual([["Granddaddy Purple", 460, 520, 1]]);
    expect(pending.total_price).toBe(460);

    // Every later answer about the order says the same: the customer's page and list, and the staff's view.
    const page = await call("GET", `/api/orders/${order.id}`, customer.token);
    expect(linesOf(page.json().order)).toEqual(linesOf(order));
    const list = await call("GET", "/api/orders", customer.token);
    expect(linesOf(list.json().orders.find((o: Order) => o.id === pending.id))).toEqual(linesOf(pending));
    const staff = await call("GET", `/api/staff/orders/${order.id}`, admin.token);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(linesOf(staff.json().order)).toEqual(linesOf(order));
  });

  it("ends by the store's clock: from the end's instant a new order pays the list price, the earlier one keeps its price", async () => {
    const gelato = products["Gelato #41"]!;
    const end = new Date(now + 3_600_000).toISOString().replace("Z", "+00:00");
    const set = await call("PUT", `/api/admin/products/${gelato}/options/0/sale`, admin.token, { sale_price: 500, sale_ends_at: end });
    expect(set.statusCode, set.body).toBe(200);
    const gelatoOrder = (amount: number) =>
      placedOrder(store.app, customer.token, `sale-test-${++keys}`, { shopId: shops["Chaweng Beach Store"]!, productId: gelato, amount });

    now += 3_600_000 - 1;
    const during = await gelatoOrder(2);
    expect(linesOf(during)).toEqual([["Gelato #41", 500, 550, 2]]);
    expect(during.total_price).toBe(1000);

    now += 1;
    const after = await gelatoOrder(2);
    expect(linesOf(after)).toEqual([["Gelato #41", 550, 550, 2]]);
    expect(after.total_price).toBe(1100);
    const catalogue = await store.app.inject({ method: "GET", url: `/api/products/${gelato}` });
    expect(catalogue.json().product.sale_price).toBeNull();
    expect(linesOf((await call("GET", `/api/orders/${during.id}`, customer.token)).json().order)).toEqual([["Gelato #41", 500, 550, 2]]);

    // An end already past in the database (written there, as a restore or a script would) is no sale either.
    await store.db
      .updateTable("product_options")
      .set({ sale_price: 480, sale_ends_at: new Date(now - DAY).toISOString() })
      .where("product_id", "=", gelato)
      .where("option_id", "=", 0)
      .execute();
    expect(linesOf(await gelatoOrder(1))).toEqual([["Gelato #41", 550, 550, 1]]);
  });

  it("is counted by the statistics: items sold at list price and at sale price, in the totals and per product", async () => {
    now = START + 2 * DAY;
    const day = new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
    const a = await place([
      ["Granddaddy Purple", 3],
      ["Jack Herer", 2],
    ]);
    const b = await place([["Granddaddy Purple", 1]]);
    const c = await place([["Jack Herer", 1]]);
    const notDone = await place([["Granddaddy Purple", 1]]);
    for (const order of [a, b, c]) await complete(order.id);

    const res = await call("GET", `/api/admin/stats?from=${day}&to=${day}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    expect(stats.totals).toMatchObject({
      orders: 3,
      total_sales_amount: 4 * 460 + 3 * 450,
      items_at_list: 3,
      items_at_sale: 4,
    });
    const rows = stats.products.map((p: Record<string, unknown>) => [p.product, p.total_amount, p.items_at_list, p.items_at_sale]);
    expect(rows).toEqual([
      ["Granddaddy Purple", 4, 0, 4],
      ["Jack Herer", 3, 3, 0],
    ]);
    expect(notDone.status).toBe("N");

    // Rebuilt from the orders (as after a restore), the roll-up counts the same.
    await store.db.updateTable("change_counters").set({ version: -1 }).where("name", "=", "stats_rollup").execute();
    const rebuilt = (await call("GET", `/api/admin/stats?from=${day}&to=${day}`, admin.token)).json();
    expect(rebuilt.totals).toEqual(stats.totals);
    expect(rebuilt.products).toEqual(stats.products);
  });
});

describe("a sale over real HTTP on the real clock", () => {
  it("ends when its time comes: the order after its end pays the list price", async () => {
    const running = await startStore({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off", ADMIN_TELEGRAM_IDS: String(ADMIN_TG) });
    try {
      const send = (request: Parameters<typeof sendOverHttp>[1]) => sendOverHttp(running.url, request);
      const ids = await productIdsByName(running.db);
      const shopIds = await shopIdsByName(running.db);
      const boss = signedInAs(await send(telegramSignInRequest(ADMIN_TG, "Boss")));
      const buyer = signedInAs(await send(telegramSignInRequest(3002, "Bob")));
      const product = ids["Northern Lights"]!;
      const endMs = Date.now() + 1500;
      const set = await send({
        method: "PUT",
        url: `/api/admin/products/${product}/options/0/sale`,
        headers: bearer(boss.token),
        payload: { sale_price: 400, sale_ends_at: new Date(endMs).toISOString().replace("Z", "+00:00") },
      });
      expect(set.statusCode, set.body).toBe(200);
      const buy = async (key: string) => {
        const res = await send(orderRequest(buyer.token, key, { shopId: shopIds["Lamai Night Market"]!, productId: product, amount: 1 }));
        expect(res.statusCode, res.body).toBe(201);
        return linesOf(res.json().order as Order);
      };
      expect(await buy("real-clock-during")).toEqual([["Northern Lights", 400, 480, 1]]);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endMs - Date.now()) + 50));
      expect(await buy("real-clock-after")).toEqual([["Northern Lights", 480, 480, 1]]);
    } finally {
      await running.stop();
    }
  });
});
