import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "../../../db/connection";
import { loadConfig } from "../../../server/config";
import { LOGIN_CODE_TTL_MS, MAX_SESSIONS_PER_USER, SESSION_TTL_MS } from "../../../server/domain/auth";
import { signInitData } from "../../../server/services/telegramInitData";
import { appOn, UNLIMITED } from "../../helpers/app";
import { startSmtpServer } from "../../helpers/smtp";
import type { FastifyInstance } from "fastify";
import { TEST_BOT_TOKEN } from "../../helpers/session";

const BOT_TOKEN = TEST_BOT_TOKEN;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let db: DB;
let app: FastifyInstance;
let now = Date.parse("2026-11-21T10:00:00.000Z");

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function makeApp(env: Record<string, string> = {}) {
  db = openDatabase(":memory:");
  await migrateToLatest(db);
  const config = {
    ...loadConfig({
      NODE_ENV: "test",
      SMTP_URL: smtp.url,
      BOT_TOKEN,
      ADMIN_EMAILS: "boss@samui.example",
      ADMIN_TELEGRAM_IDS: "777",
      ...UNLIMITED,
      ...env,
    }),
    webappDir: null,
  };
  app = await appOn(config, db, { clock: () => now });
}

beforeEach(async () => {
  now = Date.parse("2026-11-21T10:00:00.000Z");
  await makeApp();
  return async () => {
    await app.close();
    await db.destroy();
  };
});

