/**
 * Broadcasts over HTTP (issue 25), without a worker: who may call, the draft and its recipients by segment
 * (never users who blocked the bot or opted out), send / pause / cancel / status, the test send, and bad input
 * (an empty text, 10,000 characters, a segment that names nobody): a clear 4xx and nothing stored or queued.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let admin: { token: string; userId: number };
let customer: { token: string; userId: number };
let shops: Record<string, number>;
let products: Record<string, number>;
const ADMIN_TG = 1000;
/** The chats this file adds, and their user ids. */
const user: Record<string, number> = {};
const DAY = 86_400_000;

function call(method: "GET" | "POST", url: string, token: string | null, payload?: object) {
  return store.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}
const recipients = async (segment: object) => {
  const answer = await call("POST", "/api/admin/broadcasts/recipients", admin.token, { segment });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ recipients: number }>().recipients;
};
const draft = (body: object) => call("POST", "/api/admin/broadcasts", admin.token, body);
const counts = async () => ({
  broadcasts: (await store.db.selectFrom("broadcasts").select("id").execute()).length,
  deliveries: (await store.db.selectFrom("broadcast_deliveries").select("id").execute()).length,
});

async function addUser(name: string, telegramId: number | null, extra: { locale?: string; blocked?: boolean; optedOut?: boolean } = {}) {
  const { id } = await store.db
    .insertInto("users")
    .values({
      telegram_id: telegramId,
      email: telegramId === null ? `${name}@example.com` : null,
      first_name: name,
      reflink: `bc${name}`,
      locale: extra.locale ?? null,
      telegram_unreachable_at: extra.blocked ? new Date().toISOString() : null,
      promotions_opted_out_at: extra.optedOut ? new Date().toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  user[name] = id;
}

async function addOrder(name: string, shop: string, status: "N" | "S" | "C", daysAgo: number, product = "Jack Herer") {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  const { id } = await store.db
    .insertInto("orders")
    .values({
      user_id: user[name]!,
      shop_id: shops[shop]!,
      status,
      total_price: 900,
      discounted_price: 900,
      total_cost_price: 400,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await store.db
    .insertInto("order_lines")
    .values({
      order_id: id,
      product_id: products[product]!,
      option_id: 0,
      product_name: product,
      amount: 1,
      per_price: 900,
      list_price: 900,
      cost_price: 400,
    })
    .execute();
}

let baseline: number;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  shops = await shopIdsByName(store.db);
  products = await productIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  customer = await signInCustomer(store.app, 9001, "Alice");
  baseline = await recipients({ type: "all" });
  await addUser("anna", 70_001, { locale: "ru" });
  await addUser("ben", 70_002, { locale: "th" });
  await addUser("chai", 70_003);
  await addUser("blocked", 70_004, { blocked: true });
  await addUser("optedout", 70_005, { optedOut: true });
  await addUser("mailonly", null);
  await addOrder("anna", "Chaweng Beach Store", "S", 3, "Jack Herer");
  await addOrder("ben", "Lamai Night Market", "N", 40, "Blue Dream");
  await addOrder("chai", "Chaweng Beach Store", "C", 1, "Jack Herer");
  await addOrder("blocked", "Chaweng Beach Store", "S", 1, "Jack Herer");
  await addOrder("optedout", "Chaweng Beach Store", "S", 1, "Jack Herer");
});
afterAll(async () => {
  await store.close();
});

describe("who may call the broadcast routes", () => {
  const routes: ["GET" | "POST", string][] = [
    ["POST", "/api/admin/broadcasts/recipients"],
    ["POST", "/api/admin/broadcasts"],
    ["GET", "/api/admin/broadcasts/1"],
    ["POST", "/api/admin/broadcasts/1/test"],
    ["POST", "/api/admin/broadcasts/1/send"],
    ["POST", "/api/admin/broadcasts/1/pause"],
    ["POST", "/api/admin/broadcasts/1/cancel"],
  ];
  it.each(routes)("%s %s: 401 signed out, 403 for a customer, before the body is read; nothing stored", async (method, url) => {
    const before = await counts();
    const body = method === "POST" ? { junk: true } : undefined;
    const signedOut = await call(method, url, null, body);
    expect(signedOut.statusCode).toBe(401);
    const asCustomer = await call(method, url, customer.token, body);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ error: "FORBIDDEN" });
    expect(await counts()).toEqual(before);
  });
});

