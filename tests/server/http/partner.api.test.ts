/**
 * The referral programme and the bonus wallet over HTTP on a real SQLite database (issue 13): views,
 * registration at sign-in with every refusal, the 3% that arrives exactly once, the partner's figures equal
 * to sums taken straight from the ledger, admin corrections, and bad input.
 */
import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { signInitData } from "../../../server/services/telegramInitData";
import { makeTestStore, shopIdsByName, type TestStore } from "../../helpers/app";
import { placedOrder } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let productId: number;
let keys = 0;
let telegramIds = 50_000;

const PRICE = 1_234;

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "1000", BOT_USERNAME: "samui_store_bot" } });
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, 1000, "Boss");
  manager = await signInCustomer(store.app, 2001, "Mali");
  await store.app.inject({
    method: "POST",
    url: `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`,
    headers: bearer(admin.token),
    payload: { telegram_id: 2001, role: "manager" },
  });
  productId = await productPriced(PRICE, 10_000);
  return () => store.close();
});

/** A product of its own price, with plenty of stock at the Chaweng shop. */
async function productPriced(price: number, stock: number): Promise<number> {
  const { id } = await store.db
    .insertInto("products")
    .values({ name: `Test ${price}`, category_id: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await store.db
    .insertInto("product_options")
    .values({ product_id: id, option_id: 0, per_price: price, cost_price: Math.floor(price / 2) })
    .execute();
  await store.db
    .insertInto("stock")
    .values({ shop_id: shops["Chaweng Beach Store"]!, product_id: id, option_id: 0, amount: stock })
    .execute();
  return id;
}

/** A Telegram sign-in, with a start_param when given (the referral code of a startapp link). */
async function telegramSignIn(
  startParam?: string,
  id = ++telegramIds,
): Promise<{ token: string; userId: number; reflink: string; telegramId: number }> {
  const fields: Record<string, string> = {
    auth_date: String(Math.floor(Date.now() / 1000)),
    user: JSON.stringify({ id, first_name: `U${id}` }),
  };
  if (startParam !== undefined) fields.start_param = startParam;
  const res = await store.app.inject({
    method: "POST",
    url: "/api/auth/telegram",
    payload: { initData: signInitData(fields, TEST_BOT_TOKEN) },
  });
  expect(res.statusCode).toBe(200);
  const { token, user } = res.json();
  return { token, userId: user.userId, reflink: user.ref, telegramId: id };
}

async function place(who: { token: string }, product = productId, amount = 1): Promise<number> {
  const line = { shopId: shops["Chaweng Beach Store"]!, productId: product, amount };
  return (await placedOrder(store.app, who.token, `partner-${++keys}-key`, line)).id;
}

const finish = (orderId: number, by: "cash" | "bonus" = "cash") =>
  store.app.inject({ method: "POST", url: `/api/staff/orders/${orderId}/finish`, headers: bearer(manager.token), payload: { by } });

const get = (url: string, token: string) => store.app.inject({ method: "GET", url, headers: bearer(token) });

async function partnerOf(userId: number) {
  return (await store.db.selectFrom("referrals").select("partner_id").where("user_id", "=", userId).executeTakeFirst())?.partner_id ?? null;
}

async function ledgerOf(userId: number) {
  return store.db.selectFrom("bonus_ledger").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

describe("registration at sign-in", () => {
  it("registers a Telegram user from the start_param of a startapp link, once", async () => {
    const a = await telegramSignIn();
    const b = await telegramSignIn(a.reflink);
    expect(await partnerOf(b.userId)).toBe(a.userId);
    // A later sign-in with another code changes nothing.
    const c = await telegramSignIn();
    await telegramSignIn(c.reflink, b.telegramId);
    expect(await partnerOf(b.userId)).toBe(a.userId);
  });

  it("refuses, silently, the own code, a second referrer, 2- and 3-cycles, an unknown code, and a customer who already " +
    "bought", async () => {
    const a = await telegramSignIn();
    // Own code: sign in again as A with A's code.
    await telegramSignIn(a.reflink, a.telegramId);
    expect(await partnerOf(a.userId)).toBeNull();

    const b = await telegramSignIn(a.reflink); // B referred by A
    const c = await telegramSignIn(b.reflink); // C referred by B
    expect([await partnerOf(b.userId), await partnerOf(c.userId)]).toEqual([a.userId, b.userId]);
    // 2-cycle: A signing in with B's code; 3-cycle: A with C's code.
    await telegramSignIn(b.reflink, a.telegramId);
    await telegramSignIn(c.reflink, a.telegramId);
    expect(await partnerOf(a.userId)).toBeNull();

    const d = await telegramSignIn("nosuchcode");
    expect(await partnerOf(d.userId)).toBeNull();

    // A customer who completed an order before the code arrived is nobody's referral.
    const e = await telegramSignIn();
    await finish(await place(e));
    await telegramSignIn(a.reflink, e.telegramId);
    expect(await partnerOf(e.userId)).toBeNull();
    expect(await store.db.selectFrom("referrals").select("user_id").execute()).toHaveLength(2);
  });

  it("a forged start_param (the signature fails) signs nobody in and registers nothing", async () => {
    const a = await telegramSignIn();
    const initData = signInitData(
      { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: 77_777, first_name: "F" }) },
      TEST_BOT_TOKEN,
    );
    const forged = `${initData}&start_param=${a.reflink}`;
    const res = await store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData: forged } });
    expect(res.statusCode).toBe(401);
    expect(await store.db.selectFrom("referrals").selectAll().execute()).toEqual([]);
  });
});

