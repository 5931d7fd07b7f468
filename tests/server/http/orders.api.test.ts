import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Order } from "../../../server/domain/contracts/orders";
import { createHolds } from "../../../server/services/holds";
import { readViews } from "../../../server/services/orderView";
import { selectOrderRowsOfUser } from "../../../db/repositories/orders";
import { makeTestStore, optionIdByPrice, productIdsByName, shelfAmount, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let now: number;
let products: Record<string, number>;
let shops: Record<string, number>;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let admin: { token: string; userId: number };
let holds: ReturnType<typeof createHolds>;

const ADMIN_TG = 9009;
const START = Date.parse("2026-11-21T05:00:00.000Z");
let keyCounter = 0;
const newKey = () => `test-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

beforeEach(async () => {
  now = START;
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => now });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
  alice = await signInCustomer(store.app, 9001, "Alice", now);
  bob = await signInCustomer(store.app, 9002, "Bob", now);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss", now);
  holds = createHolds({ db: store.db, clock: () => now });
  return () => store.close();
});

const stockOf = (shop: string, product: string, optionId = 0) => shelfAmount(store.db, shops[shop]!, products[product]!, optionId);
const optionId = (product: string, priceText: string) => optionIdByPrice(store.db, products[product]!, priceText);

const pickupCash = { delivery_option: 1, payment_option: 1 };

function place(who: { token: string }, body: object, key: string | null = newKey()) {
  return store.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...bearer(who.token), ...(key ? { "idempotency-key": key } : {}) },
    payload: body,
  });
}

const countOrders = async () => (await store.db.selectFrom("orders").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n;

describe("placing an order", () => {
  it("reserves the stock and holds a pickup order for 3 hours, at database prices", async () => {
    const threeAndHalf = await optionId("Jack Herer", "3.5 g");
    const before = {
      base: await stockOf("Chaweng Beach Store", "Jack Herer"),
      option: await stockOf("Chaweng Beach Store", "Jack Herer", threeAndHalf),
    };
    const res = await place(alice, {
      shop_id: shops["Chaweng Beach Store"],
      items: [
        { product_id: products["Jack Herer"], option_id: 0, amount: 2, per_price: 1 },
        { product_id: products["Jack Herer"], option_id: threeAndHalf, amount: 1 },
      ],
      ...pickupCash,
    });
    expect(res.statusCode).toBe(201);
    const { order } = res.json() as { order: Order };
    expect(order).toMatchObject({
      status: "N",
      is_reserved: 1,
      total_price: 2 * 450 + 1400,
      discounted_price: 2 * 450 + 1400,
      hold_until: new Date(START + 3 * 3600_000).toISOString(),
      remaining_time: "03:00:00",
      can_cancel: true,
      store: { id: shops["Chaweng Beach Store"], name: "Chaweng Beach Store" },
    });
    expect(order).not.toHaveProperty("total_cost_price");
    expect(order.products.map((p) => [p.product_name, p.price_text, p.per_price, p.amount])).toEqual([
      ["Jack Herer", "1 g", 450, 2],
      ["Jack Herer", "3.5 g", 1400, 1],
    ]);
    expect(order.manage_path).toMatch(new RegExp(`^/order/manage/${order.id}\\?sig=[\\w-]{22}$`));
    expect(await stockOf("Chaweng Beach Store", "Jack Herer")).toBe(before.base - 2);
    expect(await stockOf("Chaweng Beach Store", "Jack Herer", threeAndHalf)).toBe(before.option - 1);

    const outbox = await store.db.selectFrom("outbox").selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "order_placed", user_id: alice.userId, order_id: order.id, status: "pending" });
    expect(JSON.parse(outbox[0]!.payload)).toMatchObject({
      order_id: order.id,
      shop_name: "Chaweng Beach Store",
      total: 2300,
      item_count: 3,
    });
  });

  it("counts down the hold from the server's clock", async () => {
    const { order } = (
      await place(alice, {
        shop_id: shops["Lamai Night Market"],
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
        ...pickupCash,
      })
    ).json();
    now += 3600_000 + 61_000;
    const later = (await store.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: bearer(alice.token) })).json().order;
    expect(later.remaining_time).toBe("01:58:59");
  });

  it("makes an order whose delivery and payment are not chosen yet Pending and reserves nothing, until the settings are " +
    "saved", async () => {
    const before = await stockOf("Lamai Night Market", "Northern Lights");
    const res = await place(alice, {
      shop_id: shops["Lamai Night Market"],
      items: [{ product_id: products["Northern Lights"], option_id: 0, amount: 3 }],
      delivery_option: 0,
      payment_option: 0,
    });
    const { order } = res.json();
    expect([res.statusCode, order.status, order.is_reserved, order.hold_until]).toEqual([201, "P", 0, null]);
    expect(await stockOf("Lamai Night Market", "Northern Lights")).toBe(before);

    const incomplete = await store.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/settings`,
      headers: bearer(alice.token),
      payload: { delivery_option: 2, payment_option: 1, phone: "+66 81 234 5678" },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe("Please choose delivery and payment options!");

    const saved = await store.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/settings`,
      headers: bearer(alice.token),
      payload: { delivery_option: 2, payment_option: 1, phone: "+66 81 234 5678", delivery_address: "Villa 12, Bophut Hills" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().order).toMatchObject({ status: "N", is_reserved: 1, hold_until: null, phone: "+66 81 234 5678" });
    expect(await stockOf("Lamai Night Market", "Northern Lights")).toBe(before - 3);
  });

  it("answers 'Not enough products in stock' when saving settings of a pending order whose stock is gone", async () => {
    const { order } = (
      await place(alice, {
        shop_id: shops["Fisherman's Village"],
        items: [{ product_id: products["Glass Bubbler Pipe"], option_id: 0, amount: 3 }],
        delivery_option: 0,
        payment_option: 0,
      })
    ).json();
    await store.db
      .updateTable("stock")
      .set({ amount: 2 })
      .where("shop_id", "=", shops["Fisherman's Village"]!)
      .where("product_id", "=", products["Glass Bubbler Pipe"]!)
      .execute();
    const res = await store.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/settings`,
      headers: bearer(alice.token),
      payload: pickupCash,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "OUT_OF_STOCK", message: "Not enough products in stock" });
    expect(
      (await store.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: bearer(alice.token) })).json().order.status,
    ).toBe("P");
    expect(await stockOf("Fisherman's Village", "Glass Bubbler Pipe")).toBe(2);
  });

  describe("with an Idempotency-Key", () => {
    const body = () => ({
      shop_id: shops["Chaweng Beach Store"],
      items: [{ product_id: products["Blue Dream"], option_id: 0, amount: 1 }],
      ...pickupCash,
    });

    it("returns the first answer to a retry and places one order", async () => {
      const key = newKey();
      const first = await place(alice, body(), key);
      const retry = await place(alice, body(), key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json().order.id).toBe(first.json().order.id);
      expect(await countOrders()).toBe(1);
    });

    it("refuses the same key with a different body with a 422", async () => {
      const key = newKey();
      await place(alice, body(), key);
      const other = await place(alice, { ...body(), items: [{ product_id: products["Blue Dream"], option_id: 0, amount: 2 }] }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json().error).toBe("IDEMPOTENCY_KEY_REUSED");
      expect(await countOrders()).toBe(1);
    });

    it("keeps keys per customer", async () => {
      const key = newKey();
      expect((await place(alice, body(), key)).statusCode).toBe(201);
      expect((await place(bob, body(), key)).statusCode).toBe(201);
      expect(await countOrders()).toBe(2);
    });

    it("is required", async () => {
      const res = await place(alice, body(), null);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Idempotency-Key header is required/);
    });
  });

  describe("bad input changes nothing", () => {
    const line = (over: object = {}) => ({ product_id: products["Jack Herer"], option_id: 0, amount: 1, ...over });
    const cases: [string, () => object, number, string | RegExp][] = [
      ["an empty cart", () => ({ shop_id: shops["Chaweng Beach Store"], items: [], ...pickupCash }), 400, /items/],
      ["amount 0", () => ({ shop_id: shops["Chaweng Beach Store"], items: [line({ amount: 0 })], ...pickupCash }), 400, /amount/],
      ["a negative amount", () => ({ shop_id: shops["Chaweng Beach Store"], items: [line({ amount: -2 })], ...pickupCash }), 400, /amount/],
      [
        "an amount as text",
        () => ({ shop_id: shops["Chaweng Beach Store"], items: [line({ amount: "2" })], ...pickupCash }),
        400,
        /amount must be an integer/,
      ],
      [
        "an amount above stock",
        () => ({ shop_id: shops["Chaweng Beach Store"], items: [line({ amount: 26 })], ...pickupCash }),
        409,
        "Not enough products in stock",
      ],
      [
        "an unknown product",
        () => ({ shop_id: shops["Chaweng Beach Store"], items: [line({ product_id: 9999 })], ...pickupCash }),
        404,
        "Product 9999 not found",
      ],
      [
        "an inactive product",
        () => ({ shop_id: shops["Chaweng Beach Store"], items: [line({ product_id: products["Wedding Cake"] })], ...pickupCash }),
        404,
        /not found/,
      ],
      [
        "an unknown option",
        () => ({ shop_id: shops["Chaweng Beach Store"], items: [line({ option_id: 777 })], ...pickupCash }),
        404,
        /has no option 777/,
      ],
      ["the warehouse as shop", () => ({ shop_id: 1, items: [line()], ...pickupCash }), 400, /warehouse is not a pickup shop/],
      ["an unknown shop", () => ({ shop_id: 999, items: [line()], ...pickupCash }), 404, "Shop 999 not found"],
      [
        "a shop that does not hold it",
        () => ({ shop_id: shops["Nathon Pier"], items: [line()], ...pickupCash }),
        409,
        "Not enough products in stock",
      ],
      [
        "courier without a phone",
        () => ({
          shop_id: shops["Chaweng Beach Store"],
          items: [line()],
          delivery_option: 2,
          payment_option: 1,
          delivery_address: "Villa 3",
        }),
        400,
        "Please choose delivery and payment options!",
      ],
      [
        "courier without an address or link",
        () => ({ shop_id: shops["Chaweng Beach Store"], items: [line()], delivery_option: 2, payment_option: 1, phone: "+66 81 234 5678" }),
        400,
        "Please choose delivery and payment options!",
      ],
      [
        "a payment option out of range",
        () => ({ shop_id: shops["Chaweng Beach Store"], items: [line()], delivery_option: 1, payment_option: 7 }),
        400,
        /payment_option/,
      ],
    ];
    it.each(cases)("%s", async (_name, body, status, message) => {
      const before = await store.db.selectFrom("stock").select(["shop_id", "product_id", "option_id", "amount"]).execute();
      const res = await place(alice, body());
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await countOrders()).toBe(0);
      expect(await store.db.selectFrom("stock").select(["shop_id", "product_id", "option_id", "amount"]).execute()).toEqual(before);
    });

    it("an option of another product", async () => {
      const foreign = await optionId("Northern Lights", "3.5 g");
      const res = await place(alice, { shop_id: shops["Chaweng Beach Store"], items: [line({ option_id: foreign })], ...pickupCash });
      expect(res.statusCode).toBe(404);
      expect(await countOrders()).toBe(0);
    });

    it("without a session", async () => {
      const res = await store.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { "idempotency-key": newKey() },
        payload: { shop_id: 2, items: [line()], ...pickupCash },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe("a customer's orders", () => {
  async function placeOne(who = alice, amount = 2) {
    return (
      await place(who, {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Durban Poison"], option_id: 0, amount }],
        ...pickupCash,
      })
    ).json().order as Order;
  }

  it("lists only their own, newest first", async () => {
    const a1 = await placeOne();
    const b1 = await placeOne(bob);
    const a2 = await placeOne();
    const list = (await store.app.inject({ method: "GET", url: "/api/orders", headers: bearer(alice.token) })).json().orders;
    expect(list.map((o: Order) => o.id)).toEqual([a2.id, a1.id]);
    expect(list.map((o: Order) => o.id)).not.toContain(b1.id);
  });

  it("shows each listed order exactly as the order's own page does (lines, pictures, totals), read for the page at once", async () => {
    // Three orders (the open-orders cap) of one, two and three products the shop has on its shelf.
    const names: string[] = [];
    for (const name of Object.keys(products)) if (names.length < 3 && (await stockOf("Chaweng Beach Store", name)) > 0) names.push(name);
    for (let i = 0; i < names.length; i++) {
      const res = await place(alice, {
        shop_id: shops["Chaweng Beach Store"],
        items: names.slice(0, i + 1).map((n) => ({ product_id: products[n], option_id: 0, amount: 1 })),
        ...pickupCash,
      });
      expect(res.statusCode).toBe(201);
    }
    const list = (await store.app.inject({ method: "GET", url: "/api/orders", headers: bearer(alice.token) })).json().orders as Order[];
    expect(list.length).toBe(3);
    expect(new Set(list.map((o) => o.products.length))).toEqual(new Set([1, 2, 3]));
    for (const listed of list) {
      const own = (await store.app.inject({ method: "GET", url: `/api/orders/${listed.id}`, headers: bearer(alice.token) })).json().order;
      expect(listed).toEqual(own);
    }
  });

  it("hides anyone else's order behind a 404, for reading and for canceling", async () => {
    const mine = await placeOne();
    for (const req of [
      { method: "GET" as const, url: `/api/orders/${mine.id}` },
      { method: "POST" as const, url: `/api/orders/${mine.id}/cancel` },
    ]) {
      const res = await store.app.inject({ ...req, headers: bearer(bob.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "ORDER_NOT_FOUND", message: `Order ${mine.id} not found` });
    }
    expect(
      (await store.app.inject({ method: "GET", url: `/api/orders/${mine.id}`, headers: bearer(alice.token) })).json().order.status,
    ).toBe("N");
  });

  it("cancels a new order and gives its stock back, once", async () => {
    const before = await stockOf("Chaweng Beach Store", "Durban Poison");
    const order = await placeOne();
    expect(await stockOf("Chaweng Beach Store", "Durban Poison")).toBe(before - 2);
    const res = await store.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: bearer(alice.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: "C", can_cancel: false, remaining_time: null });
    expect(await stockOf("Chaweng Beach Store", "Durban Poison")).toBe(before);

    const again = await store.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: bearer(alice.token) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order can no longer be canceled.");
    expect(await stockOf("Chaweng Beach Store", "Durban Poison")).toBe(before);
  });

  it.each(["W", "S"] as const)("refuses to cancel an order in %s", async (status) => {
    const order = await placeOne();
    await store.db.updateTable("orders").set({ status }).where("id", "=", order.id).execute();
    const stock = await stockOf("Chaweng Beach Store", "Durban Poison");
    const res = await store.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: bearer(alice.token) });
    expect(res.statusCode).toBe(409);
    expect(await stockOf("Chaweng Beach Store", "Durban Poison")).toBe(stock);
  });
});

describe("the pickup hold", () => {
  const placePickup = async () =>
    (
      await place(alice, {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Gelato #41"], option_id: 0, amount: 4 }],
        ...pickupCash,
      })
    ).json().order as Order;

  it("expires after 3 hours: canceled, stock back, customer told, exactly once", async () => {
    const before = await stockOf("Chaweng Beach Store", "Gelato #41");
    const order = await placePickup();
    now += 3 * 3600_000 - 1000;
    expect(await holds.expireHolds()).toBe(0);
    now += 2000;
    const [first, second] = await Promise.all([holds.expireHolds(), holds.expireHolds()]);
    expect(first + second).toBe(1);
    expect(await holds.expireHolds()).toBe(0);
    expect(await stockOf("Chaweng Beach Store", "Gelato #41")).toBe(before);
    const view = (await store.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: bearer(alice.token) })).json().order;
    expect(view.status).toBe("C");
    const kinds = (await store.db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).orderBy("id").execute()).map(
      (r) => r.kind,
    );
    expect(kinds).toEqual(["order_placed", "order_expired"]);
  });

  it("returns the stock once when expiry and a customer cancel race", async () => {
    const before = await stockOf("Chaweng Beach Store", "Gelato #41");
    const order = await placePickup();
    now += 3 * 3600_000 + 1000;
    const [cancel] = await Promise.all([
      store.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: bearer(alice.token) }),
      holds.expireHolds(),
    ]);
    expect([200, 409]).toContain(cancel.statusCode);
    expect(await stockOf("Chaweng Beach Store", "Gelato #41")).toBe(before);
    const events = await store.db.selectFrom("order_events").select("type").where("order_id", "=", order.id).execute();
    expect(events.filter((e) => e.type === "canceled" || e.type === "expired")).toHaveLength(1);
  });

  it("queues one reminder 30 minutes before the hold ends", async () => {
    const order = await placePickup();
    now += 2 * 3600_000 + 29 * 60_000;
    expect(await holds.remindHolds()).toBe(0);
    now += 2 * 60_000;
    expect(await holds.remindHolds()).toBe(1);
    expect(await holds.remindHolds()).toBe(0);
    const reminders = await store.db.selectFrom("outbox").selectAll().where("kind", "=", "hold_reminder").execute();
    expect(reminders.map((r) => r.order_id)).toEqual([order.id]);
  });
});

