/**
 * /addstock, the guided conversation (issue 12): the real bot long polling the fake Bot API, on a real
 * SQLite database with the real migrations, with the back office's real stock service behind it. The whole
 * path with wrong numbers asked again, cancel, another command half-way, a demoted admin, and a restart of
 * the bot half-way through (the conversation's state is in the database: a new bot instance continues, and
 * the stock is added once).
 */
import type { User } from "grammy/types";
import { beforeEach, describe, expect, it } from "vitest";
import { createBot } from "../../bot/bot";
import { PRODUCTS_PER_PAGE } from "../../bot/keyboards/addStock";
import { startPolling, type RunningTelegram } from "../../bot/launch";
import { createMiniApp } from "../../bot/miniApp";
import type { DB } from "../../db/connection";
import { createHandover } from "../../server/services/handover";
import { createLinkSigner } from "../../server/services/links";
import { createOrders } from "../../server/services/orders";
import { testDatabase } from "../helpers/app";
import { FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi, type BotParams } from "../helpers/fakeBotApi";
import { backOfficeFor } from "./adminServices";
import { addCustomer, addProduct, addShop, addStock, botServicesFor, buttonPress, quietLog, stickerMessage, textMessage } from "./support";

const STORE_URL = "https://shop.example";
const HINT = /^I only understand a few commands: \/start .* \/orders .* \/help/;
const PROMPT = "Please enter number of products you want to add:";

const boss: User = { id: 8101, is_bot: false, first_name: "Somsak" };
const anna: User = { id: 8103, is_bot: false, first_name: "Anna" };

let fake: FakeBotApi;
let db: DB;
let running: RunningTelegram | undefined;
let warehouse: number;
let chaweng: number;
let jack: number;
let bossId: number;

beforeEach(async () => {
  fake = await startFakeBotApi();
  db = await testDatabase(false);
  warehouse = await addShop(db, "Central warehouse");
  chaweng = await addShop(db, "Chaweng Beach Store", "14 Beach Rd");
  jack = await addProduct(db, "Jack Herer", 450);
  // A second option: 5 g for 2,000 ฿.
  await db.insertInto("product_options").values({ product_id: jack, option_id: 1, per_price: 2000, price_text: "5 g" }).execute();
  await addStock(db, chaweng, jack, 3);
  await db.insertInto("stock").values({ shop_id: warehouse, product_id: jack, option_id: 1, amount: 5 }).execute();
  bossId = await addCustomer(db, { telegram_id: boss.id, first_name: "Somsak", is_admin: true });
  await addCustomer(db, { telegram_id: anna.id, first_name: "Anna" });
  return async () => {
    await running?.stop();
    running = undefined;
    await fake.close();
    await db.destroy();
  };
});

/** A bot process: a new bot instance on the same database (a restart is stop() and runBot() again). */
function runBot() {
  const config = { botToken: fake.token, publicUrl: STORE_URL, telegramApiRoot: fake.apiRoot };
  const handover = createHandover({ db, clock: Date.now, links: createLinkSigner(db) });
  const services = botServicesFor(db, { handover, backOffice: backOfficeFor(db, Date.now) });
  const bot = createBot({ services, config, log: quietLog, botInfo: FAKE_BOT_INFO });
  running = startPolling(bot, createMiniApp(STORE_URL), quietLog);
}

const sentTo = (chatId: number) => fake.callsOf("sendMessage").filter((p) => p.chat_id === chatId);
const buttons = (params: BotParams) =>
  (params.reply_markup?.inline_keyboard ?? []).flat() as { text: string; callback_data?: string }[];
const buttonTexts = (params: BotParams) => buttons(params).map((b) => b.text);

/**
 * Resolves once the bot has finished with update `updateId` (its conversation state written too): long
 * polling asks for the next update only then.
 */
async function handled(updateId: number): Promise<void> {
  await fake.waitFor("getUpdates", { received: true, where: (p) => Number(p.offset ?? 0) > updateId });
}

/** Sends a message and waits for the bot's next message to that chat, and for the update to be handled. */
async function say(who: User, text: string): Promise<BotParams> {
  const before = sentTo(who.id).length;
  const id = fake.queueUpdate(textMessage(who, text));
  const sent = await fake.waitFor("sendMessage", { count: before + 1, where: (p) => p.chat_id === who.id });
  await handled(id);
  return sent[before]!;
}

let presses = 0;

/**
 * Presses the button labelled `label` under a message the bot sent, and waits for the press to be
 * answered; `thenMessage` also waits for the next message the bot sends (the next step's question).
 */
