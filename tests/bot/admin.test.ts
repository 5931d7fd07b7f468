/**
 * Staff and admins in the chat (issue 12, "Admin in the bot"): the real bot long polling the fake Bot API,
 * on a real SQLite database with the real migrations, with the real hand-over service and the back
 * office's real services (statistics, stock) as the composition root hands them to the bot.
 * Command menus by role, /orders for staff, /stats, /lowstock, and non-admins getting the ordinary hint.
 */
import type { User } from "grammy/types";
import { beforeEach, describe, expect, it } from "vitest";
import { createBot } from "../../bot/bot";
import { startPolling, type RunningTelegram } from "../../bot/launch";
import { createMiniApp } from "../../bot/miniApp";
import { sayIn } from "../../bot/i18n";
import { adminTextsOf, commandMenu } from "../../bot/texts";
import type { DB } from "../../db/connection";
import { createHandover, type Handover } from "../../server/services/handover";
import { createLinkSigner } from "../../server/services/links";
import { createOrders, type Orders } from "../../server/services/orders";
import { makeTestStore, testDatabase } from "../helpers/app";
import { FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi, type BotParams } from "../helpers/fakeBotApi";
import { backOfficeFor } from "./adminServices";
import { addCustomer, addProduct, addShop, addStaff, addStock, botServicesFor, buttonPress, quietLog, textMessage } from "./support";

const STORE_URL = "https://shop.example";
const adminTexts = adminTextsOf(sayIn("en"));
const COMMANDS = commandMenu("en", "customer");
const STAFF_COMMANDS = commandMenu("en", "staff");
const ADMIN_COMMANDS = commandMenu("en", "admin");
const HINT = /^I only understand a few commands: \/start .* \/orders .* \/help/;

const boss: User = { id: 8001, is_bot: false, first_name: "Somsak" };
const mali: User = { id: 8002, is_bot: false, first_name: "Mali" };
const anna: User = { id: 8003, is_bot: false, first_name: "Anna" };

let fake: FakeBotApi;
let db: DB;
let running: RunningTelegram | undefined;
let now: number;
let orders: Orders;
let handover: Handover;
let warehouse: number;
let chaweng: number;
let lamai: number;
let jack: number;
let bossId: number;
let maliId: number;
let annaId: number;
let keys = 0;

beforeEach(async () => {
  now = Date.parse("2026-11-23T05:00:00.000Z"); // 12:00 on the island
  fake = await startFakeBotApi();
  db = await testDatabase(false);
  warehouse = await addShop(db, "Central warehouse");
  chaweng = await addShop(db, "Chaweng Beach Store", "14 Beach Rd");
  lamai = await addShop(db, "Lamai Night Market", "Lamai Beach Rd");
  jack = await addProduct(db, "Jack Herer", 450);
  await addStock(db, chaweng, jack, 100);
  await addStock(db, lamai, jack, 100);
  bossId = await addCustomer(db, { telegram_id: boss.id, first_name: "Somsak", is_admin: true });
  maliId = await addStaff(db, chaweng, { telegram_id: mali.id, first_name: "Mali" });
  annaId = await addCustomer(db, { telegram_id: anna.id, first_name: "Anna" });
  const clock = () => now;
  const links = createLinkSigner(db);
  orders = createOrders({ db, clock, links });
  handover = createHandover({ db, clock, links });
  return async () => {
    await running?.stop();
    running = undefined;
    await fake.close();
    await db.destroy();
  };
});

function runBot() {
  const config = { botToken: fake.token, publicUrl: STORE_URL, telegramApiRoot: fake.apiRoot };
  const clock = () => now;
  const services = botServicesFor(db, { handover, clock, backOffice: backOfficeFor(db, clock) });
  const bot = createBot({ services, config, log: quietLog, clock, botInfo: FAKE_BOT_INFO });
  running = startPolling(bot, createMiniApp(STORE_URL), quietLog, services.botAdmin);
  return bot;
}

