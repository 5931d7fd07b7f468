/**
 * The bot in the reader's language (issue 24): the real bot polling the fake Bot API on a real database.
 * The language is the person's stored choice, else the update's language_code, else English; the command
 * menus are set in each language; pushes are rendered in their recipient's language, with Russian plural
 * forms and Thai's single one.
 */
import type { User } from "grammy/types";
import { beforeEach, describe, expect, it } from "vitest";
import { createBot } from "../../bot/bot";
import { callbackData } from "../../bot/callbackData";
import { sayIn } from "../../bot/i18n";
import { startPolling, type RunningTelegram } from "../../bot/launch";
import en from "../../bot/locales/en";
import ru from "../../bot/locales/ru";
import th from "../../bot/locales/th";
import { createMiniApp } from "../../bot/miniApp";
import { renderNotification } from "../../bot/notifications";
import { commandMenu } from "../../bot/texts";
import type { DB } from "../../db/connection";
import { createHandover } from "../../server/services/handover";
import { createLinkSigner } from "../../server/services/links";
import { testDatabase } from "../helpers/app";
import { FAKE_BOT_INFO, startFakeBotApi, type BotParams, type FakeBotApi } from "../helpers/fakeBotApi";
import { addCustomer, addOrder, addShop, addStaff, botServicesFor, buttonPress, quietLog, textMessage } from "./support";

const STORE_URL = "https://shop.example";
const miniApp = createMiniApp(STORE_URL);

const ivan: User = { id: 6101, is_bot: false, first_name: "Иван", language_code: "ru" };
const niran: User = { id: 6102, is_bot: false, first_name: "Niran", language_code: "th-TH" };
const olena: User = { id: 6103, is_bot: false, first_name: "Olena", language_code: "uk" };
const hans: User = { id: 6104, is_bot: false, first_name: "Hans", language_code: "de" };

const buttons = (params: BotParams) => (params.reply_markup?.inline_keyboard ?? []).flat() as BotParams[];