async function press(who: User, message: BotParams, label: string, { thenMessage = false } = {}) {
  const button = buttons(message).find((b) => b.text === label);
  if (!button?.callback_data) throw new Error(`no button "${label}" under "${message.text}": ${JSON.stringify(buttonTexts(message))}`);
  const sentBefore = sentTo(who.id).length;
  const update = buttonPress(who, button.callback_data, messageIdOf(message), message.text) as { callback_query: { id: string } };
  const id = `press-${++presses}`;
  update.callback_query.id = id;
  const updateId = fake.queueUpdate(update as never);
  const [answer] = await fake.waitFor("answerCallbackQuery", { where: (p) => p.callback_query_id === id });
  const next = thenMessage
    ? (await fake.waitFor("sendMessage", { count: sentBefore + 1, where: (p) => p.chat_id === who.id }))[sentBefore]
    : undefined;
  await handled(updateId);
  return { answer: answer!, next };
}

/** The message id the fake gave a message the bot sent (its recorded result). */
function messageIdOf(params: BotParams): number {
  const call = fake.calls.find((c) => c.method === "sendMessage" && c.params === params);
  return (call!.result as { message_id: number }).message_id;
}

const editsOf = (message: BotParams) => fake.callsOf("editMessageText").filter((p) => p.message_id === messageIdOf(message));

async function shelf(shopId: number, optionId: number) {
  const row = await db
    .selectFrom("stock")
    .select("amount")
    .where("shop_id", "=", shopId)
    .where("product_id", "=", jack)
    .where("option_id", "=", optionId)
    .executeTakeFirst();
  return row?.amount ?? 0;
}

const history = () => db.selectFrom("stock_history").selectAll().orderBy("id").execute();
const conversations = () => db.selectFrom("bot_conversations").selectAll().execute();

/** /addstock up to the amount question: Jack Herer, option 5 g, the warehouse. */
async function upToAmount(): Promise<BotParams> {
  const products = await say(boss, "/addstock");
  const options = (await press(boss, products, "Jack Herer", { thenMessage: true })).next!;
  const shops = (await press(boss, options, "5 g · 2,000 ฿", { thenMessage: true })).next!;
  return (await press(boss, shops, "Central warehouse (5)", { thenMessage: true })).next!;
}