const repliesTo = (chatId: number) => fake.callsOf("sendMessage").filter((p) => p.chat_id === chatId);
const buttons = (params: BotParams) => (params.reply_markup?.inline_keyboard ?? []).flat() as BotParams[];

/** Sends a message and waits for the bot's next reply to that chat. */
async function say(who: User, text: string): Promise<BotParams> {
  const before = repliesTo(who.id).length;
  fake.queueUpdate(textMessage(who, text));
  const replies = await fake.waitFor("sendMessage", { count: before + 1, where: (p) => p.chat_id === who.id });
  return replies[before]!;
}

async function placeOrder(shopId: number, amount = 2): Promise<number> {
  const { order } = await orders.placeOrder({
    userId: annaId,
    idempotencyKey: `bot-admin-${++keys}`,
    body: { shop_id: shopId, items: [{ product_id: jack, option_id: 0, amount }], delivery_option: 1, payment_option: 1 },
  });
  return order.id;
}

describe("command menus by role", () => {
  it("gives each admin and each manager with a chat their own menu, and never a customer", async () => {
    await addCustomer(db, { email: "mail-only-admin@samui.example", is_admin: true }); // no chat: no menu
    runBot();
    const scoped = await fake.waitFor("setMyCommands", { count: 2, where: (p) => p.scope !== undefined && p.language_code === undefined });
    const byChat = new Map(scoped.map((p) => [p.scope.chat_id as number, p]));
    expect([...byChat.keys()].sort()).toEqual([boss.id, mali.id]);
    expect(byChat.get(boss.id)!.scope).toEqual({ type: "chat", chat_id: boss.id });
    expect(byChat.get(boss.id)!.commands).toEqual(ADMIN_COMMANDS);
    expect(byChat.get(mali.id)!.commands).toEqual(STAFF_COMMANDS);
    const adminOnly = ["stats", "lowstock", "addstock"];
    expect(STAFF_COMMANDS.map((c) => c.command)).not.toEqual(expect.arrayContaining(adminOnly));
    expect(ADMIN_COMMANDS.map((c) => c.command)).toEqual(expect.arrayContaining(adminOnly));
    // Everyone else keeps the default menu, which names no admin command.
    const defaults = fake.callsOf("setMyCommands").filter((p) => p.scope === undefined && p.language_code === undefined);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]!.commands).toEqual(COMMANDS);

    // A customer talking to the bot gets no menu of their own.
    await say(anna, "/start");
    expect(fake.callsOf("setMyCommands").filter((p) => p.scope?.chat_id === anna.id)).toEqual([]);
  });

  it("gives someone made admin their menu on /start, and takes it back at the next start once they are not", async () => {
    runBot();
    await fake.waitFor("setMyCommands", { count: 2, where: (p) => p.scope !== undefined && p.language_code === undefined });
    await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", annaId).execute();
    await say(anna, "/start");
    const [annas] = await fake.waitFor("setMyCommands", { where: (p) => p.scope?.chat_id === anna.id && p.language_code === undefined });
    expect(annas!.commands).toEqual(ADMIN_COMMANDS);

    // Demoted while the bot was down: the next start gives her the default menu back.
    await running!.stop();
    await db.updateTable("users").set({ is_admin: 0 }).where("id", "=", annaId).execute();
    runBot();
    const annasNow = await fake.waitFor("setMyCommands", {
      count: 2,
      where: (p) => p.scope?.chat_id === anna.id && p.language_code === undefined,
    });
    expect(annasNow[1]!.commands).toEqual(COMMANDS);
  });
});

