/**
 * POST /api/referrals/share-message (issue 26) against the fake Bot API: the store asks Telegram to keep the
 * referral card for the person (savePreparedInlineMessage with their Telegram id, the shop's name, the 3% offer
 * and a button opening the store with their code as startapp) and answers its id; an account without Telegram,
 * a store without a bot and a Telegram that fails or cannot be reached get a clear refusal, and the next press works.
 */
import { afterEach, describe, expect, it } from "vitest";
import { makeTestStore, type TestStore } from "../../helpers/app";
import { startFakeBotApi, type BotParams, type FakeBotApi } from "../../helpers/fakeBotApi";
import { bearer, emailSession, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const BOT_USERNAME = "samui_store_bot";

let store: TestStore | undefined;
let fake: FakeBotApi | undefined;

afterEach(async () => {
  await store?.close();
  await fake?.close();
  store = undefined;
  fake = undefined;
});

async function storeWithFakeBot(env: Record<string, string> = { BOT_USERNAME }): Promise<{ store: TestStore; fake: FakeBotApi }> {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.apiRoot, ...env } });
  return { store, fake };
}

function share(token: string, headers: Record<string, string> = {}) {
  return store!.app.inject({ method: "POST", url: "/api/referrals/share-message", headers: { ...bearer(token), ...headers } });
}

async function reflinkOf(token: string): Promise<string> {
  const res = await store!.app.inject({ method: "GET", url: "/api/partner", headers: bearer(token) });
  return res.json().reflink;
}

/** The card's text as a chat shows it, and its one button. */
function cardOf(call: BotParams): { text: string; button: { text: string; url: string } } {
  const rows = call.result.reply_markup.inline_keyboard as { text: string; url: string }[][];
  expect(rows.flat()).toHaveLength(1);
  return { text: call.result.input_message_content.message_text, button: rows[0]![0]! };
}

describe("sharing the referral card", () => {
  it("asks Telegram to keep the card for the person's Telegram id and answers its id", async () => {
    const { fake } = await storeWithFakeBot();
    const customer = await signInCustomer(store!.app, 71_001, "Nok");
    const reflink = await reflinkOf(customer.token);

    const res = await share(customer.token);
    expect(res.statusCode).toBe(200);
    const calls = fake.callsOf("savePreparedInlineMessage");
    expect(calls).toHaveLength(1);
    const [call] = calls;
    // The id the mini-app hands to shareMessage is the one Telegram gave.
    const given = fake.calls.find((c) => c.method === "savePreparedInlineMessage")!.result as { id: string };
    expect(res.json()).toEqual({ id: given.id });

    expect(call!.user_id).toBe(71_001);
    expect(call!).toMatchObject({ allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true });
    expect(call!.result).toMatchObject({ type: "article", title: "Koh Samui Store" });
    const card = cardOf(call!);
    expect(card.text).toBe(
      "Koh Samui Store: order through my link.\nInvite your friends too: 3% of every order they place comes back to you as bonus.",
    );
    expect(card.button).toEqual({ text: "Open the store", url: `https://t.me/${BOT_USERNAME}?startapp=${reflink}` });
    // Each press makes a card of its own (a prepared message expires).
    expect((await share(customer.token)).json().id).not.toBe(given.id);
  });

  it("writes the card in the sharer's language", async () => {
    const { fake } = await storeWithFakeBot();
    const customer = await signInCustomer(store!.app, 71_002, "Olga");
    expect((await share(customer.token, { "accept-language": "ru" })).statusCode).toBe(200);
    expect((await share(customer.token, { "accept-language": "th" })).statusCode).toBe(200);
    const [ru, th] = fake.callsOf("savePreparedInlineMessage").map(cardOf);
    expect(ru!.text).toBe(
      "Koh Samui Store: заказывайте по моей ссылке.\nПриглашайте и своих друзей: 3% с каждого их заказа возвращаются вам бонусами.",
    );
    expect(ru!.button.text).toBe("Открыть магазин");
    expect(th!.text).toContain("3%");
    expect(th!.button.text).toBe("เปิดร้านค้า");
  });

  it("without BOT_USERNAME asks the bot's own username once and links through it", async () => {
    const { fake } = await storeWithFakeBot({});
    const customer = await signInCustomer(store!.app, 71_003);
    const reflink = await reflinkOf(customer.token);
    expect((await share(customer.token)).statusCode).toBe(200);
    expect((await share(customer.token)).statusCode).toBe(200);
    expect(fake.callsOf("getMe")).toHaveLength(1);
    const cards = fake.callsOf("savePreparedInlineMessage").map(cardOf);
    expect(cards.map((c) => c.button.url)).toEqual([
      `https://t.me/kohsamui_store_bot?startapp=${reflink}`,
      `https://t.me/kohsamui_store_bot?startapp=${reflink}`,
    ]);
  });
});

describe("when there is no card to make", () => {
  it("refuses an account without Telegram with 409 and asks Telegram nothing", async () => {
    const { fake } = await storeWithFakeBot();
    const web = await emailSession(store!.db, "web-only@samui.example");
    const res = await share(web.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: "NO_TELEGRAM",
      message: "Only an account signed in through Telegram can share a card into a Telegram chat.",
    });
    expect(fake.calls.filter((c) => c.method === "savePreparedInlineMessage")).toEqual([]);
  });

  it("answers 503 in a store without a bot", async () => {
    store = await makeTestStore();
    const web = await emailSession(store.db, "no-bot@samui.example");
    const res = await share(web.token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: "SHARE_UNAVAILABLE",
      message: "Sharing a card needs the store's Telegram bot, which is not set up here.",
    });
  });

  it("needs a session", async () => {
    await storeWithFakeBot();
    const res = await store!.app.inject({ method: "POST", url: "/api/referrals/share-message" });
    expect(res.statusCode).toBe(401);
  });
});

describe("when Telegram fails", () => {
  const unavailable = {
    error: "TELEGRAM_UNAVAILABLE",
    message: "Telegram could not prepare the card right now. Please try again in a moment.",
  };

  it("answers 503 when the Bot API refuses or errs, and the next press works", async () => {
    const { fake } = await storeWithFakeBot();
    const customer = await signInCustomer(store!.app, 71_004);
    fake.failNext("savePreparedInlineMessage", { error_code: 500, description: "Internal Server Error" });
    fake.failNext("savePreparedInlineMessage", { error_code: 429, retry_after: 3 });
    for (let i = 0; i < 2; i++) {
      const res = await share(customer.token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
    }
    const again = await share(customer.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toMatch(/^prepared-/);
  });

  it("answers 503 in the person's language when the Bot API cannot be reached at all", async () => {
    const { fake } = await storeWithFakeBot();
    const customer = await signInCustomer(store!.app, 71_005);
    await fake.close();
    const started = Date.now();
    const res = await share(customer.token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(5_000);
    const ru = await share(customer.token, { "accept-language": "ru" });
    expect(ru.json()).toEqual({
      error: "TELEGRAM_UNAVAILABLE",
      message: "Telegram сейчас не смог подготовить карточку. Попробуйте ещё раз чуть позже.",
    });
    // The store goes on answering.
    expect((await store!.app.inject({ method: "GET", url: "/api/partner", headers: bearer(customer.token) })).statusCode).toBe(200);
  });
});