describe("/addstock, the whole path", () => {
  it("product → option → shop → amount (wrong numbers asked again) → before and after → added once, with an audit row", async () => {
    runBot();
    const products = await say(boss, "/addstock");
    expect(products.text).toBe("Add stock: which product? Tap it, or type part of its name.");
    expect(buttonTexts(products)).toEqual(["Jack Herer", "Cancel"]);

    const { next: options } = await press(boss, products, "Jack Herer", { thenMessage: true });
    expect(editsOf(products).at(-1)!.text).toBe("Product: Jack Herer");
    expect(options!.text).toBe("Which option of Jack Herer?");
    expect(buttonTexts(options!)).toEqual(["1 g · 450 ฿", "5 g · 2,000 ฿", "Cancel"]);

    const { next: shops } = await press(boss, options!, "1 g · 450 ฿", { thenMessage: true });
    expect(shops!.text).toBe("Add Jack Herer (1 g) to which shop? In brackets: what it holds now.");
    expect(buttonTexts(shops!)).toEqual(["Central warehouse (0)", "Chaweng Beach Store (3)", "Cancel"]);

    const { next: amount } = await press(boss, shops!, "Chaweng Beach Store (3)", { thenMessage: true });
    expect(amount!.text).toBe(PROMPT);
    expect(buttonTexts(amount!)).toEqual(["Cancel"]);

    // A button of an earlier step changes nothing.
    expect((await press(boss, products, "Jack Herer")).answer.text).toBe("This button belongs to another step.");

    // Wrong numbers: each gets its reason and the question again; the conversation goes on.
    expect((await say(boss, "a dozen")).text).toBe(`That is not a number.\n\n${PROMPT}`);
    expect((await say(boss, "2.5")).text).toBe(`Only whole products can be added: send a whole number, e.g. 10.\n\n${PROMPT}`);
    expect((await say(boss, "0")).text).toBe(`The number must be 1 or more.\n\n${PROMPT}`);
    expect((await say(boss, "-4")).text).toBe(`The number must be 1 or more.\n\n${PROMPT}`);
    expect((await say(boss, "1000000")).text).toBe(`That is more than 100,000 at once: please check the number.\n\n${PROMPT}`);
    expect(await shelf(chaweng, 0)).toBe(3);

    const confirm = await say(boss, "12");
    expect(confirm.text).toBe("Add 12 × Jack Herer (1 g) to Chaweng Beach Store?\n\nNow: 3\nAfter: 15");
    expect(buttonTexts(confirm)).toEqual(["Add 12", "Cancel"]);
    expect(await shelf(chaweng, 0)).toBe(3);

    await press(boss, confirm, "Add 12");
    const [done] = await fake.waitFor("editMessageText", { where: (p) => p.message_id === messageIdOf(confirm) });
    expect(done!.text).toBe("You've added 12 products.\nChaweng Beach Store now holds 15.");
    expect(buttons(done!)).toEqual([]);

    expect(await shelf(chaweng, 0)).toBe(15);
    const rows = await history();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      shop_id: chaweng,
      product_id: jack,
      option_id: 0,
      delta: 12,
      amount_after: 15,
      reason: "added",
      actor_user_id: bossId,
    });
    // The conversation is over: its row is gone, a second press of Add changes nothing.
    expect(await conversations()).toEqual([]);
    const again = await press(boss, confirm, "Add 12");
    expect(again.answer.text).toBe("This step is over. Send /addstock to start again.");
    expect(await shelf(chaweng, 0)).toBe(15);
    expect(await history()).toHaveLength(1);
  });

  it("pages a long product list and finds a product by part of its name", async () => {
    for (let i = 1; i <= PRODUCTS_PER_PAGE + 3; i++) await addProduct(db, `Strain ${String(i).padStart(2, "0")}`, 100 + i);
    runBot();
    const products = await say(boss, "/addstock");
    expect(products.text).toBe("Add stock: which product? Tap it, or type part of its name. (page 1 of 2)");
    expect(buttonTexts(products)).toHaveLength(PRODUCTS_PER_PAGE + 2); // the page, More », Cancel
    expect(buttonTexts(products)).toContain("More »");

    await press(boss, products, "More »");
    const [page2] = await fake.waitFor("editMessageText", { where: (p) => p.message_id === messageIdOf(products) });
    expect(page2!.text).toBe("Add stock: which product? Tap it, or type part of its name. (page 2 of 2)");
    expect(buttonTexts(page2!)).toContain("« Back");
    expect(buttonTexts(page2!)).not.toContain("More »");

    // A sticker is no answer: asked again.
    const sticker = fake.queueUpdate(stickerMessage(boss));
    await fake.waitFor("sendMessage", { where: (p) => p.text === "Please choose with the buttons above, or send /cancel." });
    await handled(sticker);

    // Typing narrows the list; one match is taken at once.
    expect((await say(boss, "no such thing")).text).toBe(
      'No product name contains "no such thing". Tap one above, or type another part of its name.',
    );
    const narrowed = await say(boss, "strain 0");
    expect(buttonTexts(narrowed)).toHaveLength(9 + 1);
    const options = await say(boss, "jack");
    expect(options.text).toBe("Which option of Jack Herer?");
  });

  it("skips the option question for a product with one option", async () => {
    const single = await addProduct(db, "Amnesia Haze", 500);
    runBot();
    const products = await say(boss, "/addstock");
    const { next: shops } = await press(boss, products, "Amnesia Haze", { thenMessage: true });
    expect(shops!.text).toBe("Add Amnesia Haze (1 g) to which shop? In brackets: what it holds now.");
    const { next: amount } = await press(boss, shops!, "Central warehouse (0)", { thenMessage: true });
    const confirm = await say(boss, "7");
    expect(confirm.text).toBe("Add 7 × Amnesia Haze (1 g) to Central warehouse?\n\nNow: 0\nAfter: 7");
    expect(amount!.text).toBe(PROMPT);
    await press(boss, confirm, "Add 7");
    await fake.waitFor("editMessageText", { where: (p) => p.message_id === messageIdOf(confirm) });
    const row = await db
      .selectFrom("stock")
      .select("amount")
      .where("shop_id", "=", warehouse)
      .where("product_id", "=", single)
      .executeTakeFirstOrThrow();
    expect(row.amount).toBe(7);
  });
});