describe("/orders for staff", () => {
  it("lists a manager's open orders of their shop with Take order and Open; Take order takes it", async () => {
    const fresh = await placeOrder(chaweng);
    const taken = await placeOrder(chaweng, 1);
    const elsewhere = await placeOrder(lamai);
    await handover.take(maliId, taken);
    runBot();

    const reply = await say(mali, "/orders");
    const lines = reply.text.split("\n");
    expect(lines[0]).toBe("Open orders");
    expect(lines).toContain("Chaweng Beach Store");
    expect(lines.find((l: string) => l.startsWith(`#${fresh} `))).toMatch(
      new RegExp(`^#${fresh} · New · 23\\.11\\.2026 12:00 · 900 ฿ · held until \\d\\d:\\d\\d$`),
    );
    expect(lines.find((l: string) => l.startsWith(`#${taken} `))).toMatch(new RegExp(`^#${taken} · In progress \\(Mali\\) · `));
    expect(reply.text).not.toContain(`#${elsewhere}`);
    expect(reply.text).not.toContain("Lamai");
    expect(buttons(reply)).toEqual([
      { text: `Take order #${fresh}`, callback_data: `staff:take:${fresh}` },
      { text: `Open #${fresh}`, web_app: { url: `${STORE_URL}/order/manage/${fresh}` } },
      { text: `Open #${taken}`, web_app: { url: `${STORE_URL}/order/manage/${taken}` } },
      { text: "My own orders", callback_data: "orders:list" },
    ]);

    fake.queueUpdate(buttonPress(mali, `staff:take:${fresh}`, 900, reply.text));
    const [answer] = await fake.waitFor("answerCallbackQuery");
    expect(answer!.text).toBe("You've succesfuly got order");
    const row = await db.selectFrom("orders").select(["status", "manager_id"]).where("id", "=", fresh).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "W", manager_id: maliId });
  });

  it("shows at most 30 open orders, oldest first, and counts the rest", async () => {
    orders = createOrders({ db, clock: () => now, links: createLinkSigner(db), maxOpenOrders: 100 });
    const placed: number[] = [];
    for (let i = 0; i < 32; i++) placed.push(await placeOrder(chaweng, 1));
    runBot();
    const reply = await say(mali, "/orders");
    const listed = reply.text.split("\n").filter((l: string) => l.startsWith("#")).map((l: string) => Number(/^#(\d+)/.exec(l)![1]));
    expect(listed).toEqual(placed.slice(0, 30));
    expect(reply.text.split("\n").at(-1)).toBe("…and 2 more: open the cabinet in the store.");
    expect(buttons(reply)).toHaveLength(30 * 2 + 1);
  });

  it("shows an admin the open orders of every shop", async () => {
    const a = await placeOrder(chaweng);
    const b = await placeOrder(lamai);
    runBot();
    const reply = await say(boss, "/orders");
    expect(reply.text.split("\n")).toEqual(expect.arrayContaining(["Chaweng Beach Store", "Lamai Night Market"]));
    expect(reply.text).toContain(`#${a} · New`);
    expect(reply.text).toContain(`#${b} · New`);
  });

  it("tells a manager with nothing open so, and a customer still gets their own orders, never the shop's", async () => {
    runBot();
    expect((await say(mali, "/orders")).text).toBe("No open orders in your shops right now.");
    const order = await placeOrder(chaweng);
    const customers = await say(anna, "/orders");
    expect(customers.text.split("\n")[0]).toBe("Your latest orders:");
    expect(buttons(customers).map((b) => b.text)).not.toContain(`Take order #${order}`);
    // Someone unknown to the store: the customer's answer too.
    const stranger: User = { id: 8999, is_bot: false, first_name: "Nok" };
    expect((await say(stranger, "/orders")).text).toBe("You have no orders yet. Tap Open Store to place one.");
  });
});

