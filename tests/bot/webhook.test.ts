/**
 * Webhook mode over real HTTP: the app listens on a free port, a test posts updates as Telegram would,
 * and the bot's answers reach the fake Bot API. Also how `npm start` brings the bot up in each mode.
 */
import { rm } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";
import { makeTempDir, makeTestStore, type TestStore } from "../helpers/app";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { anna, textMessage } from "./support";

const SECRET = "webhook_Secret-42";

let fake: FakeBotApi;

beforeEach(async () => {
  fake = await startFakeBotApi();
  return () => fake.close();
});

describe("webhook mode (BOT_MODE=webhook)", () => {
  let store: TestStore;
  let url: string;

  beforeEach(async () => {
    store = await makeTestStore({
      seed: false,
      env: { BOT_TOKEN: fake.token, BOT_MODE: "webhook", BOT_WEBHOOK_SECRET: SECRET, TELEGRAM_API_ROOT: fake.apiRoot, PUBLIC_URL: "https://shop.example" },
    });
    await store.app.listen({ host: "127.0.0.1", port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/telegram/webhook`;
    return () => store.close();
  });

  const post = (body: unknown, headers: Record<string, string>) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  it("handles an update posted with the right secret: the bot answers through the Bot API", async () => {
    const res = await post({ update_id: 1, ...textMessage(anna, "/start") }, { "x-telegram-bot-api-secret-token": SECRET });
    expect(res.status).toBe(200);
    const [reply] = await fake.waitFor("sendMessage");
    expect(reply).toMatchObject({ chat_id: anna.id, reply_markup: { inline_keyboard: [[{ text: "Open Store", web_app: { url: "https://shop.example" } }]] } });
  });

  it("answers 401 to a wrong or missing secret, and the bot does nothing", async () => {
    const update = { update_id: 2, ...textMessage(anna, "/start") };
    const wrong = await post(update, { "x-telegram-bot-api-secret-token": `${SECRET}x` });
    const missing = await post(update, {});
    const empty = await post(update, { "x-telegram-bot-api-secret-token": "" });
    expect([wrong.status, missing.status, empty.status]).toEqual([401, 401, 401]);
    // A post with the right secret afterwards is the first thing the bot ever answers.
    await post({ update_id: 3, ...textMessage(anna, "/help") }, { "x-telegram-bot-api-secret-token": SECRET });
    await fake.waitFor("sendMessage");
    expect(fake.callsOf("sendMessage").map((m) => m.text.slice(0, 20))).toEqual(["Koh Samui Store bot\n"]);
  });

  it("is not there in polling mode", async () => {
    const polling = await makeTestStore({ seed: false, env: { BOT_TOKEN: fake.token, TELEGRAM_API_ROOT: fake.apiRoot } });
    const res = await polling.app.inject({
      method: "POST",
      url: "/telegram/webhook",
      payload: { update_id: 1 },
      headers: { "x-telegram-bot-api-secret-token": SECRET },
    });
    expect(res.statusCode).toBe(404);
    await polling.close();
  });
});

describe("npm start with a bot token", () => {
  let dataDir: string;
  let running: Awaited<ReturnType<typeof start>> | null = null;

  beforeEach(async () => {
    dataDir = await makeTempDir("store-bot-");
  });
  afterEach(async () => {
    await running?.stop("test");
    running = null;
    await rm(dataDir, { recursive: true, force: true });
  });

  const config = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      SEED_DEMO: "false",
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      ...env,
    });

  it("polls Telegram and sets the menu in the same process as the API (polling, the default)", async () => {
    running = await start(config({ PUBLIC_URL: "https://shop.example" }));
    await fake.waitFor("setChatMenuButton");
    await fake.waitFor("getUpdates", { received: true });
    fake.queueUpdate(textMessage(anna, "/help"));
    await fake.waitFor("sendMessage");
    expect(fake.callsOf("setWebhook")).toEqual([]);
  });

  it("tells Telegram where to post, with the secret, in webhook mode", async () => {
    running = await start(config({ PUBLIC_URL: "https://shop.example", BOT_MODE: "webhook", BOT_WEBHOOK_SECRET: SECRET }));
    const [webhook] = await fake.waitFor("setWebhook");
    expect(webhook).toEqual({ url: "https://shop.example/telegram/webhook", secret_token: SECRET });
    await fake.waitFor("setChatMenuButton");
    expect(fake.calls.filter((c) => c.method === "getUpdates")).toEqual([]);
  });

  it("runs no bot with BOT_MODE=off: the token is for sign-in only", async () => {
    running = await start(config({ BOT_MODE: "off" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.calls).toEqual([]);
  });
});
