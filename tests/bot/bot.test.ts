/**
 * The real bot, long polling a fake Bot API over real HTTP, on a real SQLite database with the real
 * migrations. Updates are queued on the fake; assertions are on the calls the bot makes back.
 */
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { createBot, type StoreBot } from "../../bot/bot";
import { callbackData } from "../../bot/callbackData";
import { startPolling, type RunningTelegram } from "../../bot/launch";
import { createMiniApp } from "../../bot/miniApp";
import type { DB } from "../../db/connection";
import { createHandover } from "../../server/services/handover";
import { createLinkSigner } from "../../server/services/links";
import { testDatabase } from "../helpers/app";
import { FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi, type BotParams } from "../helpers/fakeBotApi";
import {
  addCustomer,
  addOrder,
  addProduct,
  addShop,
  anna,
  ben,
  botServicesFor,
  buttonPress,
  channelPost,
  quietLog,
  recordingLog,
  snapshot,
  stickerMessage,
  textMessage,
} from "./support";

const STORE_URL = "https://shop.example";

let fake: FakeBotApi;
let db: DB;
let running: RunningTelegram;

async function runBot(publicUrl = STORE_URL, log = quietLog): Promise<StoreBot> {
  const config = { botToken: fake.token, publicUrl, telegramApiRoot: fake.apiRoot };
  const handover = createHandover({ db, clock: Date.now, links: createLinkSigner(db) });
  const bot = createBot({ services: botServicesFor(db, { handover }), config, log, botInfo: FAKE_BOT_INFO });
  running = startPolling(bot, createMiniApp(publicUrl), log);
  return bot;
}

/** The bot's answers to one chat, in order. */
const repliesTo = (chatId: number) => fake.callsOf("sendMessage").filter((p) => p.chat_id === chatId);
const buttons = (params: BotParams) => (params.reply_markup?.inline_keyboard ?? []).flat() as BotParams[];

beforeEach(async () => {
  fake = await startFakeBotApi();
  db = await testDatabase(false);
  return async () => {
    await running?.stop();
    await fake.close();
    await db.destroy();
  };
});