describe("/stats", () => {
  const DAY = 86_400_000;

  /** An order placed, taken and completed (cash) at `at` by the shop's manager (Mali at Chaweng, the admin elsewhere). */
  async function completedOrder(
    at: number,
    shopId: number,
    items: { product_id: number; amount: number }[],
    discountPercent = 0,
  ): Promise<number> {
    const saved = now;
    now = at;
    const { order } = await orders.placeOrder({
      userId: annaId,
      idempotencyKey: `bot-stats-${++keys}`,
      body: { shop_id: shopId, items: items.map((i) => ({ ...i, option_id: 0 })), delivery_option: 1, payment_option: 1 },
    });
    const manager = shopId === chaweng ? maliId : bossId;
    await handover.take(manager, order.id);
    if (discountPercent) await handover.setDiscount(bossId, order.id, discountPercent);
    await handover.finish(manager, order.id, "cash");
    now = saved;
    return order.id;
  }

  it("answers today's and the last 7 days' completed orders, sales, margin and top products, as computed by hand", async () => {
    const haze = await addProduct(db, "Amnesia Haze", 500);
    await addStock(db, chaweng, haze, 10);
    // Costs: Jack Herer 300 ฿, Amnesia Haze 200 ฿ (snapshotted on the orders when placed).
    await db.updateTable("product_options").set({ cost_price: 300 }).where("product_id", "=", jack).execute();
    await db.updateTable("product_options").set({ cost_price: 200 }).where("product_id", "=", haze).execute();

    // Today (23.11, island time): 2 × Jack (900, cost 600); 3 × Jack at Lamai with 10% off (1,215, cost 900);
    // 1 × Haze (500, cost 200).
    await completedOrder(now - 2 * 3_600_000, chaweng, [{ product_id: jack, amount: 2 }]);
    await completedOrder(now - 3_600_000, lamai, [{ product_id: jack, amount: 3 }], 10);
    await completedOrder(now, chaweng, [{ product_id: haze, amount: 1 }]);
    // 3 days ago: 1 × Jack (450, cost 300). 10 days ago: outside both ranges.
    await completedOrder(now - 3 * DAY, chaweng, [{ product_id: jack, amount: 1 }]);
    await completedOrder(now - 10 * DAY, chaweng, [{ product_id: jack, amount: 4 }]);
    // Not completed: an open order and a canceled one count nowhere.
    await placeOrder(chaweng, 5);
    await handover.cancel(bossId, await placeOrder(lamai, 6));

    runBot();
    const reply = await say(boss, "/stats");
    expect(reply.text.split("\n")).toEqual([
      "Today, 23.11.2026",
      "Orders: 3",
      "Sales: 2,615 ฿", // 900 + 1,215 + 500
      "Margin: 915 ฿", // 2,615 − (600 + 900 + 200)
      "Top products:",
      "1. Jack Herer: 5 sold, 2,115 ฿",
      "2. Amnesia Haze: 1 sold, 500 ฿",
      "",
      "Last 7 days, 17.11.2026 – 23.11.2026",
      "Orders: 4",
      "Sales: 3,065 ฿", // 2,615 + 450
      "Margin: 1,065 ฿", // 3,065 − (1,700 + 300)
      "Top products:",
      "1. Jack Herer: 6 sold, 2,565 ฿",
      "2. Amnesia Haze: 1 sold, 500 ฿",
      "",
      "Completed orders only, island time. Charts and CSV: Statistics in the store's admin cabinet.",
    ]);
  });

  it("says so when nothing was completed", async () => {
    runBot();
    const reply = await say(boss, "/stats");
    expect(reply.text.split("\n").slice(0, 5)).toEqual([
      "Today, 23.11.2026",
      "No completed orders.",
      "",
      "Last 7 days, 17.11.2026 – 23.11.2026",
      "No completed orders.",
    ]);
  });
});

