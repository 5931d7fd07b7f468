/**
 * Promo codes under concurrency and through an order's life (issue 25), on SQLite and PostgreSQL: the last use
 * goes to exactly one of ten placements at once, a once-per-customer code to one of a customer's placements at
 * once, a canceled or expired order gives its use back, an admin discount replaces the code, and what the
 * statistics and the referrer's 3% count is what the customer paid.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DomainError } from "../../../server/domain/errors";
import type { PlaceOrderBody } from "../../../server/domain/contracts/orders";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const ADMIN_TG = 1000;
let store: TestStore;
let nowMs = Date.parse("2026-12-01T05:00:00.000Z");
let shopId: number;
let productId: number;
let price: number;

beforeEach(async () => {
  nowMs = Date.parse("2026-12-01T05:00:00.000Z");
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => nowMs });
  shopId = (await shopIdsByName(store.db))["Chaweng Beach Store"]!;
  productId = (await productIdsByName(store.db))["Jack Herer"]!;
  await store.db.updateTable("stock").set({ amount: 500 }).where("shop_id", "=", shopId).where("product_id", "=", productId).execute();
  price = (
    await store.db
      .selectFrom("product_options")
      .select("per_price")
      .where("product_id", "=", productId)
      .where("option_id", "=", 0)
      .executeTakeFirstOrThrow()
  ).per_price;
});
afterEach(() => store.close());

const services = () => store.app.services;

function body(promo_code: string | undefined, amount = 1): PlaceOrderBody {
  return { shop_id: shopId, items: [{ product_id: productId, option_id: 0, amount }], delivery_option: 1, payment_option: 1, promo_code };
}

async function place(userId: number, key: string, code: string | undefined, amount = 1) {
  return services().orders.placeOrder({ userId, idempotencyKey: key, body: body(code, amount) });
}

/** The outcome of a placement: the order, or the `error` code of its refusal. */
async function outcome(run: Promise<{ order: { id: number } }>): Promise<{ id: number } | string> {
  try {
    return (await run).order;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

async function customers(n: number, first = 50_000) {
  const all = [];
  for (let i = 0; i < n; i++) all.push(await signInCustomer(store.app, first + i, "Customer", nowMs));
  return all;
}

const usesOf = async (code: string) =>
  (await store.db.selectFrom("promos").select("uses").where("code", "=", code).executeTakeFirstOrThrow()).uses;

describe("the last use of a code", () => {
  it("goes to exactly one of 10 placements at once; the 9 others are told it is used up and place nothing", async () => {
    await services().promos.create({ code: "LAST1", percent: 10, max_uses: 1 });
    const people = await customers(10);
    const ordersBefore = (await store.db.selectFrom("orders").select("id").execute()).length;
    const results = await Promise.all(people.map((c, i) => outcome(place(c.userId, `race-key-${i}`, "last1"))));

    const placed = results.filter((r) => typeof r !== "string");
    expect(placed).toHaveLength(1);
    expect(results.filter((r) => r === "PROMO_USED_UP")).toHaveLength(9);
    expect(await usesOf("LAST1")).toBe(1);
    expect((await store.db.selectFrom("orders").select("id").execute()).length).toBe(ordersBefore + 1);
    const uses = await store.db.selectFrom("promo_uses").selectAll().execute();
    expect(uses.map((u) => u.order_id)).toEqual([(placed[0] as { id: number }).id]);
    // Those refused keep their cart: the same cart without the code is placed.
    const refused = people[results.findIndex((r) => r === "PROMO_USED_UP")]!;
    expect(typeof (await outcome(place(refused.userId, "race-again-1", undefined)))).toBe("object");
  });

  it("with 3 uses left, 10 placements at once get exactly 3", async () => {
    await services().promos.create({ code: "THREE", amount: 50, min_total: 100, max_uses: 3 });
    const people = await customers(10, 51_000);
    const results = await Promise.all(people.map((c, i) => outcome(place(c.userId, `three-key-${i}`, "THREE"))));
    expect(results.filter((r) => typeof r !== "string")).toHaveLength(3);
    expect(results.filter((r) => r === "PROMO_USED_UP")).toHaveLength(7);
    expect(await usesOf("THREE")).toBe(3);
  });
});

describe("a once-per-customer code", () => {
  it("goes to one of a customer's placements at once; the others are told it was used", async () => {
    await services().promos.create({ code: "ONCE", percent: 20, once_per_customer: true });
    const [alice] = await customers(1, 52_000);
    const results = await Promise.all(Array.from({ length: 3 }, (_, i) => outcome(place(alice!.userId, `once-key-${i}`, "once"))));
    expect(results.filter((r) => typeof r !== "string")).toHaveLength(1);
    expect(results.filter((r) => r === "PROMO_ALREADY_USED")).toHaveLength(2);
    expect(await usesOf("ONCE")).toBe(1);
    // Another customer still gets it.
    const [bob] = await customers(1, 52_100);
    expect(typeof (await outcome(place(bob!.userId, "once-bob-1", "ONCE")))).toBe("object");
  });
});

describe("a first-order code", () => {
  it("goes to one of a new customer's placements at once; the others are told it is for a first order only", async () => {
    await services().promos.create({ code: "HELLO", percent: 15, first_order_only: true });
    const [newcomer] = await customers(1, 52_500);
    const results = await Promise.all(Array.from({ length: 3 }, (_, i) => outcome(place(newcomer!.userId, `first-key-${i}`, "HELLO"))));
    expect(results.filter((r) => typeof r !== "string")).toHaveLength(1);
    expect(results.filter((r) => r === "PROMO_FIRST_ORDER_ONLY")).toHaveLength(2);
  });
});

describe("an order that ends gives its use back", () => {
  it("canceled by its customer: the use returns and the customer may use a once-per-customer code again", async () => {
    await services().promos.create({ code: "BACK", percent: 10, max_uses: 1, once_per_customer: true });
    const [alice, bob] = await customers(2, 53_000);
    const first = await place(alice!.userId, "back-key-1", "BACK");
    expect(first.order.promo).toEqual({ code: "BACK", discount: price - Math.round((price * 90) / 100) });
    expect(await outcome(place(bob!.userId, "back-key-2", "BACK"))).toBe("PROMO_USED_UP");

    await services().orders.cancelOrder(alice!.userId, first.order.id);
    expect(await usesOf("BACK")).toBe(0);
    const again = await place(alice!.userId, "back-key-3", "BACK");
    expect(again.order.promo?.code).toBe("BACK");
  });

  it("canceled by an admin or expired: the use returns each time", async () => {
    await services().promos.create({ code: "EXPIRY", percent: 10, max_uses: 1 });
    const admin = await signInCustomer(store.app, ADMIN_TG, "Boss", nowMs);
    const [alice] = await customers(1, 54_000);
    const one = await place(alice!.userId, "expiry-key-1", "EXPIRY");
    await services().handover.cancel(admin.userId, one.order.id);
    expect(await usesOf("EXPIRY")).toBe(1 - 1);

    const two = await place(alice!.userId, "expiry-key-2", "EXPIRY");
    expect(await usesOf("EXPIRY")).toBe(1);
    nowMs += 10 * 24 * 3600_000; // past any hold
    // The code is open-ended, so only its use moves.
    expect(await services().holds.expireHolds()).toBeGreaterThanOrEqual(1);
    expect((await services().orders.getOrder(alice!.userId, two.order.id)).status).toBe("C");
    expect(await usesOf("EXPIRY")).toBe(0);
  });
});

describe("an admin discount", () => {
  it("replaces the code: the price follows the admin's percent alone and the code's use goes back", async () => {
    await services().promos.create({ code: "STACK", amount: 100, min_total: 100, max_uses: 5 });
    const admin = await signInCustomer(store.app, ADMIN_TG, "Boss", nowMs);
    const [alice] = await customers(1, 55_000);
    const placed = await place(alice!.userId, "stack-key-1", "STACK", 2);
    expect(placed.order.discounted_price).toBe(2 * price - 100);
    await services().handover.setDiscount(admin.userId, placed.order.id, 10);
    const order = await services().orders.getOrder(alice!.userId, placed.order.id);
    expect(order.discounted_price).toBe(Math.round((2 * price * 90) / 100));
    expect(order.promo).toBeNull();
    expect(await usesOf("STACK")).toBe(0);
  });
});

describe("what was paid", () => {
  it("is what the statistics, the referrer's 3% and the promo list count", async () => {
    await services().promos.create({ code: "PAID", amount: 100, min_total: 100 });
    const admin = await signInCustomer(store.app, ADMIN_TG, "Boss", nowMs);
    const partner = await signInCustomer(store.app, 56_000, "Partner", nowMs);
    const [alice] = await customers(1, 56_100);
    const { reflink } = await store.db.selectFrom("users").select("reflink").where("id", "=", partner.userId).executeTakeFirstOrThrow();
    await services().partner.joinWith(alice!.userId, reflink, "link");
    const placed = await place(alice!.userId, "paid-key-1", "PAID", 4);
    const paid = 4 * price - 100;
    expect(placed.order).toMatchObject({ total_price: 4 * price, discounted_price: paid, promo: { code: "PAID", discount: 100 } });
    await services().handover.finish(admin.userId, placed.order.id, "cash");

    const day = new Date(nowMs).toISOString().slice(0, 10);
    const stats = await services().stats.compute({ from: day, to: day });
    expect(stats.totals.total_sales_discounted_price).toBe(paid);
    const income = await store.db
      .selectFrom("bonus_ledger")
      .select("amount")
      .where("user_id", "=", partner.userId)
      .where("order_id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
    expect(income.amount).toBe(Math.floor((paid * store.config.referralRatePercent) / 100));
    const {
      promos: [listed],
    } = await services().promos.list({});
    expect(listed).toMatchObject({ code: "PAID", uses: 1, completed_orders: 1, revenue: paid });
  });
});