describe("the bot over https (inside Telegram)", () => {
  beforeEach(async () => {
    await runBot();
  });

  it("sets the chat menu button to the mini-app and the command list when it starts", async () => {
    const [menu] = await fake.waitFor("setChatMenuButton");
    expect(menu).toEqual({ menu_button: { type: "web_app", text: "Open Store", web_app: { url: STORE_URL } } });
    const [commands] = await fake.waitFor("setMyCommands");
    expect(commands!.commands.map((c: { command: string }) => c.command)).toEqual(["start", "orders", "help"]);
    // Updates that waited while the bot was down are kept.
    expect(fake.callsOf("deleteWebhook")[0]).not.toMatchObject({ drop_pending_updates: true });
  });

  it("answers /start with a welcome and an Open Store web_app button to the mini-app", async () => {
    fake.queueUpdate(textMessage(anna, "/start"));
    const [reply] = await fake.waitFor("sendMessage");
    expect(reply!.chat_id).toBe(anna.id);
    expect(reply!.text).toMatch(/^Hi Anna! Welcome to Koh Samui Store/);
    expect(buttons(reply!)).toEqual([{ text: "Open Store", web_app: { url: STORE_URL } }]);
  });

  it("welcomes a /start with a deep-link payload the same way", async () => {
    fake.queueUpdate(textMessage(anna, "/start ref_ABCD1234"));
    const [reply] = await fake.waitFor("sendMessage");
    expect(reply!.text).toMatch(/Welcome to Koh Samui Store/);
    expect(buttons(reply!)[0]!.web_app.url).toBe(STORE_URL);
  });

  it("lists only the sender's orders on /orders, newest first, each with a button into the mini-app", async () => {
    const shop = await addShop(db, "Chaweng Beach Store");
    const annaId = await addCustomer(db, { telegram_id: anna.id, first_name: "Anna" });
    const benId = await addCustomer(db, { telegram_id: ben.id, first_name: "Ben" });
    const older = await addOrder(db, {
      user_id: annaId,
      shop_id: shop,
      status: "S",
      total: 12_500,
      created_at: "2026-11-20T03:15:00.000Z",
    });
    const newer = await addOrder(db, { user_id: annaId, shop_id: shop, status: "W", total: 900, created_at: "2026-11-21T09:00:00.000Z" });
    const bens = await addOrder(db, { user_id: benId, shop_id: shop, status: "N", total: 450, created_at: "2026-11-21T10:00:00.000Z" });

    fake.queueUpdate(textMessage(anna, "/orders"));
    const [reply] = await fake.waitFor("sendMessage");
    expect(reply!.chat_id).toBe(anna.id);
    expect(reply!.text.split("\n")).toEqual([
      "Your latest orders:",
      "",
      `#${newer} · In progress · 21.11.2026 16:00 · 900 ฿`,
      `#${older} · Done · 20.11.2026 10:15 · 12,500 ฿`,
    ]);
    expect(reply!.text).not.toContain(`#${bens}`);
    const opens = buttons(reply!).filter((b) => b.web_app);
    expect(opens).toEqual([
      { text: `Open #${newer}`, web_app: { url: `${STORE_URL}/order/${newer}` } },
      { text: `Open #${older}`, web_app: { url: `${STORE_URL}/order/${older}` } },
    ]);
  });

  it("points someone with no orders (or unknown to the store) at the store", async () => {
    fake.queueUpdate(textMessage(ben, "/orders"));
    const [reply] = await fake.waitFor("sendMessage");
    expect(reply!.text).toBe("You have no orders yet. Tap Open Store to place one.");
    expect(buttons(reply!)).toEqual([{ text: "Open Store", web_app: { url: STORE_URL } }]);
  });

  it("explains itself on /help", async () => {
    fake.queueUpdate(textMessage(anna, "/help"));
    const [reply] = await fake.waitFor("sendMessage");
    expect(reply!.text).toContain("/orders shows your latest orders");
    expect(reply!.text).toContain("remind you 30 minutes before a pickup hold ends");
  });

  it("never stays silent: unknown commands, plain text, stickers and oversized texts get the hint", async () => {
    const oversized = "x".repeat(10_000);
    for (const update of [textMessage(anna, "/refund"), textMessage(anna, "hello?"), stickerMessage(anna), textMessage(anna, oversized)]) {
      fake.queueUpdate(update);
    }
    const replies = await fake.waitFor("sendMessage", { count: 4 });
    for (const reply of replies) {
      expect(reply.text).toMatch(/^I only understand a few commands: \/start .* \/orders .* \/help/);
      expect(buttons(reply)[0]).toMatchObject({ text: "Open Store" });
    }
    expect(replies.some((r) => r.text.includes("xxxxxxxx"))).toBe(false);
  });

  it("ignores updates with no sender, quietly, and changes nothing", async () => {
    const annaId = await addCustomer(db, { telegram_id: anna.id });
    // Known to take the bot's messages already: her /help, the marker, has nothing new to store (issue 26).
    await db.updateTable("users").set({ write_access: "allowed" }).where("id", "=", annaId).execute();
    const before = await snapshot(db);
    fake.queueUpdate(channelPost("/orders"));
    fake.queueUpdate(textMessage(anna, "/help"));
    await fake.waitFor("sendMessage");
    // Updates are handled in order: the channel post was done before /help was answered.
    expect(fake.calls.filter((c) => c.method !== "getUpdates").map((c) => c.method)).toEqual([
      "deleteWebhook",
      // The command menu in English (the default), Russian and Thai.
      "setMyCommands",
      "setMyCommands",
      "setMyCommands",
      "setChatMenuButton",
      "sendMessage",
    ]);
    expect(repliesTo(anna.id)).toHaveLength(1);
    expect(await snapshot(db)).toEqual(before);
  });

  describe("buttons", () => {
    let shop: number;
    let annaOrder: number;
    let bensOrder: number;

    beforeEach(async () => {
      shop = await addShop(db, "Lamai Night Market", "Lamai Beach Rd");
      const product = await addProduct(db, "Jack Herer", 450);
      const annaId = await addCustomer(db, { telegram_id: anna.id });
      const benId = await addCustomer(db, { telegram_id: ben.id });
      annaOrder = await addOrder(db, {
        user_id: annaId,
        shop_id: shop,
        status: "N",
        created_at: "2026-11-21T07:00:00.000Z",
        hold_until: "2026-11-21T10:00:00.000Z",
        lines: [{ product_id: product, product_name: "Jack Herer", per_price: 450, amount: 2 }],
      });
      bensOrder = await addOrder(db, { user_id: benId, shop_id: shop, total: 3_000 });
    });

    it("shows the sender's own order in place on Details, and goes back to the list", async () => {
      fake.queueUpdate(buttonPress(anna, callbackData({ type: "order:show", orderId: annaOrder }), 77));
      const [edit] = await fake.waitFor("editMessageText");
      expect(edit).toMatchObject({ chat_id: anna.id, message_id: 77 });
      expect(edit!.text.split("\n")).toEqual([
        `Order #${annaOrder} · New`,
        "21.11.2026 14:00 · Lamai Night Market, Lamai Beach Rd",
        "",
        "2 × Jack Herer (1 g): 900 ฿",
        "",
        "Total: 900 ฿",
        "Please pick it up before 17:00.",
      ]);
      expect(buttons(edit!)).toEqual([
        { text: `Open order #${annaOrder}`, web_app: { url: `${STORE_URL}/order/${annaOrder}` } },
        { text: "« My orders", callback_data: "orders:list" },
      ]);
      await fake.waitFor("answerCallbackQuery");

      fake.queueUpdate(buttonPress(anna, "orders:list", 77));
      const edits = await fake.waitFor("editMessageText", { count: 2 });
      expect(edits[1]!.text).toMatch(new RegExp(`^Your latest orders:\\n\\n#${annaOrder} · New`));
    });

    it("answers a press on someone else's order, or one that does not exist, politely and changes nothing", async () => {
      const before = await snapshot(db);
      fake.queueUpdate(buttonPress(anna, callbackData({ type: "order:show", orderId: bensOrder })));
      fake.queueUpdate(buttonPress(anna, callbackData({ type: "order:show", orderId: 999_999 })));
      const answers = await fake.waitFor("answerCallbackQuery", { count: 2 });
      expect(answers.map((a) => a.text)).toEqual(["This order is not available.", "This order is not available."]);
      expect(fake.callsOf("editMessageText")).toEqual([]);
      expect(fake.callsOf("sendMessage")).toEqual([]);
      expect(await snapshot(db)).toEqual(before);
    });

    it("answers malformed callback data politely and changes nothing", async () => {
      const before = await snapshot(db);
      const forged = [
        "order:show:abc",
        "order:show:-1",
        `order:show:${annaOrder} `,
        "order:delete:1",
        "'; drop table orders; --",
        "x".repeat(64),
      ];
      for (const data of forged) fake.queueUpdate(buttonPress(anna, data));
      const answers = await fake.waitFor("answerCallbackQuery", { count: forged.length });
      for (const answer of answers) expect(answer.text).toBe("This button is out of date. Send /orders for a fresh list.");
      expect(fake.callsOf("editMessageText")).toEqual([]);
      expect(await snapshot(db)).toEqual(before);
    });
  });

  it("apologises when a feature fails, and keeps serving the next update", async () => {
    const { log, entries } = recordingLog();
    await running.stop();
    await runBot(STORE_URL, log);
    await sql`alter table orders rename to orders_away`.execute(db);
    fake.queueUpdate(textMessage(anna, "/orders"));
    fake.queueUpdate(textMessage(anna, "/help"));
    const [apology, help] = await fake.waitFor("sendMessage", { count: 2 });
    expect(apology!.text).toBe("Sorry, something went wrong on our side. Please try again in a minute.");
    expect(help!.text).toContain("/orders shows your latest orders");
    expect(entries.some((e) => e.level === "error" && e.message === "a bot feature failed")).toBe(true);
  });

  it("marks a customer who blocks the bot unreachable, and reachable again when they come back", async () => {
    const id = await addCustomer(db, { telegram_id: anna.id });
    const memberUpdate = (status: "kicked" | "member") => ({
      my_chat_member: {
        chat: { id: anna.id, type: "private", first_name: "Anna" },
        from: anna,
        date: Math.floor(Date.now() / 1000),
        old_chat_member: { user: FAKE_BOT_INFO, status: status === "kicked" ? "member" : "kicked" },
        new_chat_member: { user: FAKE_BOT_INFO, status, ...(status === "kicked" ? { until_date: 0 } : {}) },
      },
    });
    const unreachableAt = async () =>
      (await db.selectFrom("users").select("telegram_unreachable_at").where("id", "=", id).executeTakeFirstOrThrow())
        .telegram_unreachable_at;

    fake.queueUpdate(memberUpdate("kicked") as never);
    fake.queueUpdate(textMessage(ben, "/help")); // handled after the block: a marker to wait for
    await fake.waitFor("sendMessage");
    expect(await unreachableAt()).not.toBeNull();
    expect(repliesTo(anna.id)).toEqual([]);

    fake.queueUpdate(memberUpdate("member") as never);
    fake.queueUpdate(textMessage(ben, "/help"));
    await fake.waitFor("sendMessage", { count: 2 });
    expect(await unreachableAt()).toBeNull();
  });

  // ---- g-write ----
  it("takes /start from a customer who refused the bot's messages in the mini-app as leave to write (issue 26)", async () => {
    const id = await addCustomer(db, { telegram_id: anna.id });
    const refusedAt = "2026-11-27T10:00:00.000Z";
    await db.updateTable("users").set({ write_access: "refused", telegram_unreachable_at: refusedAt }).where("id", "=", id).execute();
    const access = () =>
      db.selectFrom("users").select(["write_access", "telegram_unreachable_at"]).where("id", "=", id).executeTakeFirstOrThrow();

    fake.queueUpdate(textMessage(ben, "/start"));
    await fake.waitFor("sendMessage");
    expect(await access()).toEqual({ write_access: "refused", telegram_unreachable_at: refusedAt });

    fake.queueUpdate(textMessage(anna, "/start"));
    await fake.waitFor("sendMessage", { count: 2 });
    expect(await access()).toEqual({ write_access: "allowed", telegram_unreachable_at: null });
  });
});

describe("the bot with an http PUBLIC_URL (local development)", () => {
  it("sends plain links instead of web_app buttons, keeps the command menu, and says why once", async () => {
    const { log, entries } = recordingLog();
    await runBot("http://localhost:3000", log);
    const [menu] = await fake.waitFor("setChatMenuButton");
    expect(menu).toEqual({ menu_button: { type: "commands" } });

    fake.queueUpdate(textMessage(anna, "/start"));
    fake.queueUpdate(textMessage(anna, "/help"));
    const [welcome] = await fake.waitFor("sendMessage", { count: 2 });
    expect(buttons(welcome!)).toEqual([{ text: "Open Store", url: "http://localhost:3000" }]);
    expect(entries.filter((e) => e.level === "warn" && /not https/.test(e.message ?? ""))).toHaveLength(1);
  });
});