describe("why a canceled order was canceled", () => {
  const placeGelato = async (who: { token: string }) =>
    (
      await place(who, {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Gelato #41"], option_id: 0, amount: 1 }],
        ...pickupCash,
      })
    ).json().order as Order;
  const call = (method: "GET" | "POST", url: string, who: { token: string }) =>
    store.app.inject({ method, url, headers: bearer(who.token) });
  const reasonOf = async (id: number, who = alice) => (await call("GET", `/api/orders/${id}`, who)).json().order.cancel_reason;

  it("says the hold ran out, the customer canceled or the shop did: on the order's page, in the list and to staff alike", async () => {
    const expired = await placeGelato(alice);
    now += 3 * 3600_000 + 1000;
    expect(await holds.expireHolds()).toBe(1);
    const canceled = await placeGelato(alice);
    const answer = (await call("POST", `/api/orders/${canceled.id}/cancel`, alice)).json().order as Order;
    expect(answer).toMatchObject({ status: "C", cancel_reason: "customer" });
    const byShop = await placeGelato(alice);
    expect((await call("POST", `/api/admin/orders/${byShop.id}/cancel`, admin)).json().order.cancel_reason).toBe("shop");
    const open = await placeGelato(alice);
    // An admin canceling an order of their own from the staff screen cancels it as the shop.
    const adminsOwn = await placeGelato(admin);
    await call("POST", `/api/admin/orders/${adminsOwn.id}/cancel`, admin);

    expect(await reasonOf(expired.id)).toBe("expired");
    expect(await reasonOf(canceled.id)).toBe("customer");
    expect(await reasonOf(byShop.id)).toBe("shop");
    expect(await reasonOf(open.id)).toBeNull();
    expect(await reasonOf(adminsOwn.id, admin)).toBe("shop");
    const listed = (await call("GET", "/api/orders", alice)).json().orders as Order[];
    expect(listed.map((o) => [o.id, o.status, o.cancel_reason])).toEqual([
      [open.id, "N", null],
      [byShop.id, "C", "shop"],
      [canceled.id, "C", "customer"],
      [expired.id, "C", "expired"],
    ]);
    // The hand-over screen and the staff's lists read the same reason.
    const handover = (await call("GET", `/api/staff/orders/${expired.id}`, admin)).json().order;
    expect(handover).toMatchObject({ status: "C", cancel_reason: "expired" });
    const staffCanceled = (await call("GET", "/api/staff/orders?status=C", admin)).json().orders as Order[];
    expect(Object.fromEntries(staffCanceled.map((o) => [o.id, o.cancel_reason]))).toEqual({
      [expired.id]: "expired",
      [canceled.id]: "customer",
      [byShop.id]: "shop",
      [adminsOwn.id]: "shop",
    });
  });

  it("is read for a page of orders at once: one statement for its canceled orders, however many", async () => {
    const statementsToView = async () => {
      let statements = 0;
      const counting = store.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          statements++;
          return args.result;
        },
      });
      const rows = await selectOrderRowsOfUser(store.db, alice.userId, null, 20);
      await readViews(counting, rows, now);
      return statements;
    };
    const orders = [await placeGelato(alice), await placeGelato(alice), await placeGelato(alice)];
    const none = await statementsToView();
    await call("POST", `/api/orders/${orders[0]!.id}/cancel`, alice);
    const one = await statementsToView();
    await call("POST", `/api/orders/${orders[1]!.id}/cancel`, alice);
    await call("POST", `/api/orders/${orders[2]!.id}/cancel`, alice);
    expect(await statementsToView()).toBe(one);
    expect(one).toBe(none + 1);
  });
});

describe("the cart-and-shops check", () => {
  it("names the pickup shops that hold the whole cart, never the warehouse", async () => {
    const call = (items: object[]) => store.app.inject({ method: "POST", url: "/api/cart/shops", payload: { items } });
    const jack = { product_id: products["Jack Herer"], option_id: 0, amount: 10 };
    expect((await call([jack])).json().shops.map((s: { name: string }) => s.name)).toEqual(["Chaweng Beach Store", "Lamai Night Market"]);
    const withGummies = [jack, { product_id: products["Mango Sticky Gummies"], option_id: 0, amount: 1 }];
    expect((await call(withGummies)).json().shops.map((s: { name: string }) => s.name)).toEqual(["Lamai Night Market"]);
    expect((await call([{ ...jack, amount: 500 }])).json().shops).toEqual([]);
    expect((await call([{ ...jack, option_id: 4242 }])).statusCode).toBe(404);
    expect((await call([])).statusCode).toBe(400);
  });
});
