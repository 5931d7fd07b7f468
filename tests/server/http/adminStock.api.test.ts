/**
 * Admin stock over HTTP on a real SQLite database (issue 12): add, move from the warehouse, the audit trail
 * (orders' sold and returned rows too), the low-stock push once per crossing, the catalogue following, and
 * every refusal with a clear 4xx and nothing changed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { renderNotification } from "../../../bot/notifications";
import { createMiniApp } from "../../../bot/miniApp";
import { createHolds } from "../../../server/services/holds";
import { makeTestStore, optionIdByPrice, productIdsByName, shelfAmount, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";
import { placeOrder as postOrder } from "../../helpers/orders";

let store: TestStore;
let products: Record<string, number>;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let customer: { token: string; userId: number };
let keys = 0;

const ADMIN_TG = 1000;

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  manager = await signInCustomer(store.app, 2001, "Mali");
  customer = await signInCustomer(store.app, 3001, "Alice");
  const granted = await call("POST", `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`, admin.token, {
    telegram_id: 2001,
    role: "manager",
  });
  expect(granted.statusCode).toBe(200);
  return () => store.close();
});

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: object) {
  return store.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

const stockAt = (shop: string, product: string, optionId = 0) => shelfAmount(store.db, shops[shop]!, products[product]!, optionId);
const optionId = (product: string, priceText: string) => optionIdByPrice(store.db, products[product]!, priceText);

async function historyRows() {
  return store.db.selectFrom("stock_history").selectAll().orderBy("id").execute();
}

async function placeOrder(shop: string, product: string, option: number, amount: number): Promise<number> {
  const res = await postOrder(store.app, customer.token, `stock-test-${++keys}`, {
    shopId: shops[shop]!,
    productId: products[product]!,
    optionId: option,
    amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order.id;
}

async function lowStockRows() {
  return store.db
    .selectFrom("outbox")
    .select(["user_id", "order_id", "payload", "dedupe_key"])
    .where("kind", "=", "low_stock")
    .orderBy("id")
    .execute();
}

describe("adding stock", () => {
  it("adds to the warehouse by default and to a named shop, answering the shelf and the spec's message, with an audit row " +
    "each", async () => {
    const jack = products["Jack Herer"]!;
    const before = await stockAt("Central Warehouse", "Jack Herer");
    const added = await call("POST", "/api/admin/stock", admin.token, { product_id: jack, option_id: 0, amount: 5 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ instock: before + 5, message: "You've added 5 products." });
    expect(await stockAt("Central Warehouse", "Jack Herer")).toBe(before + 5);

    const atShop = await call("POST", "/api/admin/stock", admin.token, {
      product_id: jack,
      option_id: 0,
      shop_id: shops["Chaweng Beach Store"],
      amount: 3,
    });
    expect(atShop.json()).toEqual({ instock: 28, message: "You've added 3 products." });

    // A shelf that did not exist yet is made.
    const fresh = await call("POST", "/api/admin/stock", admin.token, {
      product_id: products["Green Crack"],
      option_id: 0,
      shop_id: shops["Nathon Pier"],
      amount: 2,
    });
    expect(fresh.json().instock).toBe(2);

    const history = (await call("GET", `/api/admin/stock/history?product_id=${jack}`, admin.token)).json();
    expect(
      history.entries.map((e: { shop_name: string; delta: number; amount_after: number; reason: string }) => [
        e.shop_name,
        e.delta,
        e.amount_after,
        e.reason,
      ]),
    ).toEqual([
      ["Chaweng Beach Store", 3, 28, "added"],
      ["Central Warehouse", 5, before + 5, "added"],
    ]);
    expect(history.entries[0].who).toEqual({ user_id: admin.userId, name: "Boss", email: null });
    expect(history.entries[0].option_id).toBe(0);
    expect(history.entries[0].price_text).toBe("1 g");
    expect(Date.parse(history.entries[0].created)).not.toBeNaN();
    expect(history.next_cursor).toBeNull();
  });

  it("the catalogue shows a pickup shop's new count at the next poll; the warehouse's is never offered", async () => {
    const jack = products["Jack Herer"]!;
    const page = async () => (await call("GET", `/api/products/${jack}`, null)).json().product;
    const before = await page();
    await call("POST", "/api/admin/stock", admin.token, { product_id: jack, option_id: 0, amount: 50 });
    expect((await page()).instock).toBe(before.instock);
    const moved = await call("POST", "/api/admin/stock/move", admin.token, {
      product_id: jack,
      option_id: 0,
      to_shop_id: shops["Nathon Pier"],
      amount: 3,
    });
    expect(moved.statusCode).toBe(200);
    const after = await page();
    expect(after.instock).toBe(before.instock + 3);
    const nathon = after.shop_list.find((s: { store_id: number }) => s.store_id === shops["Nathon Pier"]);
    expect(nathon.options.opt_0.amount).toBe(3);
    const list = (await call("GET", "/api/products", null)).json().products.find((p: { id: number }) => p.id === jack);
    expect(list.stock[String(shops["Nathon Pier"])]).toMatchObject({ 0: 3 });
  });

  it.each([
    [{ amount: 0 }, 400],
    [{ amount: -4 }, 400],
    [{ amount: 1.5 }, 400],
    [{ amount: "ten" }, 400],
    [{ amount: 100_001 }, 400],
    [{ product_id: 99_999 }, 404],
    [{ option_id: 99_999 }, 404],
    [{ shop_id: 99_999 }, 404],
  ])("refuses %o with %i and changes nothing", async (change, status) => {
    const body = { product_id: products["Jack Herer"], option_id: 0, amount: 2, ...change };
    const before = await stockAt("Central Warehouse", "Jack Herer");
    const res = await call("POST", "/api/admin/stock", admin.token, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await stockAt("Central Warehouse", "Jack Herer")).toBe(before);
    expect(await historyRows()).toEqual([]);
  });

  it("refuses a deleted option, a deleted product and a deleted shop (404)", async () => {
    const jack = products["Jack Herer"]!;
    const seven = await optionId("Jack Herer", "7 g");
    await store.db
      .updateTable("product_options")
      .set({ is_deleted: 1 })
      .where("product_id", "=", jack)
      .where("option_id", "=", seven)
      .execute();
    expect((await call("POST", "/api/admin/stock", admin.token, { product_id: jack, option_id: seven, amount: 1 })).json().error).toBe(
      "OPTION_NOT_FOUND",
    );
    await store.db.updateTable("shops").set({ is_deleted: 1 }).where("id", "=", shops["Nathon Pier"]!).execute();
    expect(
      (await call("POST", "/api/admin/stock", admin.token, { product_id: jack, option_id: 0, shop_id: shops["Nathon Pier"], amount: 1 }))
        .statusCode,
    ).toBe(404);
    const durban = products["Durban Poison"]!;
    await store.db.updateTable("products").set({ is_deleted: 1 }).where("id", "=", durban).execute();
    expect((await call("POST", "/api/admin/stock", admin.token, { product_id: durban, option_id: 0, amount: 1 })).json().error).toBe(
      "PRODUCT_NOT_FOUND",
    );
    expect(await historyRows()).toEqual([]);
  });
});

describe("moving stock from the warehouse", () => {
  it("moves in one step: the warehouse down, the shop up, two 'moved' rows", async () => {
    const jack = products["Jack Herer"]!;
    const warehouse = await stockAt("Central Warehouse", "Jack Herer");
    const res = await call("POST", "/api/admin/stock/move", admin.token, {
      product_id: jack,
      option_id: 0,
      to_shop_id: shops["Fisherman's Village"],
      amount: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ warehouse: warehouse - 3, instock: 11, message: "You've moved 3 products to Fisherman's Village." });
    expect(await stockAt("Central Warehouse", "Jack Herer")).toBe(warehouse - 3);
    expect(await stockAt("Fisherman's Village", "Jack Herer")).toBe(11);
    const rows = await historyRows();
    expect(rows.map((r) => [r.shop_id, r.delta, r.amount_after, r.reason, r.actor_user_id])).toEqual([
      [shops["Central Warehouse"], -3, warehouse - 3, "moved", admin.userId],
      [shops["Fisherman's Village"], 3, 11, "moved", admin.userId],
    ]);
  });

  it("refuses more than the warehouse holds (409) and changes nothing", async () => {
    const jack = products["Jack Herer"]!;
    const seven = await optionId("Jack Herer", "7 g");
    const res = await call("POST", "/api/admin/stock/move", admin.token, {
      product_id: jack,
      option_id: seven,
      to_shop_id: shops["Lamai Night Market"],
      amount: 41,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: "NOT_ENOUGH_IN_WAREHOUSE",
      message: "The central warehouse holds 40 of this option: 41 cannot be moved.",
    });
    expect(await stockAt("Central Warehouse", "Jack Herer", seven)).toBe(40);
    expect(await stockAt("Lamai Night Market", "Jack Herer", seven)).toBe(0);
    expect(await historyRows()).toEqual([]);
    // Exactly what it holds is fine, and leaves an empty shelf.
    const all = await call("POST", "/api/admin/stock/move", admin.token, {
      product_id: jack,
      option_id: seven,
      to_shop_id: shops["Lamai Night Market"],
      amount: 40,
    });
    expect(all.json()).toMatchObject({ warehouse: 0, instock: 40 });
  });

  it("refuses the warehouse as the target (400), an unknown shop (404) and a bad amount (400)", async () => {
    const jack = products["Jack Herer"]!;
    const body = { product_id: jack, option_id: 0, to_shop_id: shops["Lamai Night Market"], amount: 1 };
    expect((await call("POST", "/api/admin/stock/move", admin.token, { ...body, to_shop_id: 1 })).statusCode).toBe(400);
    expect((await call("POST", "/api/admin/stock/move", admin.token, { ...body, to_shop_id: 4242 })).statusCode).toBe(404);
    expect((await call("POST", "/api/admin/stock/move", admin.token, { ...body, amount: 0 })).statusCode).toBe(400);
    expect((await call("POST", "/api/admin/stock/move", admin.token, { ...body, amount: "3" })).statusCode).toBe(400);
    expect(await historyRows()).toEqual([]);
  });
});

describe("orders in the audit trail", () => {
  it("a placement writes a 'sold' row and a cancel a 'returned' row, each naming the order", async () => {
    const jack = products["Jack Herer"]!;
    const orderId = await placeOrder("Chaweng Beach Store", "Jack Herer", 0, 2);
    expect(await stockAt("Chaweng Beach Store", "Jack Herer")).toBe(23);
    const canceled = await call("POST", `/api/orders/${orderId}/cancel`, customer.token);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await stockAt("Chaweng Beach Store", "Jack Herer")).toBe(25);
    const { entries } = (await call("GET", `/api/admin/stock/history?product_id=${jack}`, admin.token)).json();
    expect(
      entries.map((e: { shop_id: number; delta: number; amount_after: number; reason: string; order_id: number | null }) => [
        e.shop_id,
        e.delta,
        e.amount_after,
        e.reason,
        e.order_id,
      ]),
    ).toEqual([
      [shops["Chaweng Beach Store"], 2, 25, "returned", orderId],
      [shops["Chaweng Beach Store"], -2, 23, "sold", orderId],
    ]);
    expect(entries[0].who).toEqual({ user_id: customer.userId, name: "Alice", email: null });
  });

  it("an admin's cancel returns the stock with a 'returned' row naming the admin", async () => {
    const orderId = await placeOrder("Chaweng Beach Store", "Jack Herer", 0, 1);
    expect((await call("POST", `/api/admin/orders/${orderId}/cancel`, admin.token)).statusCode).toBe(200);
    const rows = await historyRows();
    expect(rows.map((r) => [r.reason, r.delta, r.order_id, r.actor_user_id])).toEqual([
      ["sold", -1, orderId, rows[0]!.actor_user_id],
      ["returned", 1, orderId, admin.userId],
    ]);
  });

  it("a pickup hold that expires returns its stock with a 'returned' row by nobody (the clock)", async () => {
    await store.close();
    let now = Date.parse("2026-11-21T05:00:00.000Z");
    store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => now });
    products = await productIdsByName(store.db);
    shops = await shopIdsByName(store.db);
    admin = await signInCustomer(store.app, ADMIN_TG, "Boss", now);
    customer = await signInCustomer(store.app, 3001, "Alice", now);
    const orderId = await placeOrder("Chaweng Beach Store", "Jack Herer", 0, 4);
    now += 3 * 3600_000 + 60_000;
    expect(await createHolds({ db: store.db, clock: () => now }).expireHolds()).toBe(1);
    const rows = await historyRows();
    expect(rows.map((r) => [r.reason, r.delta, r.amount_after, r.order_id, r.actor_user_id])).toEqual([
      ["sold", -4, 21, orderId, customer.userId],
      ["returned", 4, 25, orderId, null],
    ]);
    const { entries } = (await call("GET", `/api/admin/stock/history?product_id=${products["Jack Herer"]}`, admin.token)).json();
    expect(entries[0]).toMatchObject({ reason: "returned", who: null, created: new Date(now).toISOString() });
  });

  it("pages the history newest first", async () => {
    const jack = products["Jack Herer"]!;
    for (let i = 1; i <= 5; i++) await call("POST", "/api/admin/stock", admin.token, { product_id: jack, option_id: 0, amount: i });
    const first = (await call("GET", `/api/admin/stock/history?product_id=${jack}&limit=2`, admin.token)).json();
    expect(first.entries.map((e: { delta: number }) => e.delta)).toEqual([5, 4]);
    const second = (
      await call("GET", `/api/admin/stock/history?product_id=${jack}&limit=2&cursor=${first.next_cursor}`, admin.token)
    ).json();
    expect(second.entries.map((e: { delta: number }) => e.delta)).toEqual([3, 2]);
    const last = (
      await call("GET", `/api/admin/stock/history?product_id=${jack}&limit=2&cursor=${second.next_cursor}`, admin.token)
    ).json();
    expect(last.entries.map((e: { delta: number }) => e.delta)).toEqual([1]);
    expect(last.next_cursor).toBeNull();
    expect((await call("GET", "/api/admin/stock/history?product_id=99999", admin.token)).statusCode).toBe(404);
    expect((await call("GET", "/api/admin/stock/history", admin.token)).statusCode).toBe(400);
  });
});

describe("low stock", () => {
  it("tells the admins once per crossing: 4→3→2→1 is one push; a restock to 5 and a drop to 2 is a second", async () => {
    const opt = await optionId("Jack Herer", "3.5 g");
    expect(await stockAt("Lamai Night Market", "Jack Herer", opt)).toBe(4);
    await placeOrder("Lamai Night Market", "Jack Herer", opt, 1);
    expect(await lowStockRows()).toEqual([]);
    const crossing = await placeOrder("Lamai Night Market", "Jack Herer", opt, 1);
    await placeOrder("Lamai Night Market", "Jack Herer", opt, 1);
    expect(await stockAt("Lamai Night Market", "Jack Herer", opt)).toBe(1);
    const first = await lowStockRows();
    expect(first).toHaveLength(1);
    expect(first[0]!.user_id).toBe(admin.userId);
    expect(first[0]!.order_id).toBe(crossing);
    expect(JSON.parse(first[0]!.payload)).toEqual({
      shop_id: shops["Lamai Night Market"],
      shop_name: "Lamai Night Market",
      product_id: products["Jack Herer"],
      product_name: "Jack Herer",
      option_id: opt,
      price_text: "3.5 g",
      amount: 2,
      threshold: 2,
      order_id: crossing,
    });

    // What the admin reads in the chat.
    const message = renderNotification("low_stock", first[0]!.payload, createMiniApp("https://store.example"));
    expect(message).toEqual({
      text: "Low stock at Lamai Night Market: Jack Herer (3.5 g).\n2 items left on the shelf (alert at 2 or fewer).",
      keyboard: null,
    });

    const restock = await call("POST", "/api/admin/stock", admin.token, {
      product_id: products["Jack Herer"],
      option_id: opt,
      shop_id: shops["Lamai Night Market"],
      amount: 4,
    });
    expect(restock.json().instock).toBe(5);
    expect(await lowStockRows()).toHaveLength(1);
    await placeOrder("Lamai Night Market", "Jack Herer", opt, 3);
    const second = await lowStockRows();
    expect(second).toHaveLength(2);
    expect(JSON.parse(second[1]!.payload).amount).toBe(2);
    expect(second[0]!.dedupe_key).not.toBe(second[1]!.dedupe_key);

    // The admin's list of low shelves shows it; the warehouse is never in it.
    const low = (await call("GET", "/api/admin/stock/low", admin.token)).json();
    expect(low.threshold).toBe(2);
    expect(low.shelves).toContainEqual({
      shop_id: shops["Lamai Night Market"],
      shop_name: "Lamai Night Market",
      product_id: products["Jack Herer"],
      product_name: "Jack Herer",
      option_id: opt,
      price_text: "3.5 g",
      amount: 2,
    });
    expect(low.shelves.every((s: { shop_id: number; amount: number }) => s.shop_id !== 1 && s.amount <= 2)).toBe(true);
  });

  it("LOW_STOCK_THRESHOLD moves the threshold; a shelf already at or below it gives no push", async () => {
    await store.close();
    store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG), LOW_STOCK_THRESHOLD: "10" } });
    products = await productIdsByName(store.db);
    shops = await shopIdsByName(store.db);
    admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
    customer = await signInCustomer(store.app, 3001, "Alice");
    // Durban Poison at Nathon Pier: 9, already at or below 10: no crossing.
    await placeOrder("Nathon Pier", "Durban Poison", 0, 1);
    expect(await lowStockRows()).toEqual([]);
    // Jack Herer at Chaweng: 25 → 10 crosses 10.
    await placeOrder("Chaweng Beach Store", "Jack Herer", 0, 15);
    expect(await lowStockRows()).toHaveLength(1);
  });
});

describe("who may", () => {
  it("refuses the signed-out (401), a customer and a manager (403 'Отказано в доступе.') on every stock route, changing " +
    "nothing", async () => {
    const jack = products["Jack Herer"]!;
    const routes: [method: "GET" | "POST", url: string, body?: object][] = [
      ["POST", "/api/admin/stock", { product_id: jack, option_id: 0, amount: 5 }],
      ["POST", "/api/admin/stock/move", { product_id: jack, option_id: 0, to_shop_id: shops["Lamai Night Market"], amount: 5 }],
      ["GET", `/api/admin/stock/history?product_id=${jack}`],
      ["GET", "/api/admin/stock/low"],
    ];
    const warehouse = await stockAt("Central Warehouse", "Jack Herer");
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode).toBe(401);
      for (const who of [customer, manager]) {
        const res = await call(method, url, who.token, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
      }
    }
    expect(await stockAt("Central Warehouse", "Jack Herer")).toBe(warehouse);
    expect(await historyRows()).toEqual([]);
  });
});

describe("the service the bot uses", () => {
  it("shelf lists every live shop with the option's amount, the warehouse first", async () => {
    const jack = products["Jack Herer"]!;
    const shelf = await store.app.services.stock.shelf(jack, 0);
    expect(shelf[0]).toEqual({ shop_id: 1, shop_name: "Central Warehouse", amount: 200 });
    expect(shelf.find((s) => s.shop_name === "Nathon Pier")).toEqual({
      shop_id: shops["Nathon Pier"],
      shop_name: "Nathon Pier",
      amount: 0,
    });
    expect(shelf).toHaveLength(5);
    const added = await store.app.services.stock.add(admin.userId, { product_id: jack, option_id: 0, amount: 7 });
    expect(added).toEqual({ instock: 207 });
    const moved = await store.app.services.stock.move(admin.userId, {
      product_id: jack,
      option_id: 0,
      to_shop_id: shops["Nathon Pier"]!,
      amount: 7,
    });
    expect(moved).toMatchObject({ warehouse: 200, instock: 7 });
  });

  it("refuses anyone but an admin itself, whoever calls it (a manager, a customer): nothing changes", async () => {
    const jack = products["Jack Herer"]!;
    const before = await store.app.services.stock.shelf(jack, 0);
    for (const caller of [manager, customer]) {
      await expect(store.app.services.stock.add(caller.userId, { product_id: jack, option_id: 0, amount: 7 })).rejects.toThrow(
        "Отказано в доступе.",
      );
      await expect(
        store.app.services.stock.move(caller.userId, { product_id: jack, option_id: 0, to_shop_id: shops["Nathon Pier"]!, amount: 1 }),
      ).rejects.toThrow("Отказано в доступе.");
    }
    expect(await store.app.services.stock.shelf(jack, 0)).toEqual(before);
    expect(await historyRows()).toEqual([]);
  });
});
