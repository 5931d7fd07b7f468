/**
 * Promo codes over the API (issue 25): the admin's create, list, edit, disable; bad input refused with a 4xx
 * that names it and stores nothing; the cart's check answering each reason; a placement with `promo_code`
 * showing the code and the discounted total; who may call each route.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let admin: string;
let alice: { token: string; userId: number };
let chaweng: number;
let lamai: number;
let product: number;
let price: number;
let keys = 0;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "1000" } });
  admin = (await signInCustomer(store.app, 1000, "Boss")).token;
  alice = await signInCustomer(store.app, 9001, "Alice");
  const shops = await shopIdsByName(store.db);
  chaweng = shops["Chaweng Beach Store"]!;
  lamai = shops["Lamai Night Market"]!;
  product = (await productIdsByName(store.db))["Jack Herer"]!;
  await store.db.updateTable("stock").set({ amount: 500 }).where("product_id", "=", product).execute();
  price = (
    await store.db
      .selectFrom("product_options")
      .select("per_price")
      .where("product_id", "=", product)
      .where("option_id", "=", 0)
      .executeTakeFirstOrThrow()
  ).per_price;
});
afterAll(() => store.close());
beforeEach(async () => {
  await store.db.deleteFrom("promo_uses").execute();
  await store.db.deleteFrom("promo_shops").execute();
  await store.db.deleteFrom("promos").execute();
});

const createPromo = (payload: object, token = admin) =>
  store.app.inject({ method: "POST", url: "/api/admin/promos", headers: bearer(token), payload });
const items = (amount = 1) => [{ product_id: product, option_id: 0, amount }];
const check = (code: string, opts: { shop?: number; amount?: number; token?: string; lang?: string } = {}) =>
  store.app.inject({
    method: "POST",
    url: "/api/promos/check",
    headers: { ...bearer(opts.token ?? alice.token), ...(opts.lang ? { "accept-language": opts.lang } : {}) },
    payload: { code, shop_id: opts.shop ?? chaweng, items: items(opts.amount) },
  });
const placeWith = (code: string | undefined, token = alice.token, amount = 1) =>
  store.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...bearer(token), "idempotency-key": `promo-api-${++keys}` },
    payload: { shop_id: chaweng, items: items(amount), delivery_option: 1, payment_option: 1, ...(code ? { promo_code: code } : {}) },
  });
const promoCount = async () => (await store.db.selectFrom("promos").select("id").execute()).length;

describe("the admin's codes", () => {
  it("two admins renaming two codes to one new code at once: one is renamed, the other told the code is taken (never a 500)", async () => {
    const a = (await createPromo({ code: "alpha1", percent: 5 })).json().promo.id;
    const b = (await createPromo({ code: "beta22", percent: 5 })).json().promo.id;
    const rename = (id: number) =>
      store.app.inject({ method: "PUT", url: `/api/admin/promos/${id}`, headers: bearer(admin), payload: { code: "same33", percent: 5 } });
    for (let round = 0; round < 5; round++) {
      await store.db.updateTable("promos").set({ code: "ALPHA1" }).where("id", "=", a).execute();
      await store.db.updateTable("promos").set({ code: "BETA22" }).where("id", "=", b).execute();
      const answers = await Promise.all([rename(a), rename(b)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: "PROMO_CODE_TAKEN" });
      const codes = (await store.db.selectFrom("promos").select("code").execute()).map((r) => r.code).sort();
      expect(codes.filter((c) => c === "SAME33")).toHaveLength(1);
    }
  });

  it("the list pages newest first: every code once across the pages, a bad cursor or limit is a 400", async () => {
    for (const code of ["PAGE1", "PAGE2", "PAGE3", "PAGE4", "PAGE5"]) {
      expect((await createPromo({ code, percent: 5 })).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? "limit=2" : `limit=2&cursor=${cursor}`;
      const page = await store.app.inject({ method: "GET", url: `/api/admin/promos?${query}`, headers: bearer(admin) });
      expect(page.statusCode).toBe(200);
      const body = page.json() as { promos: { code: string }[]; next_cursor: number | null };
      expect(body.promos.length).toBeLessThanOrEqual(2);
      seen.push(...body.promos.map((p) => p.code));
      cursor = body.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(seen.filter((code) => code.startsWith("PAGE"))).toEqual(["PAGE5", "PAGE4", "PAGE3", "PAGE2", "PAGE1"]);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (const query of ["limit=0", "limit=101", "cursor=abc", "cursor=-1"]) {
      const bad = await store.app.inject({ method: "GET", url: `/api/admin/promos?${query}`, headers: bearer(admin) });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
  });

  it("create answers the promo with its id; list, edit, disable and enable follow", async () => {
    const created = await createPromo({ code: "welcome5", percent: 5, shop_ids: [chaweng], valid_to: "2027-01-01T00:00:00+07:00" });
    expect(created.statusCode).toBe(201);
    const promo = created.json().promo;
    expect(promo).toMatchObject({ id: expect.any(Number), code: "WELCOME5", percent: 5, amount: null, shop_ids: [chaweng], uses: 0 });
    expect(promo.valid_to).toBe("2026-12-31T17:00:00.000Z");

    const list = await store.app.inject({ method: "GET", url: "/api/admin/promos", headers: bearer(admin) });
    expect(list.json().promos.map((p: { code: string }) => p.code)).toEqual(["WELCOME5"]);

    const edited = await store.app.inject({
      method: "PUT",
      url: `/api/admin/promos/${promo.id}`,
      headers: bearer(admin),
      payload: { code: "WELCOME5", amount: 40, min_total: 200 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().promo).toMatchObject({ percent: null, amount: 40, min_total: 200, shop_ids: [], valid_to: null });

    const disabled = await store.app.inject({ method: "POST", url: `/api/admin/promos/${promo.id}/disable`, headers: bearer(admin) });
    expect(disabled.json().promo.is_disabled).toBe(true);
    expect((await check("WELCOME5")).json()).toMatchObject({ valid: false, reason: "unknown" });
    await store.app.inject({ method: "POST", url: `/api/admin/promos/${promo.id}/enable`, headers: bearer(admin) });
    expect((await check("welcome5", { amount: 2 })).json()).toMatchObject({ valid: true, discount: 40 });
  });

  it("a second code of the same letters in any case is a 409, and nothing more is stored", async () => {
    await createPromo({ code: "TWICE", percent: 5 });
    const again = await createPromo({ code: "twice", percent: 7 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "PROMO_CODE_TAKEN", message: "There is a promo code TWICE already." });
    expect(await promoCount()).toBe(1);
  });

  it.each([
    ["a code with spaces", { code: "SAVE 10", percent: 10 }],
    ["a code of 200 characters", { code: "S".repeat(200), percent: 10 }],
    ["a percent of 0", { code: "SAVE", percent: 0 }],
    ["a percent of 100", { code: "SAVE", percent: 100 }],
    ["a fixed amount above the minimum order", { code: "SAVE", amount: 500, min_total: 300 }],
    ["from after to", { code: "SAVE", percent: 5, valid_from: "2026-12-10T00:00:00+07:00", valid_to: "2026-12-01T00:00:00+07:00" }],
    ["a shop that does not exist", { code: "SAVE", percent: 5, shop_ids: [999_999] }],
  ])("refuses %s with a clear 4xx and stores nothing", async (_name, payload) => {
    const res = await createPromo(payload);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(res.json().message.length).toBeGreaterThan(10);
    expect(await promoCount()).toBe(0);
  });

  it("says a refusal in the admin's language", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/admin/promos",
      headers: { ...bearer(admin), "accept-language": "ru" },
      payload: { code: "SAVE", percent: 100 },
    });
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: "Процент — целое число от 1 до 90." });
  });
});

describe("the cart's check", () => {
  it("answers the discount a code would give this cart", async () => {
    await createPromo({ code: "TENOFF", percent: 10 });
    expect((await check("tenoff", { amount: 3 })).json()).toEqual({
      valid: true,
      code: "TENOFF",
      total: 3 * price,
      discount: 3 * price - Math.round((3 * price * 90) / 100),
      discounted_total: Math.round((3 * price * 90) / 100),
    });
  });

  it("answers each reason it gives nothing, in the caller's words", async () => {
    await createPromo({ code: "ELSEWHERE", percent: 5, shop_ids: [lamai] });
    await createPromo({ code: "LATER", percent: 5, valid_from: "2099-01-01T00:00:00+07:00" });
    await createPromo({ code: "GONE", percent: 5, valid_to: "2020-01-01T00:00:00+07:00" });
    await createPromo({ code: "BIG", amount: 10, min_total: 100 * price });
    await createPromo({ code: "FIRST", percent: 5, first_order_only: true });
    await createPromo({ code: "MINE", percent: 5, once_per_customer: true });
    await createPromo({ code: "ONEUSE", percent: 5, max_uses: 1 });
    const bob = await signInCustomer(store.app, 9002, "Bob");
    expect((await placeWith("MINE", bob.token)).statusCode).toBe(201);
    expect((await placeWith("ONEUSE")).statusCode).toBe(201);
    // Bob has an order now, so FIRST is no longer for him.
    const reasons = {
      NOPE: "unknown",
      ELSEWHERE: "not_at_this_shop",
      LATER: "not_yet_valid",
      GONE: "expired",
      FIRST: "first_order_only",
      MINE: "already_used",
      BIG: "minimum_not_reached",
      ONEUSE: "used_up",
    };
    for (const [code, reason] of Object.entries(reasons)) {
      const res = await check(code, { token: bob.token });
      expect(res.statusCode).toBe(200);
      expect(res.json(), code).toMatchObject({ valid: false, code, reason, message: expect.stringContaining(code) });
    }
    const russian = (await check("BIG", { token: bob.token, lang: "ru" })).json().message;
    expect(russian).toBe(`Промокод BIG действует на заказ от ${100 * price} бат.`);
  });
});

describe("placing with a code", () => {
  it("the order shows the code, its total and the discounted total, to the customer and on the hand-over", async () => {
    await createPromo({ code: "FIFTY", amount: 50, min_total: 100 });
    const placed = await placeWith("fifty", alice.token, 2);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    const shown = { total_price: 2 * price, discounted_price: 2 * price - 50, promo: { code: "FIFTY", discount: 50 } };
    expect(order).toMatchObject(shown);
    const read = await store.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: bearer(alice.token) });
    expect(read.json().order.promo).toEqual({ code: "FIFTY", discount: 50 });
    const staff = await store.app.inject({ method: "GET", url: `/api/staff/orders/${order.id}`, headers: bearer(admin) });
    expect(staff.json().order).toMatchObject(shown);
  });

  it("a refused code places nothing: a 409 saying why", async () => {
    await createPromo({ code: "ONCEONLY", percent: 5, max_uses: 1 });
    expect((await placeWith("ONCEONLY")).statusCode).toBe(201);
    const ordersBefore = (await store.db.selectFrom("orders").select("id").execute()).length;
    const refused = await placeWith("ONCEONLY");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "PROMO_USED_UP", message: "Promo code ONCEONLY has been used up." });
    expect((await store.db.selectFrom("orders").select("id").execute()).length).toBe(ordersBefore);
    expect((await placeWith("NOSUCH")).json().error).toBe("PROMO_UNKNOWN");
  });
});

describe("who may call", () => {
  const routes = [
    { method: "GET", url: "/api/admin/promos" },
    { method: "POST", url: "/api/admin/promos" },
    { method: "PUT", url: "/api/admin/promos/1" },
    { method: "POST", url: "/api/admin/promos/1/disable" },
    { method: "POST", url: "/api/admin/promos/1/enable" },
  ] as const;
  it("signed out: 401 on every promo route, the check included, before any body check", async () => {
    for (const route of [...routes, { method: "POST", url: "/api/promos/check" } as const]) {
      const res = await store.app.inject({ ...route, payload: { code: "bad code" } });
      expect(res.statusCode, route.url).toBe(401);
    }
  });
  it("a customer: 403 on the admin's routes before any body check, and nothing stored", async () => {
    for (const route of routes) {
      const res = await store.app.inject({ ...route, headers: bearer(alice.token), payload: { code: "bad code", percent: 100 } });
      expect(res.statusCode, route.url).toBe(403);
    }
    expect(await promoCount()).toBe(0);
  });
});
