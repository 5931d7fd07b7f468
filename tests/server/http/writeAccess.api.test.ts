/**
 * Issue 26, write access, through the API: the Telegram sign-in stores initData's `allows_write_to_pm`,
 * `PUT /api/me/write-access` stores the answer to Telegram's dialog, `GET /api/me` says whether notices reach
 * the person, and the outbox skips the notices of someone who refused while it still sends everyone else's
 * (the real worker and the bot's messenger against the fake Bot API).
 */
import { Api } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTelegramMessenger } from "../../../bot/messenger";
import { createMiniApp } from "../../../bot/miniApp";
import { createOutboxWorker } from "../../../server/jobs/outboxWorker";
import { createOutboxDelivery } from "../../../server/services/outboxDelivery";
import { signInitData } from "../../../server/services/telegramInitData";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fakeBotApi";
import { placeOrder } from "../../helpers/orders";
import { bearer, emailSession, signedInAs, TEST_BOT_TOKEN } from "../../helpers/session";
import { quietLog } from "../../bot/support";

let store: TestStore;
let nextTelegramId = 7_260_000;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
});
afterAll(() => store.close());

/** The mini-app's sign-in with initData as Telegram signs it; `allows` is its user's allows_write_to_pm. */
function telegramSignIn(telegramId: number, allows?: boolean) {
  const user = { id: telegramId, first_name: "Customer", ...(allows === undefined ? {} : { allows_write_to_pm: allows }) };
  const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(user) }, TEST_BOT_TOKEN);
  return store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
}

async function telegramUser(allows?: boolean) {
  const telegramId = nextTelegramId++;
  return { telegramId, ...signedInAs(await telegramSignIn(telegramId, allows)) };
}

const me = async (token: string) => (await store.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) })).json().user;

const answer = (token: string, payload: unknown) =>
  store.app.inject({ method: "PUT", url: "/api/me/write-access", headers: bearer(token), payload: payload as object });

const stored = (userId: number) =>
  store.db.selectFrom("users").select(["write_access", "telegram_unreachable_at"]).where("id", "=", userId).executeTakeFirstOrThrow();

const markUnreachable = (userId: number) =>
  store.db.updateTable("users").set({ telegram_unreachable_at: "2026-11-27T09:00:00.000Z" }).where("id", "=", userId).execute();

describe("the Telegram sign-in and write access", () => {
  it("stores allows_write_to_pm when Telegram says true: GET /api/me says allowed, notices on", async () => {
    const user = await telegramUser(true);
    expect(await stored(user.userId)).toEqual({ write_access: "allowed", telegram_unreachable_at: null });
    expect(await me(user.token)).toMatchObject({ writeAccess: "allowed", notices: "on" });
  });

  it.each([
    ["false", false],
    ["absent", undefined],
  ])("stores nothing when it is %s: unknown, and the notices are tried (on)", async (_, allows) => {
    const user = await telegramUser(allows);
    expect(await stored(user.userId)).toEqual({ write_access: null, telegram_unreachable_at: null });
    expect(await me(user.token)).toMatchObject({ writeAccess: null, notices: "on" });
  });

  it("a later sign-in with false keeps a stored refusal; one with true turns it and an old 'unreachable' around", async () => {
    const user = await telegramUser(false);
    expect((await answer(user.token, { allowed: false })).statusCode).toBe(200);
    signedInAs(await telegramSignIn(user.telegramId, false));
    expect(await me(user.token)).toMatchObject({ writeAccess: "refused", notices: "off" });

    await markUnreachable(user.userId);
    signedInAs(await telegramSignIn(user.telegramId, true));
    expect(await stored(user.userId)).toEqual({ write_access: "allowed", telegram_unreachable_at: null });
    expect(await me(user.token)).toMatchObject({ writeAccess: "allowed", notices: "on" });
  });

  it("GET /api/me says notices are off for someone the bot found unreachable, and null for an e-mail user", async () => {
    const user = await telegramUser();
    await markUnreachable(user.userId);
    expect(await me(user.token)).toMatchObject({ writeAccess: null, notices: "off" });
    const mail = await emailSession(store.db, "write-access@example.com");
    expect(await me(mail.token)).toMatchObject({ writeAccess: null, notices: null });
  });
});