describe("/lowstock", () => {
  it("lists each pickup shop's options at or under the threshold (2), never the warehouse's", async () => {
    const haze = await addProduct(db, "Amnesia Haze", 500);
    await db.updateTable("stock").set({ amount: 2 }).where("shop_id", "=", chaweng).where("product_id", "=", jack).execute();
    await addStock(db, lamai, haze, 0);
    await addStock(db, chaweng, haze, 3); // above the threshold
    await addStock(db, warehouse, haze, 0); // the warehouse is no pickup shop
    runBot();
    const reply = await say(boss, "/lowstock");
    expect(reply.text.split("\n")).toEqual([
      "Running low (2):",
      "",
      "Chaweng Beach Store",
      "Jack Herer (1 g): 2 left",
      "",
      "Lamai Night Market",
      "Amnesia Haze (1 g): 0 left",
    ]);

    // Restocked: the shops leave the list.
    await db.updateTable("stock").set({ amount: 40 }).where("shop_id", "=", chaweng).where("product_id", "=", jack).execute();
    await db.updateTable("stock").set({ amount: 40 }).where("shop_id", "=", lamai).where("product_id", "=", haze).execute();
    expect((await say(boss, "/lowstock")).text).toBe("No option is running low in any shop.");
  });
});

describe("/notify: every shop's new orders for an admin who asks", () => {
  const pushedFor = async (orderId: number) =>
    (
      await db
        .selectFrom("outbox")
        .select("user_id")
        .where("kind", "=", "staff_new_order")
        .where("order_id", "=", orderId)
        .orderBy("user_id")
        .execute()
    ).map((r) => r.user_id);

  it("pushes an admin who sent /notify on every shop's new orders, once each, until /notify off; a customer gets the hint", async () => {
    // One customer places six orders here.
    orders = createOrders({ db, clock: () => now, links: createLinkSigner(db), maxOpenOrders: 10 });
    runBot();
    expect((await say(boss, "/notify")).text).toBe(adminTexts.notifyState(false));
    // Before: the admin staffs no shop, so nobody is pushed Lamai's order (Mali staffs Chaweng).
    expect(await pushedFor(await placeOrder(lamai))).toEqual([]);

    expect((await say(boss, "/notify on")).text).toBe(adminTexts.notifyOn);
    expect((await say(boss, "/notify")).text).toBe(adminTexts.notifyState(true));
    expect(await pushedFor(await placeOrder(lamai))).toEqual([bossId]);
    // At Chaweng both its manager and the admin, each once.
    expect(await pushedFor(await placeOrder(chaweng))).toEqual([bossId, maliId].sort((a, b) => a - b));
    // The admin can take what they were pushed.
    const pushed = await placeOrder(lamai);
    expect(await pushedFor(pushed)).toEqual([bossId]);
    expect((await handover.take(bossId, pushed)).status).toBe("W");

    expect((await say(boss, "/notify maybe")).text).toBe(adminTexts.notifyUsage);
    expect((await say(boss, "/notify off")).text).toBe(adminTexts.notifyOff);
    expect(await pushedFor(await placeOrder(lamai))).toEqual([]);

    // Not an admin: the ordinary hint, and nothing is switched on.
    for (const who of [anna, mali]) expect((await say(who, "/notify on")).text).toMatch(HINT);
    const flags = await db.selectFrom("users").select(["id", "new_order_pushes"]).where("id", "in", [annaId, maliId]).execute();
    expect(flags.every((u) => u.new_order_pushes === 0)).toBe(true);
  });
});

describe("admin commands refused to everyone else", () => {
  it("answers /stats, /lowstock, /addstock and /cancel from a customer or a manager with the unknown-command hint, changing " +
    "nothing", async () => {
    runBot();
    const stockBefore = await db.selectFrom("stock").selectAll().orderBy("shop_id").execute();
    for (const who of [anna, mali]) {
      for (const command of ["/stats", "/lowstock", "/addstock", "/cancel"]) {
        const reply = await say(who, command);
        expect(reply.text).toMatch(HINT);
      }
    }
    expect(await db.selectFrom("stock").selectAll().orderBy("shop_id").execute()).toEqual(stockBefore);
    expect(await db.selectFrom("bot_conversations").selectAll().execute()).toEqual([]);
  });
});