let ipCounter = 0;
/** Each test speaks from its own address unless it tests the per-IP limits. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function post(url: string, payload: unknown, headers: Record<string, string> = {}, ip = "127.0.0.2") {
  return app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: ip });
}

async function askCode(email: string, ip = freshIp()) {
  return post("/api/auth/email/code", { email }, {}, ip);
}

async function signInByEmail(email: string) {
  expect((await askCode(email)).statusCode).toBe(200);
  const res = await post("/api/auth/email/verify", { email, code: smtp.lastCodeFor(email) }, {}, freshIp());
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; user: { userId: number; email: string; isAdmin: boolean; adminRole: string | null; ref: string } };
}

const me = (token: string) => app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${token}` } });

describe("e-mail one-time codes", () => {
  it("mails a 6-digit code over SMTP and signs in with it", async () => {
    const res = await askCode("noi@samui.example");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const code = smtp.lastCodeFor("noi@samui.example");
    expect(code).toMatch(/^\d{6}$/);

    const signIn = await post("/api/auth/email/verify", { email: "Noi@Samui.example ", code });
    expect(signIn.statusCode).toBe(200);
    const { token, user } = signIn.json();
    expect(user).toMatchObject({ email: "noi@samui.example", authType: "EMAIL", isAdmin: false, adminRole: null, balance: 0 });
    expect((await me(token)).json().user.userId).toBe(user.userId);
  });

  it("stores codes hashed, never as they were sent", async () => {
    await askCode("hash@samui.example");
    const code = smtp.lastCodeFor("hash@samui.example");
    const rows = await db.selectFrom("login_codes").select("code_hash").execute();
    expect(rows.every((r) => !r.code_hash.includes(code))).toBe(true);
  });

  it("answers the same for an address with and without an account", async () => {
    await signInByEmail("known@samui.example");
    const known = await askCode("known@samui.example");
    const unknown = await askCode("stranger@samui.example");
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
  });

  it("rejects a wrong code with 'Invalid code!'", async () => {
    await askCode("wrong@samui.example");
    const right = smtp.lastCodeFor("wrong@samui.example");
    const wrong = right === "000000" ? "111111" : "000000";
    const res = await post("/api/auth/email/verify", { email: "wrong@samui.example", code: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "INVALID_CODE", message: "Invalid code!" });
    expect(await db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });

  it("kills a code after five wrong tries: the sixth try fails even with the right code, and says the code is used up", async () => {
    await askCode("five@samui.example");
    const right = smtp.lastCodeFor("five@samui.example");
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await post("/api/auth/email/verify", { email: "five@samui.example", code: wrong });
      expect(res.json()).toEqual({ error: "INVALID_CODE", message: "Invalid code!" });
    }
    const sixth = await post("/api/auth/email/verify", { email: "five@samui.example", code: right });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toEqual({ error: "CODE_USED_UP", message: "This code can no longer be used. Request a new one." });
  });

  it("lets a code sign in once only", async () => {
    await askCode("once@samui.example");
    const code = smtp.lastCodeFor("once@samui.example");
    expect((await post("/api/auth/email/verify", { email: "once@samui.example", code })).statusCode).toBe(200);
    expect((await post("/api/auth/email/verify", { email: "once@samui.example", code })).json()).toEqual({
      error: "CODE_USED_UP",
      message: "This code can no longer be used. Request a new one.",
    });
  });

  it("expires a code after 10 minutes", async () => {
    await askCode("late@samui.example");
    const code = smtp.lastCodeFor("late@samui.example");
    now += LOGIN_CODE_TTL_MS + 1000;
    const late = await post("/api/auth/email/verify", { email: "late@samui.example", code });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe("CODE_USED_UP");
  });

  it("counts only the newest code", async () => {
    await askCode("two@samui.example");
    const first = smtp.lastCodeFor("two@samui.example");
    await askCode("two@samui.example");
    const second = smtp.lastCodeFor("two@samui.example");
    if (first !== second) expect((await post("/api/auth/email/verify", { email: "two@samui.example", code: first })).statusCode).toBe(401);
    expect((await post("/api/auth/email/verify", { email: "two@samui.example", code: second })).statusCode).toBe(200);
  });

  it("sends at most 3 codes per address per 10 minutes", async () => {
    for (let i = 0; i < 3; i++) expect((await askCode("limit@samui.example")).statusCode).toBe(200);
    const mailed = smtp.received.filter((m) => m.to.includes("limit@samui.example")).length;
    const fourth = await askCode("limit@samui.example");
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: "TOO_MANY_REQUESTS", message: expect.stringContaining("wait 10 minutes") });
    expect(fourth.headers["retry-after"]).toBeDefined();
    expect(smtp.received.filter((m) => m.to.includes("limit@samui.example")).length).toBe(mailed);
    now += 10 * 60_000 + 1000;
    expect((await askCode("limit@samui.example")).statusCode).toBe(200);
  });

  it("sends at most 3 codes to an address asked for many at once: the database counts them", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => askCode("rush@samui.example")));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(smtp.received.filter((m) => m.to.includes("rush@samui.example"))).toHaveLength(3);
    expect(await db.selectFrom("login_codes").select("id").where("email", "=", "rush@samui.example").execute()).toHaveLength(3);
  });

  it("compares no more than five tries of a code sent at once, and the right one after them is used up", async () => {
    await askCode("burst@samui.example");
    const right = smtp.lastCodeFor("burst@samui.example");
    const wrong = right === "000000" ? "111111" : "000000";
    const tries = await Promise.all(
      Array.from({ length: 9 }, () => post("/api/auth/email/verify", { email: "burst@samui.example", code: wrong }, {}, freshIp())),
    );
    expect(tries.map((t) => t.json().error).sort()).toEqual([...Array(4).fill("CODE_USED_UP"), ...Array(5).fill("INVALID_CODE")]);
    const code = await db.selectFrom("login_codes").select(["failed_attempts", "used_at"]).execute();
    expect(code).toEqual([{ failed_attempts: 5, used_at: null }]);
    const late = await post("/api/auth/email/verify", { email: "burst@samui.example", code: right }, {}, freshIp());
    expect(late.json().error).toBe("CODE_USED_UP");
  });

  it("signs in once with a code sent twice at once", async () => {
    await askCode("twice@samui.example");
    const code = smtp.lastCodeFor("twice@samui.example");
    const both = await Promise.all([0, 1].map(() => post("/api/auth/email/verify", { email: "twice@samui.example", code }, {}, freshIp())));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(1);
    expect(await db.selectFrom("users").select("id").execute()).toHaveLength(1);
  });

  it("limits sends from one IP address across many addresses", async () => {
    const ip = "192.0.2.50";
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await askCode(`ip${i}@samui.example`, ip)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await askCode("ip-other@samui.example", "192.0.2.51")).statusCode).toBe(200);
  });

  it.each([
    [{ email: "not-an-address" }, "Please enter a valid e-mail address."],
    [{ email: 42 }, "email must be a string"],
    [{}, "email is required"],
  ])("rejects %o with a 400", async (payload, message) => {
    const res = await post("/api/auth/email/code", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message });
    expect(smtp.received.filter((m) => m.to.includes("not-an-address"))).toHaveLength(0);
  });

  it("bootstraps admins from ADMIN_EMAILS", async () => {
    const { user } = await signInByEmail("boss@samui.example");
    expect(user).toMatchObject({ isAdmin: true, adminRole: "A" });
  });
});

describe("Telegram sign-in", () => {
  const initDataFor = (user: object, authDate = Math.floor(now / 1000)) =>
    signInitData({ auth_date: String(authDate), query_id: "AAH1", user: JSON.stringify(user) }, BOT_TOKEN);

  it("creates the user from the Telegram profile and updates it on the next sign-in", async () => {
    const first = await post("/api/auth/telegram", { initData: initDataFor({ id: 5001, first_name: "Somchai", last_name: "K", username: "somchai", photo_url: "https://t.me/i/a.jpg" }) });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ telegram_id: 5001, first_name: "Somchai", last_name: "K", username: "somchai", photo_url: "https://t.me/i/a.jpg", authType: "TELEGRAM", email: null });

    const second = await post("/api/auth/telegram", {
      initData: initDataFor({ id: 5001, first_name: "Somchai", username: "somchai_new" }),
    });
    expect(second.json().user).toMatchObject({ userId: first.json().user.userId, username: "somchai_new", last_name: null });
    expect(await db.selectFrom("users").selectAll().execute()).toHaveLength(1);
  });

  it.each([
    ["a changed field", (raw: string) => raw.replace("Mali", "Evil")],
    ["a wrong hash", (raw: string) => raw.replace(/hash=[0-9a-f]{4}/, "hash=0000")],
    ["a missing hash", (raw: string) => raw.replace(/&?hash=[0-9a-f]+/, "")],
  ])("rejects %s with 401 and creates nobody", async (_name, forge) => {
    const res = await post("/api/auth/telegram", { initData: forge(initDataFor({ id: 6001, first_name: "Mali" })) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("INVALID_INIT_DATA");
    expect(await db.selectFrom("users").selectAll().execute()).toHaveLength(0);
  });

  it("rejects an expired and a future auth_date with 401", async () => {
    const expired = await post("/api/auth/telegram", {
      initData: initDataFor({ id: 6002, first_name: "Old" }, Math.floor(now / 1000) - 86_401),
    });
    expect([expired.statusCode, expired.json().message]).toEqual([401, expect.stringContaining("expired")]);
    const future = await post("/api/auth/telegram", {
      initData: initDataFor({ id: 6002, first_name: "New" }, Math.floor(now / 1000) + 3600),
    });
    expect([future.statusCode, future.json().message]).toEqual([401, expect.stringContaining("future")]);
  });

  it("makes one user of a new Telegram user signing in several times at once", async () => {
    const initData = initDataFor({ id: 5050, first_name: "Dao" });
    const answers = await Promise.all([0, 1, 2].map(() => post("/api/auth/telegram", { initData })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().user.userId)).size).toBe(1);
    expect(await db.selectFrom("users").select("id").execute()).toHaveLength(1);
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(3);
  });

  it("bootstraps admins from ADMIN_TELEGRAM_IDS", async () => {
    const res = await post("/api/auth/telegram", { initData: initDataFor({ id: 777, first_name: "Owner" }) });
    expect(res.json().user).toMatchObject({ isAdmin: true, adminRole: "A" });
  });

  it("answers 503, not a crash, when the server has no BOT_TOKEN", async () => {
    await app.close();
    await makeApp({ BOT_TOKEN: "" });
    const res = await post("/api/auth/telegram", { initData: initDataFor({ id: 1, first_name: "A" }) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: "TELEGRAM_SIGN_IN_OFF", message: "Telegram sign-in is not set up on this server." });
  });

  it("links an e-mail verified inside Telegram to the same user", async () => {
    const tg = (await post("/api/auth/telegram", { initData: initDataFor({ id: 8001, first_name: "Lek" }) })).json();
    await askCode("lek@samui.example");
    const res = await post(
      "/api/auth/email/verify",
      { email: "lek@samui.example", code: smtp.lastCodeFor("lek@samui.example") },
      { authorization: `Bearer ${tg.token}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ userId: tg.user.userId, telegram_id: 8001, email: "lek@samui.example" });
  });
});

describe("sessions", () => {
  it("ends a session on logout: the token no longer works", async () => {
    const { token } = await signInByEmail("out@samui.example");
    const logout = await post("/api/auth/logout", {}, { authorization: `Bearer ${token}` });
    expect(logout.statusCode).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "SIGN_IN_REQUIRED", message: "Please log in first." });
  });

  it("shows each token its own user only", async () => {
    const a = await signInByEmail("a@samui.example");
    const b = await signInByEmail("b@samui.example");
    expect((await me(a.token)).json().user.email).toBe("a@samui.example");
    expect((await me(b.token)).json().user.email).toBe("b@samui.example");
    expect(a.user.ref).not.toBe(b.user.ref);
  });

  it("keeps the newest sessions of a user signing in many times at once, up to the cap", async () => {
    const user = JSON.stringify({ id: 5060, first_name: "Lek" });
    const initData = signInitData({ auth_date: String(Math.floor(now / 1000)), query_id: "AAH1", user }, BOT_TOKEN);
    const signIns = await Promise.all(Array.from({ length: MAX_SESSIONS_PER_USER + 4 }, () => post("/api/auth/telegram", { initData })));
    expect(signIns.every((r) => r.statusCode === 200)).toBe(true);
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(MAX_SESSIONS_PER_USER);
    const live = await Promise.all(signIns.map((r) => me(r.json().token)));
    expect(live.filter((r) => r.statusCode === 200)).toHaveLength(MAX_SESSIONS_PER_USER);
  });

  it("stores tokens hashed", async () => {
    const { token } = await signInByEmail("stored@samui.example");
    const rows = await db.selectFrom("sessions").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it("slides the expiry while used, and ends 30 days after the last use", async () => {
    const { token } = await signInByEmail("slide@samui.example");
    now += SESSION_TTL_MS - 3600_000;
    expect((await me(token)).statusCode).toBe(200);
    now += SESSION_TTL_MS - 3600_000;
    expect((await me(token)).statusCode).toBe(200);
    now += SESSION_TTL_MS + 1000;
    expect((await me(token)).statusCode).toBe(401);
  });

  it.each([undefined, "Bearer nonsense", "Bearer " + "x".repeat(43), "Basic abc"])("answers %s with 401", async (authorization) => {
    const res = await app.inject({ method: "GET", url: "/api/me", headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
  });

  it("reports the active-order flag, the staffed shops and the balance", async () => {
    const { token, user } = await signInByEmail("staff@samui.example");
    const { id: shopId } = await db.insertInto("shops").values({ name: "Lamai" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("shop_staff").values({ shop_id: shopId, user_id: user.userId, role: "manager" }).execute();
    await db
      .insertInto("orders")
      .values({ user_id: user.userId, shop_id: shopId, status: "N", total_price: 500, discounted_price: 500, total_cost_price: 200 })
      .execute();
    await db.insertInto("bonus_ledger").values([
      { user_id: user.userId, type: "income", amount: 90 },
      { user_id: user.userId, type: "exp", amount: 30 },
    ]).execute();
    expect((await me(token)).json().user).toMatchObject({
      isActiveOrder: true,
      balance: 60,
      managerData: { id: user.userId, store_id: shopId },
      store_id: null,
      shops: [{ shop_id: shopId, name: "Lamai", role: "manager" }],
    });
  });
});