describe("PUT /api/me/write-access", () => {
  it("stores a refusal (notices off) and then an allowance (notices on)", async () => {
    const user = await telegramUser(false);
    const refused = await answer(user.token, { allowed: false });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ writeAccess: "refused", notices: "off" });
    expect(await me(user.token)).toMatchObject({ writeAccess: "refused", notices: "off" });

    const allowed = await answer(user.token, { allowed: true });
    expect(allowed.json()).toEqual({ writeAccess: "allowed", notices: "on" });
    expect(await stored(user.userId)).toEqual({ write_access: "allowed", telegram_unreachable_at: null });
  });

  it("allowing clears an earlier 'unreachable' (a notice refused before the person allowed the bot)", async () => {
    const user = await telegramUser(false);
    await markUnreachable(user.userId);
    expect(await me(user.token)).toMatchObject({ notices: "off" });
    expect((await answer(user.token, { allowed: true })).json()).toEqual({ writeAccess: "allowed", notices: "on" });
    expect(await me(user.token)).toMatchObject({ writeAccess: "allowed", notices: "on" });
  });

  it.each([
    ["no allowed at all", {}, "allowed is required"],
    ["a text", { allowed: "true" }, "allowed must be true or false"],
    ["a number", { allowed: 1 }, "allowed must be true or false"],
    ["null", { allowed: null }, "allowed must be true or false"],
    ["an array", [true], "body must be an object"],
  ])("refuses %s with a 400 and its message, and stores nothing", async (_, payload, message) => {
    const user = await telegramUser(true);
    const res = await answer(user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message });
    expect(await stored(user.userId)).toEqual({ write_access: "allowed", telegram_unreachable_at: null });
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const user = await telegramUser(true);
    const res = await store.app.inject({
      method: "PUT",
      url: "/api/me/write-access",
      headers: { ...bearer(user.token), "content-type": "application/json" },
      payload: "{allowed: yes",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Body is not valid JSON but content-type is set to 'application/json'");
    expect((await stored(user.userId)).write_access).toBe("allowed");
  });

  it("needs a session, and a Telegram chat to write to", async () => {
    const anonymous = await store.app.inject({ method: "PUT", url: "/api/me/write-access", payload: { allowed: true } });
    expect(anonymous.statusCode).toBe(401);
    const mail = await emailSession(store.db, "no-telegram@example.com");
    const res = await answer(mail.token, { allowed: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "NO_TELEGRAM_CHAT", message: "This account has no Telegram chat for the bot to write to." });
    expect((await stored(mail.userId)).write_access).toBeNull();
  });

  it("says the 409 in the person's language", async () => {
    const mail = await emailSession(store.db, "no-telegram-ru@example.com");
    const res = await store.app.inject({
      method: "PUT",
      url: "/api/me/write-access",
      headers: { ...bearer(mail.token), "accept-language": "ru" },
      payload: { allowed: false },
    });
    const message = "У этой учётной записи нет чата в Telegram, куда бот мог бы писать.";
    expect(res.json()).toEqual({ error: "NO_TELEGRAM_CHAT", message });
  });
});

describe("the outbox and a refusal", () => {
  let fake: FakeBotApi;
  beforeAll(async () => {
    fake = await startFakeBotApi();
  });
  afterAll(() => fake.close());

  /** Every due notice delivered, as the worker would over a few rounds. */
  async function deliverAll() {
    const outbox = createOutboxDelivery({ db: store.db });
    const messenger = createTelegramMessenger(new Api(fake.token, { apiRoot: fake.apiRoot }), createMiniApp("https://shop.example"));
    const worker = createOutboxWorker({ outbox, messenger, log: quietLog });
    for (let round = 0; round < 20; round++) {
      const report = await worker.tick();
      if (report.sent + report.failed + report.skipped + report.retrying === 0) return;
    }
  }

  const noticesOf = (userId: number) =>
    store.db
      .selectFrom("outbox")
      .select(["kind", "status", "attempts", "last_error"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
  const sentTo = (telegramId: number) => fake.callsOf("sendMessage").filter((message) => message.chat_id === telegramId);

  it("skips the notices of someone who refused (skipped, not failed, not tried again) and still sends the others'", async () => {
    const products = await productIdsByName(store.db);
    const shops = await shopIdsByName(store.db);
    const line = { shopId: shops["Chaweng Beach Store"]!, productId: products["Jack Herer"]! };
    const refusing = await telegramUser(false);
    const allowing = await telegramUser(false);
    const unknown = await telegramUser();
    expect((await answer(refusing.token, { allowed: false })).statusCode).toBe(200);
    expect((await answer(allowing.token, { allowed: true })).statusCode).toBe(200);
    for (const [i, who] of [refusing, allowing, unknown].entries()) {
      expect((await placeOrder(store.app, who.token, `write-access-${i}`, line)).statusCode).toBe(201);
    }

    await deliverAll();
    expect(await noticesOf(refusing.userId)).toEqual([
      { kind: "order_placed", status: "skipped", attempts: 1, last_error: "user refused messages from the bot" },
    ]);
    expect(sentTo(refusing.telegramId)).toEqual([]);
    for (const who of [allowing, unknown]) {
      expect(await noticesOf(who.userId)).toEqual([{ kind: "order_placed", status: "sent", attempts: 1, last_error: null }]);
      expect(sentTo(who.telegramId)).toHaveLength(1);
    }

    // Nothing is left to try: another round sends nothing more to anyone.
    const sends = fake.callsOf("sendMessage").length;
    await deliverAll();
    expect(fake.callsOf("sendMessage")).toHaveLength(sends);

    // Turning notices on lets the next order's notice through.
    expect((await answer(refusing.token, { allowed: true })).statusCode).toBe(200);
    expect((await placeOrder(store.app, refusing.token, "write-access-again", line)).statusCode).toBe(201);
    await deliverAll();
    expect((await noticesOf(refusing.userId)).map((notice) => notice.status)).toEqual(["skipped", "sent"]);
    expect(sentTo(refusing.telegramId)).toHaveLength(1);
  });
});