describe("the bot's chat", () => {
  let fake: FakeBotApi;
  let db: DB;
  let running: RunningTelegram | undefined;

  beforeEach(async () => {
    fake = await startFakeBotApi();
    db = await testDatabase(false);
    const config = { botToken: fake.token, publicUrl: STORE_URL, telegramApiRoot: fake.apiRoot };
    const handover = createHandover({ db, clock: Date.now, links: createLinkSigner(db) });
    const bot = createBot({ services: botServicesFor(db, { handover }), config, log: quietLog, botInfo: FAKE_BOT_INFO });
    running = startPolling(bot, miniApp, quietLog);
    return async () => {
      await running?.stop();
      await fake.close();
      await db.destroy();
    };
  });

  async function say(from: User, text: string): Promise<BotParams> {
    const before = fake.callsOf("sendMessage").length;
    fake.queueUpdate(textMessage(from, text));
    const sent = await fake.waitFor("sendMessage", { count: before + 1 });
    return sent[before]!;
  }

  const telegramLocaleOf = async (telegramId: number) =>
    (await db.selectFrom("users").select("telegram_locale").where("telegram_id", "=", telegramId).executeTakeFirstOrThrow())
      .telegram_locale;

  it("answers /start from a ru user in Russian, with a Russian Open Store button", async () => {
    const reply = await say(ivan, "/start");
    expect(reply.text).toBe(
      "Здравствуйте, Иван! Добро пожаловать в Koh Samui Store.\n\n" +
        "Нажмите «Открыть магазин», чтобы посмотреть каталог, собрать корзину и выбрать магазин: " +
        "заказ на самовывоз мы держим 3 часа.\n\n" +
        "Я напишу вам, когда заказ будет оформлен, когда его начнут собирать, когда он будет выполнен или отменён " +
        "и когда бронь будет подходить к концу. /orders покажет ваши последние заказы.",
    );
    expect(buttons(reply)).toEqual([{ text: "Открыть магазин", web_app: { url: STORE_URL } }]);
    // The chat's menu button in Russian too; an English reader gets the bot-wide (English) one back.
    const [menu] = await fake.waitFor("setChatMenuButton", { where: (p) => p.chat_id === ivan.id });
    expect(menu!.menu_button).toEqual({ type: "web_app", text: "Открыть магазин", web_app: { url: STORE_URL } });
    await say({ ...ivan, language_code: "en" }, "/start");
    const menus = await fake.waitFor("setChatMenuButton", { count: 2, where: (p) => p.chat_id === ivan.id });
    expect(menus[1]).toEqual({ chat_id: ivan.id });
  });

  it("answers a th-TH user in Thai, a uk user in Russian, and a de user in English", async () => {
    expect((await say(niran, "/help")).text).toMatch(/^บอท Koh Samui Store\n\n\/start เปิดร้านค้า/);
    expect((await say(olena, "/orders")).text).toBe("У вас пока нет заказов. Нажмите «Открыть магазин», чтобы оформить первый.");
    expect((await say(hans, "/orders")).text).toBe("You have no orders yet. Tap Open Store to place one.");
  });

  it("speaks the stored choice (ru) even when the update says en, and remembers Telegram's language for the pushes", async () => {
    await addCustomer(db, { telegram_id: 6105, first_name: "Pyotr" });
    await db.updateTable("users").set({ locale: "ru", telegram_locale: "th" }).where("telegram_id", "=", 6105).execute();
    const pyotr: User = { id: 6105, is_bot: false, first_name: "Pyotr", language_code: "en" };

    expect((await say(pyotr, "hello")).text).toBe(
      "Я понимаю всего несколько команд: /start — открыть магазин, /orders — ваши заказы, /help — подробнее.",
    );
    // Telegram's language is remembered for the pushes (which still follow the choice while there is one).
    expect(await telegramLocaleOf(6105)).toBe("en");

    // An update without a language_code keeps what was remembered; a language the store does not speak is
    // remembered as none.
    await say({ ...pyotr, language_code: undefined }, "hello");
    expect(await telegramLocaleOf(6105)).toBe("en");
    await say({ ...pyotr, language_code: "fr" }, "hello");
    expect(await telegramLocaleOf(6105)).toBeNull();

    // Without a choice, Telegram's language speaks.
    await db.updateTable("users").set({ locale: null }).where("telegram_id", "=", 6105).execute();
    expect((await say({ ...pyotr, language_code: "th" }, "/orders")).text).toBe("คุณยังไม่มีคำสั่งซื้อ แตะ เปิดร้านค้า เพื่อเริ่มสั่งซื้อ");
  });

  it("shows a Russian customer's orders with Russian statuses, dates, amounts and buttons", async () => {
    const shop = await addShop(db, "Chaweng Beach Store");
    const userId = await addCustomer(db, { telegram_id: ivan.id, first_name: "Иван" });
    const created_at = "2026-11-05T02:07:00.000Z";
    const order = await addOrder(db, { user_id: userId, shop_id: shop, status: "W", total: 12_500, created_at });

    const reply = await say(ivan, "/orders");
    expect(reply.text.split("\n")).toEqual(["Ваши последние заказы:", "", `#${order} · В работе · 05.11.2026 09:07 · 12\u00a0500\u00a0฿`]);
    expect(buttons(reply).map((b) => b.text)).toEqual([`Открыть №${order}`, "Подробнее"]);

    fake.queueUpdate(buttonPress(ivan, callbackData({ type: "order:show", orderId: order })));
    const [details] = await fake.waitFor("editMessageText");
    expect(details!.text).toMatch(new RegExp(`^Заказ №${order} · В работе\n05.11.2026 09:07 · Chaweng Beach Store`));
    expect(details!.text).toContain("Итого: 12\u00a0500\u00a0฿");
    expect(buttons(details!).map((b) => b.text)).toEqual([`Открыть заказ №${order}`, "« Мои заказы"]);
  });

  it("answers a Thai manager's Take order in Thai, and a refusal in their language too", async () => {
    const shop = await addShop(db, "Lamai Store");
    const managerId = await addStaff(db, shop, { telegram_id: niran.id, first_name: "Niran" });
    const customer = await addCustomer(db, { telegram_id: 6199 });
    const order = await addOrder(db, { user_id: customer, shop_id: shop, status: "N", total: 900 });

    fake.queueUpdate(buttonPress(niran, callbackData({ type: "staff:take", orderId: order })));
    const [took] = await fake.waitFor("answerCallbackQuery");
    expect(took!.text).toBe("รับคำสั่งซื้อเรียบร้อยแล้ว");
    expect(await db.selectFrom("orders").select("manager_id").where("id", "=", order).executeTakeFirstOrThrow()).toEqual({
      manager_id: managerId,
    });

    fake.queueUpdate(buttonPress(niran, callbackData({ type: "staff:take", orderId: order })));
    const answers = await fake.waitFor("answerCallbackQuery", { count: 2 });
    expect(answers[1]!.text).toBe("คุณรับคำสั่งซื้อนี้ไปแล้ว");
  });

  it("sets the command menus once per language: English by default, Russian and Thai by language_code", async () => {
    const menus = await fake.waitFor("setMyCommands", { count: 3 });
    expect(menus.map((m) => [m.language_code, m.scope])).toEqual([
      [undefined, undefined],
      ["ru", undefined],
      ["th", undefined],
    ]);
    expect(menus[0]!.commands).toEqual([
      { command: "start", description: "Open the store" },
      { command: "orders", description: "My latest orders" },
      { command: "help", description: "What this bot can do" },
    ]);
    expect(menus[1]!.commands).toEqual([
      { command: "start", description: "Открыть магазин" },
      { command: "orders", description: "Мои последние заказы" },
      { command: "help", description: "Что умеет этот бот" },
    ]);
    expect(menus[2]!.commands).toEqual(commandMenu("th", "customer"));
    expect(menus[2]!.commands.map((c: { description: string }) => c.description)).toEqual([
      "เปิดร้านค้า",
      "คำสั่งซื้อล่าสุดของฉัน",
      "บอทนี้ทำอะไรได้บ้าง",
    ]);
  });
});