describe("registration after sign-in", () => {
  it("registers a signed-in customer's stored code through POST /api/partner/referrer, by the same rules, always 204", async () => {
    const a = await telegramSignIn();
    const b = await telegramSignIn();
    const c = await telegramSignIn();
    const refer = (who: { token: string }, code: string) =>
      store.app.inject({ method: "POST", url: "/api/partner/referrer", headers: bearer(who.token), payload: { code } });
    expect((await refer(b, a.reflink)).statusCode).toBe(204);
    expect(await partnerOf(b.userId)).toBe(a.userId);
    expect((await refer(b, c.reflink)).statusCode).toBe(204); // a second referrer: silently nothing
    expect((await refer(a, b.reflink)).statusCode).toBe(204); // a cycle: silently nothing
    expect(await partnerOf(b.userId)).toBe(a.userId);
    expect(await partnerOf(a.userId)).toBeNull();
    expect((await refer(c, "../../x")).statusCode).toBe(400);
    expect((await store.app.inject({ method: "POST", url: "/api/partner/referrer", payload: { code: a.reflink } })).statusCode).toBe(401);
  });

  it("registrations racing to close a ring (A→B, B→C, C→D, D→A at once): never a cycle, one user stays unreferred", async () => {
    const ring = [await telegramSignIn(), await telegramSignIn(), await telegramSignIn(), await telegramSignIn()];
    const refer = (who: { token: string }, code: string) =>
      store.app.inject({ method: "POST", url: "/api/partner/referrer", headers: bearer(who.token), payload: { code } });
    const answers = await Promise.all(ring.map((who, i) => refer(who, ring[(i + 1) % ring.length]!.reflink)));
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
    const partners = await Promise.all(ring.map((who) => partnerOf(who.userId)));
    expect(partners.filter((p) => p === null)).toHaveLength(1);
    // Following referrers from anyone ends at the one left out.
    for (const start of ring) {
      const seen = new Set<number>();
      let current: number | null = start.userId;
      while (current !== null) {
        expect(seen.has(current)).toBe(false);
        seen.add(current);
        current = await partnerOf(current);
      }
    }
  });

  it("counts a Telegram open with start_param as a view of the link", async () => {
    const a = await telegramSignIn();
    await telegramSignIn(a.reflink);
    await telegramSignIn(a.reflink);
    expect((await get("/api/partner", a.token)).json()).toMatchObject({ views: 2, referrals: 2, conversion: 100 });
  });
});