describe("leaving half-way changes nothing", () => {
  it("Cancel at the amount question, /cancel at the confirmation", async () => {
    runBot();
    const amount = await upToAmount();
    const { answer } = await press(boss, amount, "Cancel");
    expect(answer).toBeDefined();
    const [canceled] = await fake.waitFor("editMessageText", { where: (p) => p.message_id === messageIdOf(amount) });
    expect(canceled!.text).toBe("Adding stock was canceled. Nothing was changed.");
    expect(await conversations()).toEqual([]);
    // The conversation is over: a number now is just a message.
    expect((await say(boss, "5")).text).toMatch(HINT);

    await upToAmount();
    const confirm = await say(boss, "5");
    expect(confirm.text).toContain("After: 10");
    expect((await say(boss, "/cancel")).text).toBe("Adding stock was canceled. Nothing was changed.");
    // The confirmation's button is out of date now.
    expect((await press(boss, confirm, "Add 5")).answer.text).toBe("This step is over. Send /addstock to start again.");
    expect(await shelf(warehouse, 1)).toBe(5);
    expect(await history()).toEqual([]);
    expect(await conversations()).toEqual([]);
    // /cancel with nothing under way.
    expect((await say(boss, "/cancel")).text).toBe("Nothing to cancel: no stock is being added.");
  });

  it("another command half-way ends the conversation and is answered as usual", async () => {
    runBot();
    await upToAmount();
    const help = fake.queueUpdate(textMessage(boss, "/help"));
    const sent = await fake.waitFor("sendMessage", { count: sentTo(boss.id).length + 2, where: (p) => p.chat_id === boss.id });
    await handled(help);
    expect(sent.at(-2)!.text).toBe("Adding stock was canceled. Nothing was changed.");
    expect(sent.at(-1)!.text).toContain("/orders shows your latest orders");
    expect(await conversations()).toEqual([]);
    expect(await history()).toEqual([]);
  });

  it("other buttons keep working while the conversation waits: a Take order press takes the order, the conversation goes on", async () => {
    const annaId = (await db.selectFrom("users").select("id").where("telegram_id", "=", anna.id).executeTakeFirstOrThrow()).id;
    const orders = createOrders({ db, clock: Date.now, links: createLinkSigner(db) });
    const { order } = await orders.placeOrder({
      userId: annaId,
      idempotencyKey: "addstock-take",
      body: { shop_id: chaweng, items: [{ product_id: jack, option_id: 0, amount: 1 }], delivery_option: 1, payment_option: 1 },
    });
    runBot();
    await upToAmount();
    const take = buttonPress(boss, `staff:take:${order.id}`, 500, `New order #${order.id}`) as { callback_query: { id: string } };
    take.callback_query.id = "take-during-addstock";
    const takeId = fake.queueUpdate(take as never);
    const [answer] = await fake.waitFor("answerCallbackQuery", { where: (p) => p.callback_query_id === "take-during-addstock" });
    await handled(takeId);
    expect(answer!.text).toBe("You've succesfuly got order");
    expect((await db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("W");
    expect((await say(boss, "4")).text).toBe("Add 4 × Jack Herer (5 g) to Central warehouse?\n\nNow: 5\nAfter: 9");
  });

  it("a shop deleted before Add is pressed: the stock service's refusal is shown, nothing changes", async () => {
    runBot();
    const products = await say(boss, "/addstock");
    const options = (await press(boss, products, "Jack Herer", { thenMessage: true })).next!;
    const shops = (await press(boss, options, "1 g · 450 ฿", { thenMessage: true })).next!;
    await press(boss, shops, "Chaweng Beach Store (3)", { thenMessage: true });
    const confirm = await say(boss, "2");
    await db.updateTable("shops").set({ is_deleted: 1 }).where("id", "=", chaweng).execute();
    await press(boss, confirm, "Add 2");
    const [refused] = await fake.waitFor("editMessageText", { where: (p) => p.message_id === messageIdOf(confirm) });
    expect(refused!.text).toBe(`Nothing was added.\nShop ${chaweng} not found`);
    expect(await shelf(chaweng, 0)).toBe(3);
    expect(await history()).toEqual([]);
    expect(await conversations()).toEqual([]);
  });

  it("an admin demoted half-way cannot add: the confirmation is refused and nothing changes", async () => {
    runBot();
    await upToAmount();
    const confirm = await say(boss, "5");
    await db.updateTable("users").set({ is_admin: 0 }).where("id", "=", bossId).execute();
    const { answer } = await press(boss, confirm, "Add 5");
    expect(answer.text).not.toMatch(/added/i);
    expect(await shelf(warehouse, 1)).toBe(5);
    expect(await history()).toEqual([]);
    expect(await conversations()).toEqual([]);
    expect(fake.callsOf("editMessageText").filter((p) => p.message_id === messageIdOf(confirm))).toEqual([]);
    // And like any non-admin, /addstock is unknown to them now.
    expect((await say(boss, "/addstock")).text).toMatch(HINT);
  });
});

describe("a customer", () => {
  it("sending /addstock gets the unknown-command hint, and no conversation starts", async () => {
    runBot();
    expect((await say(anna, "/addstock")).text).toMatch(HINT);
    expect((await say(anna, "12")).text).toMatch(HINT);
    expect(await conversations()).toEqual([]);
    expect(await history()).toEqual([]);
  });
});

describe("a restart half-way", () => {
  it("a damaged saved state does not lock the chat out: it is dropped and /addstock starts afresh", async () => {
    await db.insertInto("bot_conversations").values({ key: `chat:${boss.id}`, value: "{not json" }).execute();
    runBot();
    expect((await say(boss, "/addstock")).text).toBe("Add stock: which product? Tap it, or type part of its name.");
    const [row] = await conversations();
    expect(JSON.parse(row!.value).state.addStock).toHaveLength(1);
  });

  it("the new bot instance continues the conversation from the database, and the stock is added once", async () => {
    runBot();
    const amount = await upToAmount();
    expect(amount.text).toBe(PROMPT);
    const saved = await conversations();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.key).toBe(`chat:${boss.id}`);

    await running!.stop();
    runBot(); // a new process: a new bot, nothing in memory

    expect((await say(boss, "three")).text).toBe(`That is not a number.\n\n${PROMPT}`);
    const confirm = await say(boss, "3");
    expect(confirm.text).toBe("Add 3 × Jack Herer (5 g) to Central warehouse?\n\nNow: 5\nAfter: 8");

    await running!.stop();
    runBot(); // and once more, at the confirmation

    await press(boss, confirm, "Add 3");
    const [done] = await fake.waitFor("editMessageText", { where: (p) => p.message_id === messageIdOf(confirm) });
    expect(done!.text).toBe("You've added 3 products.\nCentral warehouse now holds 8.");
    expect(await shelf(warehouse, 1)).toBe(8);
    expect(await history()).toHaveLength(1);
    expect(await conversations()).toEqual([]);
  });
});

describe("in the admin's language", () => {
  it("speaks Russian to an admin whose Telegram is in Russian, all the way, and after a restart half-way too", async () => {
    const boris: User = { ...boss, language_code: "ru" };
    const RU_PROMPT = "Введите, сколько товара добавить:";
    runBot();
    const products = await say(boris, "/addstock");
    expect(products.text).toBe("Пополнение: какой товар? Нажмите на него или введите часть названия.");
    expect(buttonTexts(products)).toEqual(["Jack Herer", "Отмена"]);

    const { next: options } = await press(boris, products, "Jack Herer", { thenMessage: true });
    expect(editsOf(products).at(-1)!.text).toBe("Товар: Jack Herer");
    expect(options!.text).toBe("Какой вариант товара Jack Herer?");
    expect(buttonTexts(options!)).toEqual(["1 g · 450\u00a0฿", "5 g · 2\u00a0000\u00a0฿", "Отмена"]);

    // The conversation keeps the language it began in across a restart (it is one of its arguments).
    await running!.stop();
    runBot();
    const { next: shops } = await press(boris, options!, "1 g · 450\u00a0฿", { thenMessage: true });
    expect(shops!.text).toBe("В какой магазин добавить Jack Herer (1 g)? В скобках — сколько там сейчас.");
    const { next: amount } = await press(boris, shops!, "Chaweng Beach Store (3)", { thenMessage: true });
    expect(amount!.text).toBe(RU_PROMPT);

    expect((await say(boris, "много")).text).toBe(`Это не число.\n\n${RU_PROMPT}`);
    const confirm = await say(boris, "1200");
    expect(confirm.text).toBe("Добавить 1\u00a0200 × Jack Herer (1 g) в магазин Chaweng Beach Store?\n\nСейчас: 3\nПосле: 1\u00a0203");
    expect(buttonTexts(confirm)).toEqual(["Добавить 1\u00a0200", "Отмена"]);
    await press(boris, confirm, "Добавить 1\u00a0200");
    const [done] = await fake.waitFor("editMessageText", { where: (p) => p.message_id === messageIdOf(confirm) });
    expect(done!.text).toBe("Вы добавили 1\u00a0200 товаров.\nТеперь в магазине Chaweng Beach Store: 1\u00a0203.");
    expect(await shelf(chaweng, 0)).toBe(1203);
  });
});