describe("pushes in the recipient's language", () => {
  const placed = (itemCount: number, total = 12_345) =>
    JSON.stringify({ order_id: 42, shop_name: "Lamai Store", shop_address: "", total, item_count: itemCount, hold_until: null });
  const render = (locale: "en" | "ru" | "th", itemCount: number) => renderNotification("order_placed", placed(itemCount), miniApp, locale)!;

  it("counts items with Russian plural forms: 1 товар, 2 товара, 5 товаров, 11 товаров, 21 товар, 22 товара, 25 товаров", () => {
    const forms = [1, 2, 5, 11, 21, 22, 25].map((n) => render("ru", n).text.split("\n")[2]);
    expect(forms).toEqual([
      "1 товар · итого 12\u00a0345\u00a0฿",
      "2 товара · итого 12\u00a0345\u00a0฿",
      "5 товаров · итого 12\u00a0345\u00a0฿",
      "11 товаров · итого 12\u00a0345\u00a0฿",
      "21 товар · итого 12\u00a0345\u00a0฿",
      "22 товара · итого 12\u00a0345\u00a0฿",
      "25 товаров · итого 12\u00a0345\u00a0฿",
    ]);
    expect(render("ru", 2).text.split("\n")[0]).toBe("Ваш заказ №42 оформлен.");
  });

  it("has one form in Thai, and the sign before the amount", () => {
    const forms = [1, 2, 5, 11, 21, 22, 25].map((n) => render("th", n).text.split("\n")[2]);
    expect(forms).toEqual([1, 2, 5, 11, 21, 22, 25].map((n) => `${n} ชิ้น · รวม ฿12,345`));
  });

  it("keeps English as it was: 1 item, 2 items", () => {
    expect(render("en", 1).text).toBe("Your order #42 is placed.\nShop: Lamai Store\n1 item · total 12,345 ฿");
    expect(render("en", 2).text.split("\n")[2]).toBe("2 items · total 12,345 ฿");
  });

  it("labels the push's button in the recipient's language", () => {
    const label = (locale: "en" | "ru" | "th") => render(locale, 1).keyboard!.inline_keyboard[0]![0]!.text;
    expect([label("en"), label("ru"), label("th")]).toEqual(["Open order #42", "Открыть заказ №42", "เปิดคำสั่งซื้อ #42"]);
  });

  it("tells a low shelf to a Russian admin in Russian plural forms", () => {
    const lowStock = (amount: number) =>
      renderNotification(
        "low_stock",
        JSON.stringify({
          shop_id: 2,
          shop_name: "Lamai Store",
          product_id: 1,
          product_name: "Jack Herer",
          option_id: 0,
          price_text: "1 g",
          amount,
          threshold: 5,
        }),
        miniApp,
        "ru",
      )!.text;
    expect(lowStock(1)).toBe(
      "Заканчивается товар в магазине Lamai Store: Jack Herer (1 g).\nНа полке остался 1 товар (сигнал при 5 и меньше).",
    );
    expect(lowStock(3)).toContain("На полке осталось 3 товара");
    expect(lowStock(0)).toContain("На полке ничего не осталось.");
  });
});

describe("the catalogues", () => {
  /** The placeholders a message fills in: `{name}` and the argument of `{count, plural, …}`. */
  const placeholders = (message: string) => [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

  it("translate every message with the same placeholders as English, so no translation drops an order number or an amount", () => {
    for (const [locale, catalogue] of [
      ["ru", ru],
      ["th", th],
    ] as const) {
      for (const id of Object.keys(en) as (keyof typeof en)[]) {
        expect({ locale, id, placeholders: placeholders(catalogue[id]) }).toEqual({ locale, id, placeholders: placeholders(en[id]) });
      }
    }
  });

  it("keep the spec's own words in English", () => {
    const say = sayIn("en");
    expect(say("take.took")).toBe("You've succesfuly got order");
    expect(say("take.accessDenied")).toBe("Отказано в доступе.");
    expect(say("addStock.enterAmount")).toBe("Please enter number of products you want to add:");
    expect(say("addStock.added", { amount: 12 })).toBe("You've added 12 products.");
  });
});