describe("views", () => {
  it("counts one view per viewer per link per day; a flood of 1000 calls from one client is one view", async () => {
    const a = await telegramSignIn();
    const view = (headers: Record<string, string> = {}) =>
      store.app.inject({ method: "POST", url: `/api/ref/${a.reflink}/view`, headers: { "user-agent": "PhoneBrowser/1", ...headers } });
    const answers = await Promise.all(Array.from({ length: 1000 }, () => view()));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([204]));
    await view({ "user-agent": "OtherPhone/2" });
    const b = await telegramSignIn();
    await view(bearer(b.token));
    await view(bearer(b.token));
    await view(bearer(a.token)); // the owner's own view counts nothing
    expect((await get("/api/partner", a.token)).json().views).toBe(3);
  });

  it("answers an unknown code 204 counting nothing, and a malformed one 400", async () => {
    expect((await store.app.inject({ method: "POST", url: "/api/ref/unknowncode/view" })).statusCode).toBe(204);
    // Fastify refuses a path parameter that long before any handler: 414 URI Too Long.
    expect((await store.app.inject({ method: "POST", url: `/api/ref/${"a".repeat(10_000)}/view` })).statusCode).toBe(414);
    expect((await store.app.inject({ method: "POST", url: `/api/ref/${"a".repeat(40)}/view` })).statusCode).toBe(400);
    expect((await store.app.inject({ method: "POST", url: `/api/ref/${encodeURIComponent("кириллица")}/view` })).statusCode).toBe(400);
    expect((await store.app.inject({ method: "POST", url: "/api/ref/..%2F..%2Fetc/view" })).statusCode).toBe(400);
    expect(await store.db.selectFrom("referral_views").selectAll().execute()).toEqual([]);
  });
});

describe("GET /api/referrals/codes/:code", () => {
  const check = (code: string, headers: Record<string, string> = {}) =>
    store.app.inject({ method: "GET", url: `/api/referrals/codes/${code}`, headers });

  it("answers a code someone has 200 with it, to anyone, and counts no view", async () => {
    const a = await telegramSignIn();
    const answer = await check(a.reflink);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: a.reflink });
    expect((await check(a.reflink, bearer(manager.token))).json()).toEqual({ code: a.reflink });
    expect((await get("/api/partner", a.token)).json().views).toBe(0);
  });

  it("answers an unknown code 404 in the caller's language, a malformed one 400", async () => {
    const a = await telegramSignIn();
    const unknown = await check("no-such-page");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "REFERRAL_CODE_NOT_FOUND", message: "Referral code no-such-page not found" });
    // Codes are told apart exactly, as they are registered.
    expect((await check(a.reflink.toUpperCase())).statusCode).toBe(404);
    expect((await check("no-such-page", { "accept-language": "ru" })).json().message).toBe("Реферальный код no-such-page не найден");
    const malformed = await check("a".repeat(40));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: "VALIDATION_ERROR" });
    expect((await check(encodeURIComponent("кириллица"))).statusCode).toBe(400);
  });
});