describe("through the composition root", () => {
  it("a store in webhook mode hands its own back office to the bot: /lowstock and /addstock answer an admin", async () => {
    const SECRET = "admin_webhook_secret";
    const store = await makeTestStore({
      seed: false,
      env: {
        BOT_TOKEN: fake.token,
        BOT_MODE: "webhook",
        BOT_WEBHOOK_SECRET: SECRET,
        TELEGRAM_API_ROOT: fake.apiRoot,
        PUBLIC_URL: STORE_URL,
      },
    });
    try {
      await addShop(store.db, "Central warehouse");
      const shop = await addShop(store.db, "Chaweng Beach Store");
      await addStock(store.db, shop, await addProduct(store.db, "Jack Herer", 450), 1);
      await addCustomer(store.db, { telegram_id: boss.id, is_admin: true });
      const post = async (update_id: number, text: string) => {
        const res = await store.app.inject({
          method: "POST",
          url: "/telegram/webhook",
          headers: { "x-telegram-bot-api-secret-token": SECRET },
          payload: { update_id, ...textMessage(boss, text) },
        });
        expect(res.statusCode).toBe(200);
      };
      await post(1, "/lowstock");
      await post(2, "/addstock");
      const [low, products] = await fake.waitFor("sendMessage", { count: 2 });
      expect(low!.text).toBe("Running low (1):\n\nChaweng Beach Store\nJack Herer (1 g): 1 left");
      expect(products!.text).toBe("Add stock: which product? Tap it, or type part of its name.");
      expect((await store.db.selectFrom("bot_conversations").select("key").execute()).map((r) => r.key)).toEqual([`chat:${boss.id}`]);
    } finally {
      await store.close();
    }
  });
});

describe("in the reader's language", () => {
  it("gives a Thai manager /orders in Thai: statuses, dates as Thai writes them, the sign before amounts, Thai buttons", async () => {
    const fresh = await placeOrder(chaweng);
    const taken = await placeOrder(chaweng, 1);
    await handover.take(maliId, taken);
    runBot();

    const reply = await say({ ...mali, language_code: "th" }, "/orders");
    const lines = reply.text.split("\n");
    expect(lines[0]).toBe("คำสั่งซื้อที่ค้างอยู่");
    expect(lines.find((l: string) => l.startsWith(`#${fresh} `))).toMatch(
      new RegExp(`^#${fresh} · ใหม่ · 23/11/2026 12:00 · ฿900 · เก็บไว้ถึง \\d\\d:\\d\\d น\\.$`),
    );
    expect(lines.find((l: string) => l.startsWith(`#${taken} `))).toMatch(new RegExp(`^#${taken} · กำลังดำเนินการ \\(Mali\\) · `));
    expect(buttons(reply).map((b) => b.text)).toEqual([`รับ #${fresh}`, `เปิด #${fresh}`, `เปิด #${taken}`, "คำสั่งซื้อส่วนตัวของฉัน"]);
  });

  it("gives an admin who chose Russian /lowstock and /stats in Russian, and their role menu in each language", async () => {
    await db.updateTable("users").set({ locale: "ru" }).where("id", "=", bossId).execute();
    await db.updateTable("stock").set({ amount: 2 }).where("shop_id", "=", chaweng).where("product_id", "=", jack).execute();
    runBot();
    expect((await say(boss, "/lowstock")).text.split("\n")).toEqual([
      "Заканчивается (1):",
      "",
      "Chaweng Beach Store",
      "Jack Herer (1 g): осталось 2",
    ]);
    expect((await say(boss, "/stats")).text.split("\n").slice(0, 5)).toEqual([
      "Сегодня, 23.11.2026",
      "Выполненных заказов нет.",
      "",
      "Последние 7 дней, 17.11.2026 – 23.11.2026",
      "Выполненных заказов нет.",
    ]);

    const menus = await fake.waitFor("setMyCommands", { count: 3, where: (p) => p.scope?.chat_id === boss.id });
    expect(menus.map((m) => m.language_code)).toEqual([undefined, "ru", "th"]);
    expect(menus[1]!.commands.map((c: { description: string }) => c.description)).toContain("Пополнить остатки товара");
  });
});