describe("segments and their recipients", () => {
  it("everyone the bot can reach: users with a chat who neither blocked the bot nor opted out", async () => {
    expect(await recipients({ type: "all" })).toBe(baseline + 3);
  });
  // ---- g-write ----
  it("leaves out someone who declined the bot's messages in Telegram's dialog, and counts them once they allow it (issue 26)", async () => {
    const setAccess = (access: "allowed" | "refused" | null) =>
      store.db.updateTable("users").set({ write_access: access }).where("id", "=", user.chai!).execute();
    await setAccess("refused");
    expect(await recipients({ type: "all" })).toBe(baseline + 2);
    await setAccess("allowed");
    expect(await recipients({ type: "all" })).toBe(baseline + 3);
    await setAccess(null);
    expect(await recipients({ type: "all" })).toBe(baseline + 3);
  });
  it("by language: the user's choice, else Telegram's, else English", async () => {
    const ru = await recipients({ type: "all", locale: "ru" });
    const th = await recipients({ type: "all", locale: "th" });
    expect(ru).toBeGreaterThanOrEqual(1);
    expect(th).toBeGreaterThanOrEqual(1);
    await store.db.updateTable("users").set({ telegram_locale: "ru" }).where("id", "=", user.chai!).execute();
    expect(await recipients({ type: "all", locale: "ru" })).toBe(ru + 1);
    await store.db.updateTable("users").set({ locale: "th" }).where("id", "=", user.chai!).execute();
    expect(await recipients({ type: "all", locale: "ru" })).toBe(ru);
    expect(await recipients({ type: "all", locale: "th" })).toBe(th + 1);
    await store.db.updateTable("users").set({ locale: null, telegram_locale: null }).where("id", "=", user.chai!).execute();
  });
  it("customers of a shop, of the last N days, not of the last N days, of a product (canceled orders do not count)", async () => {
    const base = {
      shop: await recipients({ type: "shop", shop_id: shops["Nathon Pier"]! }),
      within: await recipients({ type: "ordered_within", days: 7 }),
    };
    expect(await recipients({ type: "shop", shop_id: shops["Chaweng Beach Store"]! })).toBeGreaterThanOrEqual(1);
    expect(await recipients({ type: "shop", shop_id: shops["Lamai Night Market"]! })).toBeGreaterThanOrEqual(1);
    expect(await recipients({ type: "bought", product_id: products["Jack Herer"]! })).toBeGreaterThanOrEqual(1);
    // Ben ordered 40 days ago: not within 7 days, within 60; chai's order was canceled.
    const within60 = await recipients({ type: "ordered_within", days: 60 });
    expect(within60 - base.within).toBeGreaterThanOrEqual(1);
    const notWithin7 = await recipients({ type: "not_ordered_within", days: 7 });
    expect(base.within + notWithin7).toBe(await recipients({ type: "all" }));
    // Adding an order moves the counts: chai (canceled order only) starts to count as a Nathon customer.
    await addOrder("chai", "Nathon Pier", "N", 0);
    expect(await recipients({ type: "shop", shop_id: shops["Nathon Pier"]! })).toBe(base.shop + 1);
    expect(await recipients({ type: "ordered_within", days: 7 })).toBe(base.within + 1);
    // The blocked and opted-out users bought Jack Herer too, and still are not counted.
    const bought = await recipients({ type: "bought", product_id: products["Jack Herer"]! });
    await store.db.updateTable("users").set({ telegram_unreachable_at: null }).where("id", "=", user.blocked!).execute();
    expect(await recipients({ type: "bought", product_id: products["Jack Herer"]! })).toBe(bought + 1);
    const now = new Date().toISOString();
    await store.db.updateTable("users").set({ telegram_unreachable_at: now }).where("id", "=", user.blocked!).execute();
  });
  it("a segment missing what its type needs is a 400 with a message", async () => {
    const segments = [
      { type: "shop" },
      { type: "ordered_within" },
      { type: "bought" },
      { type: "ordered_within", days: 0 },
      { type: "nobody" },
    ];
    for (const segment of segments) {
      const answer = await call("POST", "/api/admin/broadcasts/recipients", admin.token, { segment });
      expect(answer.statusCode, JSON.stringify(segment)).toBe(400);
      expect(answer.json().message).toMatch(/\w/);
    }
  });
});