describe("the 3% income", () => {
  it("50 referred orders completed concurrently: exactly 50 incomes summing to the hand-computed 3%; a second completion adds " +
    "nothing", async () => {
    const a = await telegramSignIn();
    const orders: { id: number; paid: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const buyer = await telegramSignIn(a.reflink);
      const amount = 1 + (i % 3);
      orders.push({ id: await place(buyer, productId, amount), paid: PRICE * amount });
    }
    const answers = await Promise.all(orders.map((o) => finish(o.id)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    await Promise.all(orders.map((o) => finish(o.id)));

    const incomes = (await ledgerOf(a.userId)).filter((e) => e.type === "income");
    expect(incomes).toHaveLength(50);
    const expected = orders.reduce((sum, o) => sum + Math.floor((o.paid * 3) / 100), 0);
    expect(incomes.reduce((sum, e) => sum + e.amount, 0)).toBe(expected);
    const summary = (await get("/api/partner", a.token)).json();
    expect(summary).toMatchObject({ referrals: 50, balance: expected, income_sum: expected, exp_sum: 0, rate_percent: 3 });
    expect(summary.telegram_link).toBe(`https://t.me/samui_store_bot?startapp=${a.reflink}`);
    // The referrer is told, once per order.
    expect(
      await store.db.selectFrom("outbox").select("id").where("kind", "=", "referral_income").where("user_id", "=", a.userId).execute(),
    ).toHaveLength(50);
  });

  it("an order paid wholly with bonus earns nothing; one paid in cash earns 3% rounded down", async () => {
    const a = await telegramSignIn();
    const b = await telegramSignIn(a.reflink);
    const cash = await place(b);
    await finish(cash);
    expect((await ledgerOf(a.userId)).map((e) => e.amount)).toEqual([Math.floor((PRICE * 3) / 100)]);
    await store.app.inject({
      method: "POST",
      url: `/api/admin/users/${b.userId}/bonus`,
      headers: bearer(admin.token),
      payload: { amount: PRICE, reason: "test credit" },
    });
    const bonus = await place(b);
    expect((await finish(bonus, "bonus")).statusCode).toBe(200);
    expect(await ledgerOf(a.userId)).toHaveLength(1);
  });
});

describe("the bonus wallet", () => {
  it("a balance of 100 and two bonus payments of 80 racing: one succeeds, the balance is 20", async () => {
    const cheap = await productPriced(80, 100);
    const c = await telegramSignIn();
    expect(
      (
        await store.app.inject({
          method: "POST",
          url: `/api/admin/users/${c.userId}/bonus`,
          headers: bearer(admin.token),
          payload: { amount: 100, reason: "welcome" },
        })
      ).json(),
    ).toEqual({
      balance: 100,
    });
    const first = await place(c, cheap);
    const second = await place(c, cheap);
    const answers = await Promise.all([finish(first, "bonus"), finish(second, "bonus")]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const wallet = (await get("/api/partner/ledger", c.token)).json();
    expect(wallet).toMatchObject({ balance: 20, income_sum: 100, exp_sum: 80 });
    expect((await get("/api/me", c.token)).json().user.balance).toBe(20);
  });

  it("an admin corrects a balance with a signed entry and a reason; never below zero; nobody else may", async () => {
    const c = await telegramSignIn();
    const adjust = (token: string, body: object, id = c.userId) =>
      store.app.inject({ method: "POST", url: `/api/admin/users/${id}/bonus`, headers: bearer(token), payload: body });
    expect((await adjust(admin.token, { amount: 50, reason: "goodwill" })).json()).toEqual({ balance: 50 });
    expect((await adjust(admin.token, { amount: -20, reason: "mistake" })).json()).toEqual({ balance: 30 });
    expect((await adjust(admin.token, { amount: -31, reason: "too much" })).json()).toMatchObject({ error: "BALANCE_NEGATIVE" });
    expect((await adjust(admin.token, { amount: 0, reason: "nothing" })).statusCode).toBe(400);
    expect((await adjust(admin.token, { amount: 1.5, reason: "half" })).statusCode).toBe(400);
    expect((await adjust(admin.token, { amount: 5 })).statusCode).toBe(400);
    expect((await adjust(admin.token, { amount: 5, reason: "nobody" }, 999_999)).statusCode).toBe(404);
    expect((await adjust(c.token, { amount: 500, reason: "for me" })).json()).toEqual({
      error: "FORBIDDEN",
      message: "Отказано в доступе.",
    });
    expect((await adjust(manager.token, { amount: 500, reason: "for me" })).statusCode).toBe(403);
    const entries = await ledgerOf(c.userId);
    expect(entries.map((e) => [e.type, e.amount, e.reason, e.actor_user_id])).toEqual([
      ["income", 50, "goodwill", admin.userId],
      ["exp", 20, "mistake", admin.userId],
    ]);
  });
});

describe("the partner's figures", () => {
  it("equal sums taken from the ledger on every screen: summary, history, referrals, one referral", async () => {
    const a = await telegramSignIn();
    const active = await telegramSignIn(a.reflink);
    const passive = await telegramSignIn(a.reflink);
    for (let i = 0; i < 3; i++) await finish(await place(active, productId, i + 1));
    await store.app.inject({ method: "POST", url: `/api/ref/${a.reflink}/view`, headers: { "user-agent": "x" } });
    await store.app.inject({ method: "POST", url: `/api/ref/${a.reflink}/view`, headers: { "user-agent": "y" } });
    await store.app.inject({ method: "POST", url: `/api/ref/${a.reflink}/view`, headers: { "user-agent": "z" } });
    // A spends some of it on an order of its own.
    const spend = await productPriced(10, 10);
    await finish(await place(a, spend), "bonus");

    const ledger = await ledgerOf(a.userId);
    const income = ledger.filter((e) => e.type === "income").reduce((s, e) => s + e.amount, 0);
    const exp = ledger.filter((e) => e.type === "exp").reduce((s, e) => s + e.amount, 0);
    expect(exp).toBe(10);

    const summary = (await get("/api/partner", a.token)).json();
    // Two Telegram opens (each referral's start_param) and three web views.
    expect(summary).toMatchObject({ views: 5, referrals: 2, conversion: 40, balance: income - exp, income_sum: income, exp_sum: exp });
    expect(summary.link).toMatch(new RegExp(`/${a.reflink}$`));

    const incomes = (await get("/api/partner/ledger?type=income", a.token)).json();
    expect(incomes.entries.map((e: { amount: number }) => e.amount).reduce((s: number, v: number) => s + v, 0)).toBe(income);
    expect(incomes.entries[0].order_data).toMatchObject({ store: "Chaweng Beach Store", item_count: 3, total_price: PRICE * 3 });
    const expenses = (await get("/api/partner/ledger?type=exp", a.token)).json();
    expect(expenses.entries.map((e: { amount: number }) => e.amount)).toEqual([-10]);

    const list = (await get("/api/partner/referrals", a.token)).json();
    expect(list).toMatchObject({ total: 2, active: 1 });
    const activeRow = list.referrals.find((r: { id: number }) => r.id === active.userId);
    expect(activeRow).toMatchObject({ orders_count: 3, income, active: true });
    expect(list.referrals.find((r: { id: number }) => r.id === passive.userId)).toMatchObject({
      orders_count: 0,
      income: 0,
      active: false,
    });
    expect((await get("/api/partner/referrals?filter=active", a.token)).json().referrals.map((r: { id: number }) => r.id)).toEqual([
      active.userId,
    ]);
    expect((await get("/api/partner/referrals?filter=passive", a.token)).json().referrals.map((r: { id: number }) => r.id)).toEqual([
      passive.userId,
    ]);

    const detail = (await get(`/api/partner/referrals/${active.userId}`, a.token)).json();
    expect(detail.income_sum).toBe(income);
    expect(detail.entries).toHaveLength(3);
    // Someone else's referral is nobody's business.
    const stranger = await telegramSignIn();
    expect((await get(`/api/partner/referrals/${active.userId}`, stranger.token)).statusCode).toBe(404);
    expect((await get("/api/partner", stranger.token)).json()).toMatchObject({ views: 0, referrals: 0, conversion: 0, balance: 0 });
  });

  it("masks referral e-mails to their first 4 characters", async () => {
    const a = await telegramSignIn();
    const { id } = await store.db
      .insertInto("users")
      .values({ email: "longname@samui.example", reflink: `r${randomBytes(4).toString("hex")}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    await store.db.insertInto("referrals").values({ user_id: id, partner_id: a.userId }).execute();
    const row = (await get("/api/partner/referrals", a.token)).json().referrals[0];
    expect(row.email).toBe("long********");
  });

  it("shows a shop owner their history under the shop's name, and anyone else a 404", async () => {
    const owner = await telegramSignIn();
    await store.app.inject({
      method: "POST",
      url: `/api/admin/shops/${shops["Lamai Night Market"]}/staff`,
      headers: bearer(admin.token),
      payload: { telegram_id: owner.telegramId, role: "owner" },
    });
    await store.app.inject({
      method: "POST",
      url: `/api/admin/users/${owner.userId}/bonus`,
      headers: bearer(admin.token),
      payload: { amount: 40, reason: "wholesale credit" },
    });
    const history = (await get("/api/partner/store", owner.token)).json();
    expect(history).toMatchObject({ shop: { id: shops["Lamai Night Market"], name: "Lamai Night Market" }, balance: 40 });
    expect(history.entries.map((e: { amount: number; wholesale: boolean }) => [e.amount, e.wholesale])).toEqual([[40, false]]);
    expect((await get("/api/partner/store", manager.token)).statusCode).toBe(404);
  });

  it("needs a session", async () => {
    for (const url of ["/api/partner", "/api/partner/ledger", "/api/partner/referrals", "/api/partner/referrals/1", "/api/partner/store"]) {
      expect((await store.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});
