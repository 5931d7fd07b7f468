/**
 * Two workers serving one bot's webhook on one database (issue 22): an update of a chat whose conversation
 * state another worker changed while this one handled it must not be answered 200, or Telegram would never
 * send it again. Its state write is refused (server/services/botConversations.ts) and the webhook answers
 * with an error, so Telegram retries it, on top of the other worker's state.
 */
import type { User } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sayIn } from "../../bot/i18n";
import { adminTextsOf, storeTexts } from "../../bot/texts";
import { loadConfig } from "../../server/config";
import { appOn, makeTempDir, makeTestStore, UNLIMITED, type TestStore } from "../helpers/app";
import { startFakeBotApi, type BotParams, type FakeBotApi } from "../helpers/fakeBotApi";
import { addCustomer, addProduct, addShop, addStock, buttonPress, textMessage } from "./support";

const SECRET = "two_workers_secret";
const adminTexts = adminTextsOf(sayIn("en"));
const texts = storeTexts(sayIn("en"));
const boss: User = { id: 8201, is_bot: false, first_name: "Somsak" };

let fake: FakeBotApi;
let one: TestStore;
let other: FastifyInstance;
let updates = 0;

beforeEach(async () => {
  fake = await startFakeBotApi();
  const env = {
    BOT_TOKEN: fake.token,
    BOT_MODE: "webhook",
    BOT_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: fake.apiRoot,
    PUBLIC_URL: "https://shop.example",
  };
  one = await makeTestStore({ seed: false, env });
  const warehouse = await addShop(one.db, "Central warehouse");
  await addStock(one.db, warehouse, await addProduct(one.db, "Jack Herer", 450), 5);
  await addCustomer(one.db, { telegram_id: boss.id, first_name: "Somsak", is_admin: true });
  // The second worker: its own process memory, the same database.
  const otherDataDir = await makeTempDir();
  const otherConfig = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: otherDataDir, ...UNLIMITED, ...env });
  other = await appOn({ ...otherConfig, webappDir: null }, one.db);
});

afterEach(async () => {
  await other.close();
  await one.close();
  await fake.close();
});

/** Telegram posting an update to a worker; `update_id` is kept so that a retry posts the same update. */
function post(worker: FastifyInstance, update: object) {
  return worker.inject({
    method: "POST",
    url: "/telegram/webhook",
    headers: { "x-telegram-bot-api-secret-token": SECRET },
    payload: update,
  });
}

const conversationRows = () => one.db.selectFrom("bot_conversations").select(["key", "value"]).execute();

describe("one chat's conversation on two workers", () => {
  it("an update whose state changed elsewhere meanwhile fails (Telegram retries it), and the retry goes on from that state", async () => {
    expect((await post(one.app, { update_id: ++updates, ...textMessage(boss, "/addstock") })).statusCode).toBe(200);
    const [products] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === boss.id });
    const keyboard = products!.reply_markup.inline_keyboard as { text: string; callback_data: string }[][];
    const jack = keyboard.flat().find((b) => b.text === "Jack Herer")!;
    const productsId = (fake.calls.find((c) => c.params === products)!.result as { message_id: number }).message_id;

    // Worker one takes a typed search and is held while it answers (its state read, not yet written) …
    const typed = { update_id: ++updates, ...textMessage(boss, "zzz") };
    const held = fake.hold("sendMessage", { where: (p: BotParams) => p.text === adminTexts.noProductMatches("zzz") });
    const first = post(one.app, typed);
    await fake.waitFor("sendMessage", { received: true, where: (p) => p.text === adminTexts.noProductMatches("zzz") });
    // … while worker two takes the press of Jack Herer and moves the conversation on (one option: to the shop step).
    const press = await post(other, { update_id: ++updates, ...buttonPress(boss, jack.callback_data, productsId, products!.text) });
    expect(press.statusCode).toBe(200);
    const shopStep = (p: BotParams) => String(p.text).startsWith("Add Jack Herer (1 g) to which shop?");
    const [shopQuestion] = await fake.waitFor("sendMessage", { where: shopStep });
    expect(shopQuestion).toBeDefined();
    const [afterPress] = await conversationRows();

    held.release();
    const refused = await first;
    // Not 200: Telegram sends the update again.
    expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    // The state is worker two's, untouched by the refused write.
    expect(await conversationRows()).toEqual([afterPress]);

    // Telegram's retry (here to the other worker) is handled on top of that state: the shop step asks for a button.
    const sentBefore = fake.callsOf("sendMessage").length;
    expect((await post(other, typed)).statusCode).toBe(200);
    const sent = await fake.waitFor("sendMessage", { count: sentBefore + 1 });
    expect(sent[sentBefore]!.text).toBe(adminTexts.useButtons);
    // Nobody was told that something went wrong: the update was not lost, only late.
    expect(fake.callsOf("sendMessage").filter((p) => p.text === texts.somethingWentWrong)).toEqual([]);
  });
});