describe("drafts, send, pause, cancel", () => {
  it("bad input: empty text, blank text, 10,000 characters, a button leading out of the store; nothing stored", async () => {
    const before = await counts();
    const cases = [
      { text: "", segment: { type: "all" } },
      { text: "   \n  ", segment: { type: "all" } },
      { text: "x".repeat(10_000), segment: { type: "all" } },
      { text: "Sale!", button: { text: "Go", path: "https://evil.example" }, segment: { type: "all" } },
    ];
    for (const body of cases) {
      const answer = await draft(body);
      expect(answer.statusCode, body.text.slice(0, 10)).toBe(400);
      expect(answer.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await draft({ text: "x".repeat(10_000), segment: { type: "all" } })).json().message).toMatch(/4096/);
    expect((await draft({ text: " ", segment: { type: "all" } })).json().message).toBe("Write the message first");
    expect(await counts()).toEqual(before);
  });

  it("a picture: an https link, and then the text is a caption of 1024 characters at most", async () => {
    const before = await counts();
    const long = await draft({ text: "x".repeat(2_000), photo_url: "https://shop.example/sale.jpg", segment: { type: "all" } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/1024/);
    const http = await draft({ text: "Sale", photo_url: "http://shop.example/sale.jpg", segment: { type: "all" } });
    expect(http.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    const made = await draft({ text: "x".repeat(1_000), photo_url: "https://shop.example/sale.jpg", segment: { type: "all" } });
    expect(made.statusCode).toBe(201);
    const row = await store.db.selectFrom("broadcasts").selectAll().where("id", "=", made.json().id).executeTakeFirstOrThrow();
    expect(row.photo_url).toBe("https://shop.example/sale.jpg");
  });

  it("a segment that names nobody: the draft says 0, and sending it is refused with nothing queued", async () => {
    const created = await draft({ text: "Nobody?", segment: { type: "bought", product_id: products["Wedding Cake"]! } });
    expect(created.statusCode).toBe(201);
    const { id, recipients: n } = created.json<{ id: number; recipients: number }>();
    expect(n).toBe(0);
    const before = await counts();
    const sent = await call("POST", `/api/admin/broadcasts/${id}/send`, admin.token);
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({ error: "NO_RECIPIENTS" });
    expect(await counts()).toEqual(before);
    expect((await call("GET", `/api/admin/broadcasts/${id}`, admin.token)).json()).toMatchObject({ status: "draft", total: 0 });
  });

  it("a draft answers its id and recipients; send fixes one delivery per recipient; pause, resume, cancel", async () => {
    const created = await draft({
      text: "  Songkran sale: 20% off!  ",
      button: { text: "Shop now", path: "/?category=1" },
      segment: { type: "all" },
    });
    expect(created.statusCode).toBe(201);
    const { id, recipients: n } = created.json<{ id: number; recipients: number }>();
    expect(n).toBe(await recipients({ type: "all" }));
    const status = () => call("GET", `/api/admin/broadcasts/${id}`, admin.token).then((r) => r.json());
    expect(await status()).toMatchObject({ status: "draft", text: "Songkran sale: 20% off!", recipients: n, total: 0, left: 0 });

    const sent = await call("POST", `/api/admin/broadcasts/${id}/send`, admin.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: "sending", total: n, sent: 0, left: n });
    expect(sent.json().seconds_left).toBeGreaterThan(0);
    const rows = await store.db.selectFrom("broadcast_deliveries").select("user_id").where("broadcast_id", "=", id).execute();
    const ids = rows.map((row) => row.user_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const name of ["blocked", "optedout", "mailonly"]) expect(ids).not.toContain(user[name]);
    for (const name of ["anna", "ben", "chai"]) expect(ids).toContain(user[name]);
    // A second send changes nothing.
    expect((await call("POST", `/api/admin/broadcasts/${id}/send`, admin.token)).json()).toMatchObject({ total: n });

    expect((await call("POST", `/api/admin/broadcasts/${id}/pause`, admin.token)).json()).toMatchObject({ status: "paused", left: n });
    expect((await call("POST", `/api/admin/broadcasts/${id}/send`, admin.token)).json()).toMatchObject({ status: "sending", left: n });
    const canceled = await call("POST", `/api/admin/broadcasts/${id}/cancel`, admin.token);
    expect(canceled.json()).toMatchObject({ status: "canceled", total: n, left: 0, seconds_left: 0 });
    const again = await call("POST", `/api/admin/broadcasts/${id}/send`, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "BROADCAST_CLOSED" });
    expect((await call("POST", `/api/admin/broadcasts/${id}/pause`, admin.token)).statusCode).toBe(409);
  });

  it("a test goes to the admin alone; an unknown broadcast is a 404", async () => {
    const { id } = (await draft({ text: "Test me", segment: { type: "all" } })).json<{ id: number }>();
    const tested = await call("POST", `/api/admin/broadcasts/${id}/test`, admin.token);
    expect(tested.statusCode).toBe(202);
    const rows = await store.db.selectFrom("broadcast_deliveries").selectAll().where("broadcast_id", "=", id).execute();
    expect(rows).toEqual([expect.objectContaining({ user_id: admin.userId, is_test: 1, status: "pending" })]);
    expect((await call("GET", `/api/admin/broadcasts/${id}`, admin.token)).json()).toMatchObject({ status: "draft", total: 0 });
    expect((await call("GET", "/api/admin/broadcasts/99999", admin.token)).statusCode).toBe(404);
    expect((await call("POST", "/api/admin/broadcasts/99999/send", admin.token)).statusCode).toBe(404);
  });
});
