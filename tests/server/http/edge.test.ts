/**
 * The store at its edge, tried as an attacker and a flaky client would (issue 14), over real HTTP handling
 * (inject) on a real SQLite database with a real SMTP server: headers, private caching, abuse limits, one
 * strict e-mail rule, clean text, paged lists and sessions with limits.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS } from "../../../server/domain/auth";
import { MAPS_LINK_ONLY } from "../../../server/domain/maps";
import { signInitData } from "../../../server/services/telegramInitData";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";
import { startSmtpServer } from "../../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

let store: TestStore;
let now: number;
let keys = 0;
const key = () => `edge-key-${++keys}-x`;

async function open(env: Record<string, string> = {}) {
  now = Date.parse("2026-11-23T03:00:00.000Z");
  store = await makeTestStore({
    env: { BOT_TOKEN: TEST_BOT_TOKEN, SMTP_URL: smtp.url, ...env },
    clock: () => now,
    webappDir: resolve(process.env.WEBAPP_DIR || "webapp/dist"),
  });
  // makeTestStore gives no webapp by default; this test looks at pages and assets too.
  return store;
}

describe("headers", () => {
  beforeEach(async () => {
    await open();
    return () => store.close();
  });

  it("sends a CSP written for the app, nosniff and a referrer policy on pages, assets and API answers; no X-Frame-Options", async () => {
    const page = await store.app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    const asset = /src="(\/static\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(asset).toBeDefined();
    const answers = [
      page,
      await store.app.inject({ method: "GET", url: asset! }),
      await store.app.inject({ method: "GET", url: "/api/products" }),
    ];
    for (const res of answers) {
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("frame-src https://www.google.com https://maps.google.com");
      expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org");
      expect(csp).toContain("connect-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBeUndefined();
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("marks every answer that depends on the session private and unstorable; shared catalogue answers stay cacheable", async () => {
    const alice = await signInCustomer(store.app, 9001, "Alice", now);
    for (const url of ["/api/me", "/api/orders", "/api/wishlist", "/api/partner"]) {
      const res = await store.app.inject({ method: "GET", url, headers: bearer(alice.token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
    const signedOut = await store.app.inject({ method: "GET", url: "/api/me" });
    expect(signedOut.headers["cache-control"]).toBe("private, no-store");
    const products = await store.app.inject({ method: "GET", url: "/api/products", headers: bearer(alice.token) });
    expect(products.headers["cache-control"]).toBe("no-cache");
  });
});

describe("HSTS", () => {
  it("is sent when the store's public address is https", async () => {
    await open({ PUBLIC_URL: "https://shop.example" });
    const res = await store.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    await store.close();
  });
});

describe("abuse limits", () => {
  let products: Record<string, number>;
  let shops: Record<string, number>;
  beforeEach(async () => {
    await open({ MAX_OPEN_ORDERS: "3" });
    products = await productIdsByName(store.db);
    shops = await shopIdsByName(store.db);
    return () => store.close();
  });

  const place = (token: string, items: object[], idempotencyKey = key()) =>
    store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(token), "idempotency-key": idempotencyKey },
      payload: { shop_id: shops["Chaweng Beach Store"], items, delivery_option: 1, payment_option: 1 },
    });

  it("50 concurrent placements by one customer: at most MAX_OPEN_ORDERS succeed, the rest get a 409 naming the limit", async () => {
    const alice = await signInCustomer(store.app, 9001, "Alice", now);
    const line = [{ product_id: products["Gelato #41"], option_id: 0, amount: 1 }];
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(alice.token, line)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(47);
    expect(refused[0]!.json()).toEqual({
      error: "TOO_MANY_OPEN_ORDERS",
      message: "You already have 3 open orders. Pick one up or cancel it before placing another.",
    });
    expect(await store.db.selectFrom("orders").select("id").execute()).toHaveLength(3);
    // A retry of a placed order with its key still answers that order; canceling one makes room for another.
    const first = answers.find((a) => a.statusCode === 201)!.json().order.id;
    await store.app.inject({ method: "POST", url: `/api/orders/${first}/cancel`, headers: bearer(alice.token) });
    expect((await place(alice.token, line)).statusCode).toBe(201);
  });

  it("enforces a product's max_amount over the merged lines of an order", async () => {
    const alice = await signInCustomer(store.app, 9001, "Alice", now);
    const gummies = products["Mango Sticky Gummies"]!;
    const max = (await store.db.selectFrom("products").select("max_amount").where("id", "=", gummies).executeTakeFirstOrThrow())
      .max_amount!;
    expect(max).toBe(5);
    const one = await place(alice.token, [{ product_id: gummies, option_id: 0, amount: 10 }]);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe("At most 5 of Mango Sticky Gummies per order.");
    const split = await place(alice.token, Array.from({ length: 4 }, () => ({ product_id: gummies, option_id: 0, amount: 2 })));
    expect(split.statusCode).toBe(400);
    const shopsCheck = await store.app.inject({
      method: "POST",
      url: "/api/cart/shops",
      payload: { items: [{ product_id: gummies, option_id: 0, amount: 6 }] },
    });
    expect(shopsCheck.statusCode).toBe(400);
    await store.db
      .insertInto("stock")
      .values({ shop_id: shops["Chaweng Beach Store"]!, product_id: gummies, option_id: 0, amount: 50 })
      .execute();
    expect((await place(alice.token, [{ product_id: gummies, option_id: 0, amount: 5 }])).statusCode).toBe(201);
    expect(await store.db.selectFrom("orders").select("id").execute()).toHaveLength(1);
  });
});

describe("rate limits", () => {
  beforeEach(async () => {
    await open({ RATE_LIMIT_WRITES_PER_MINUTE: "5", RATE_LIMIT_SIGNINS_PER_MINUTE: "4" });
    return () => store.close();
  });

  it("limits writes per session with a 429, Retry-After and a message; other sessions go on", async () => {
    const alice = await signInCustomer(store.app, 9001, "Alice", now);
    const bob = await signInCustomer(store.app, 9002, "Bob", now);
    const write = (token: string) => store.app.inject({ method: "PUT", url: "/api/wishlist/1", headers: bearer(token) });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await write(alice.token));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(answers[5]!.headers["retry-after"])).toBeGreaterThan(0);
    expect(answers[5]!.json()).toMatchObject({
      error: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ s and try again\.$/),
    });
    expect((await write(bob.token)).statusCode).toBe(200);
    // Reads are not writes.
    expect((await store.app.inject({ method: "GET", url: "/api/wishlist", headers: bearer(alice.token) })).statusCode).toBe(200);
  });

  it("limits sign-in calls per client address, and believes X-Forwarded-For only from TRUST_PROXY", async () => {
    const initData = signInitData(
      { auth_date: String(Math.floor(now / 1000)), user: JSON.stringify({ id: 9100, first_name: "S" }) },
      TEST_BOT_TOKEN,
    );
    const signIn = (headers: Record<string, string> = {}) =>
      store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData }, headers });
    const codes = [];
    // A forged X-Forwarded-For does not buy a fresh allowance: no proxy is trusted.
    for (let i = 0; i < 6; i++) codes.push((await signIn({ "x-forwarded-for": `10.0.0.${i}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe("trusted proxies", () => {
  it("counts sign-ins per forwarded client when the proxy is trusted", async () => {
    await open({ RATE_LIMIT_SIGNINS_PER_MINUTE: "2", TRUST_PROXY: "127.0.0.1" });
    const initData = signInitData(
      { auth_date: String(Math.floor(now / 1000)), user: JSON.stringify({ id: 9101, first_name: "P" }) },
      TEST_BOT_TOKEN,
    );
    const signIn = (client: string) =>
      store.app.inject({
        method: "POST",
        url: "/api/auth/telegram",
        payload: { initData },
        headers: { "x-forwarded-for": client },
        remoteAddress: "127.0.0.1",
      });
    expect([
      (await signIn("203.0.113.1")).statusCode,
      (await signIn("203.0.113.1")).statusCode,
      (await signIn("203.0.113.1")).statusCode,
    ]).toEqual([200, 200, 429]);
    expect((await signIn("203.0.113.2")).statusCode).toBe(200);
    await store.close();
  });
});

describe("e-mail codes", () => {
  beforeEach(async () => {
    await open();
    return () => store.close();
  });

  const askCode = (email: string, ip: string) =>
    store.app.inject({ method: "POST", url: "/api/auth/email/code", payload: { email }, remoteAddress: ip });

  it.each([
    ["a display-name list", '"x>,<victim@samui.example"'],
    ["angle brackets and a list", "x>,<victim@samui.example"],
    ["a semicolon list", "a;victim@samui.example"],
    ["a comma list", "a@samui.example,victim@samui.example"],
    ["a NUL byte", "a\u0000@samui.example"],
    ["a newline", "a@samui.example\nBcc: victim@samui.example"],
    ["a quote", "o'neil\"@samui.example"],
    ["an over-long address", `${"a".repeat(250)}@samui.example`],
    ["spaces inside", "a b@samui.example"],
  ])("refuses %s with a 400 and sends nothing", async (_what, email) => {
    const before = smtp.received.length;
    const res = await askCode(email, "127.0.0.9");
    expect(res.statusCode).toBe(400);
    expect(smtp.received.length).toBe(before);
    expect(await store.db.selectFrom("login_codes").select("id").execute()).toEqual([]);
  });

  it("10 concurrent code requests for one address send at most 3 mails", async () => {
    const email = "burst@samui.example";
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => askCode(email, `127.0.1.${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    // Mail goes out after the answer's transaction; give the SMTP server its moment.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(3);
  });

  it("normalises the address once: case and spaces do not buy more sends", async () => {
    const variants = ["Case@Samui.example", " case@samui.example", "CASE@SAMUI.EXAMPLE ", "case@samui.example"];
    const codes = [];
    for (const [i, v] of variants.entries()) codes.push((await askCode(v, `127.0.2.${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe("clean text", () => {
  const PHONE = "+66 81 234 5678";
  let products: Record<string, number>;
  let shops: Record<string, number>;
  beforeEach(async () => {
    await open();
    products = await productIdsByName(store.db);
    shops = await shopIdsByName(store.db);
    return () => store.close();
  });

  it.each([
    ["a NUL in the phone", { phone: "+66\u000081" , delivery_address: "Beach Rd" }, "phone must be one line of plain text"],
    ["a tab in the address", { phone: PHONE, delivery_address: "Beach\u0009Rd" }, "delivery_address must be plain text"],
    ["a javascript: link", { phone: PHONE, delivery_address_link: "javascript:alert(1)" }, MAPS_LINK_ONLY],
    ["an http link", { phone: PHONE, delivery_address_link: "http://maps.google.com/?q=1" }, MAPS_LINK_ONLY],
    ["a link to another site", { phone: PHONE, delivery_address_link: "https://evil.example/maps" }, MAPS_LINK_ONLY],
  ])("refuses %s with a 400 saying what is wrong, storing nothing", async (_what, courier, message) => {
    const alice = await signInCustomer(store.app, 9001, "Alice", now);
    const res = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(alice.token), "idempotency-key": key() },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Gelato #41"], option_id: 0, amount: 1 }],
        delivery_option: 2,
        payment_option: 1,
        ...courier,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await store.db.selectFrom("orders").select("id").execute()).toEqual([]);
  });

  it("keeps a multi-line address with its newlines", async () => {
    const alice = await signInCustomer(store.app, 9001, "Alice", now);
    const res = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(alice.token), "idempotency-key": key() },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Gelato #41"], option_id: 0, amount: 1 }],
        delivery_option: 2,
        payment_option: 1,
        phone: "+66 81 234 5678",
        delivery_address: "Villa 7\nSoi 3, Bophut",
        delivery_address_link: "https://maps.app.goo.gl/abc123",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.delivery_address).toBe("Villa 7\nSoi 3, Bophut");
  });
});

describe("paged lists", () => {
  beforeEach(async () => {
    await open();
    return () => store.close();
  });

  it("10,000 orders of one customer: pages of at most 100, every order once, and /api/health answers between pages", async () => {
    const alice = await signInCustomer(store.app, 9001, "Alice", now);
    const shops = await shopIdsByName(store.db);
    const products = await productIdsByName(store.db);
    const rows = Array.from({ length: 10_000 }, () => ({
      user_id: alice.userId,
      shop_id: shops["Chaweng Beach Store"]!,
      status: "C" as const,
      total_price: 100,
      discounted_price: 100,
      total_cost_price: 50,
    }));
    for (let i = 0; i < rows.length; i += 500) await store.db.insertInto("orders").values(rows.slice(i, i + 500)).execute();
    const ids = (await store.db.selectFrom("orders").select("id").execute()).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await store.db
        .insertInto("order_lines")
        .values(
          ids
            .slice(i, i + 500)
            .map((order_id) => ({
              order_id,
              product_id: products["Gelato #41"]!,
              option_id: 0,
              product_name: "Gelato #41",
              per_price: 100,
              list_price: 100,
              cost_price: 50,
              amount: 1,
            })),
        )
        .execute();
    }

    const first = await store.app.inject({ method: "GET", url: "/api/orders", headers: bearer(alice.token) });
    expect(first.json().orders).toHaveLength(20);
    expect((await store.app.inject({ method: "GET", url: "/api/orders?limit=101", headers: bearer(alice.token) })).statusCode).toBe(400);

    const seen = new Set<number>();
    let cursor: number | null = null;
    let pages = 0;
    do {
      const url: string = `/api/orders?limit=100${cursor ? `&cursor=${cursor}` : ""}`;
      const page: { orders: { id: number }[]; next_cursor: number | null } = (
        await store.app.inject({ method: "GET", url, headers: bearer(alice.token) })
      ).json();
      expect(page.orders.length).toBeLessThanOrEqual(100);
      for (const o of page.orders) seen.add(o.id);
      cursor = page.next_cursor;
      pages++;
      if (pages % 25 === 0) expect((await store.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } while (cursor !== null);
    expect(pages).toBe(100);
    expect(seen.size).toBe(10_000);
  });
});

describe("sessions", () => {
  beforeEach(async () => {
    await open();
    return () => store.close();
  });

  it("200 sign-ins from one initData leave 10 live sessions: the newest", async () => {
    const initData = signInitData(
      { auth_date: String(Math.floor(now / 1000)), user: JSON.stringify({ id: 9200, first_name: "R" }) },
      TEST_BOT_TOKEN,
    );
    const tokens: string[] = [];
    for (let i = 0; i < 200; i++) {
      tokens.push((await store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } })).json().token);
    }
    expect(await store.db.selectFrom("sessions").select("id").execute()).toHaveLength(10);
    expect((await store.app.inject({ method: "GET", url: "/api/me", headers: bearer(tokens[199]!) })).statusCode).toBe(200);
    expect((await store.app.inject({ method: "GET", url: "/api/me", headers: bearer(tokens[190]!) })).statusCode).toBe(200);
    expect((await store.app.inject({ method: "GET", url: "/api/me", headers: bearer(tokens[189]!) })).statusCode).toBe(401);
    expect((await store.app.inject({ method: "GET", url: "/api/me", headers: bearer(tokens[0]!) })).statusCode).toBe(401);
  });

  it("a session dies after 30 idle days, and after 90 days however busy", async () => {
    const idle = await signInCustomer(store.app, 9201, "I", now);
    const busy = await signInCustomer(store.app, 9202, "B", now);
    const me = (token: string) => store.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
    const start = now;
    const DAY = 24 * 3600_000;
    for (let day = 5; day <= 85; day += 5) {
      now = start + day * DAY;
      expect((await me(busy.token)).statusCode).toBe(200);
    }
    expect(now - start).toBeGreaterThan(SESSION_TTL_MS);
    expect((await me(idle.token)).statusCode).toBe(401);
    now = start + SESSION_MAX_AGE_MS + 1000;
    expect((await me(busy.token)).statusCode).toBe(401);
  });
});
