/**
 * The hand-over through Telegram (issue 11): the real order and hand-over services on a real SQLite database
 * with the real migrations, the real bot (updates run through bot.handleUpdate), the real outbox worker with
 * the bot's Telegram messenger, and the fake Bot API over HTTP. Managers are pushed new orders with Take
 * order and Open; one press wins; every push is edited to say what became of the order; customers hear of
 * taken, done, canceled and discounted orders; Contact client sends the manager a way to reach the customer.
 */
import type { User } from "grammy/types";
import { beforeEach, describe, expect, it } from "vitest";
import { createBot, type StoreBot } from "../../bot/bot";
import { createTelegramMessenger } from "../../bot/messenger";
import { createMiniApp } from "../../bot/miniApp";
import type { DB } from "../../db/connection";
import { formatIslandTime } from "../../server/domain/format";
import { createOutboxWorker, type DeliveryReport, type OutboxWorker } from "../../server/jobs/outboxWorker";
import { createHandover, type Handover } from "../../server/services/handover";
import { createHolds, type Holds } from "../../server/services/holds";
import { createLinkSigner } from "../../server/services/links";
import { createOrders, type Orders } from "../../server/services/orders";
import { createOutboxDelivery } from "../../server/services/outboxDelivery";
import { testDatabase } from "../helpers/app";
import { FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi, type BotParams } from "../helpers/fakeBotApi";
import { addCustomer, addProduct, addShop, addStaff, addStock, botServicesFor, buttonPress, quietLog, snapshot } from "./support";

const STORE_URL = "https://shop.example";
const START = Date.parse("2026-11-21T05:00:00.000Z");
const MANAGER_NAMES = ["Mali", "Niran", "Somchai", "Ploy", "Kiet", "Dao", "Anong", "Chai", "Lek", "Nok"];

let fake: FakeBotApi;
let db: DB;
let now: number;
let orders: Orders;
let holds: Holds;
let handover: Handover;
let bot: StoreBot;
let worker: OutboxWorker;
let shop: number;
let otherShop: number;
let product: number;
let customerId: number;
let keys = 0;

const CUSTOMER_TG = 7001;

interface Manager {
  id: number;
  tg: User;
}

beforeEach(async () => {
  now = START;
  fake = await startFakeBotApi();
  db = await testDatabase(false);
  await addShop(db, "Central warehouse"); // shop 1 is the warehouse, never a pickup shop
  shop = await addShop(db, "Chaweng Beach Store", "14 Beach Rd");
  otherShop = await addShop(db, "Lamai Night Market", "Lamai Beach Rd");
  product = await addProduct(db, "Jack Herer", 450);
  await addStock(db, shop, product, 100);
  customerId = await addCustomer(db, { telegram_id: CUSTOMER_TG, first_name: "Anna", username: "anna_samui" });

  const clock = () => now;
  const links = createLinkSigner(db);
  orders = createOrders({ db, clock, links });
  holds = createHolds({ db, clock });
  handover = createHandover({ db, clock, links });
  const config = { botToken: fake.token, publicUrl: STORE_URL, telegramApiRoot: fake.apiRoot };
  bot = createBot({ services: botServicesFor(db, { handover, clock }), config, log: quietLog, clock, botInfo: FAKE_BOT_INFO });
  const messenger = createTelegramMessenger(bot.api, createMiniApp(STORE_URL));
  worker = createOutboxWorker({ outbox: createOutboxDelivery({ db }), messenger, log: quietLog, clock });
  return async () => {
    await worker.stop();
    await fake.close();
    await db.destroy();
  };
});

async function addManagers(count: number, shopId = shop, firstTg = 6001): Promise<Manager[]> {
  const managers: Manager[] = [];
  for (let i = 0; i < count; i++) {
    const tg: User = { id: firstTg + i, is_bot: false, first_name: MANAGER_NAMES[i % MANAGER_NAMES.length]! };
    managers.push({ id: await addStaff(db, shopId, { telegram_id: tg.id, first_name: tg.first_name }), tg });
  }
  return managers;
}

/** A pickup order of two Jack Herer, placed by the customer as the mini-app places it. */
async function placeOrder(userId = customerId): Promise<number> {
  const { order } = await orders.placeOrder({
    userId,
    idempotencyKey: `bot-handover-${++keys}`,
    body: { shop_id: shop, items: [{ product_id: product, option_id: 0, amount: 2 }], delivery_option: 1, payment_option: 1 },
  });
  return order.id;
}

/** Runs the worker until nothing is left to deliver. */
async function deliverAll(): Promise<DeliveryReport> {
  const total: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  for (let round = 0; round < 20; round++) {
    const report = await worker.tick();
    if (report.sent + report.retrying + report.failed + report.skipped === 0) return total;
    for (const key of Object.keys(total) as (keyof DeliveryReport)[]) total[key] += report[key];
  }
  throw new Error("the outbox never ran dry");
}

const sentTo = (chatId: number) => fake.calls.filter((c) => c.method === "sendMessage" && c.status === 200 && c.params.chat_id === chatId);
const editsIn = (chatId: number) => fake.callsOf("editMessageText").filter((p) => p.chat_id === chatId);
const keyboard = (params: BotParams) => params.reply_markup?.inline_keyboard as BotParams[][] | undefined;
const messageIdOf = (call: { result?: unknown }) => (call.result as { message_id: number }).message_id;

/** The push a manager got for an order: the sendMessage call and the message id Telegram gave it. */
function pushOf(manager: Manager, orderId: number) {
  const pushes = sentTo(manager.tg.id).filter((c) => c.params.text.startsWith(`New order #${orderId}\n`));
  expect(pushes).toHaveLength(1);
  return { params: pushes[0]!.params, messageId: messageIdOf(pushes[0]!) };
}

async function orderRow(orderId: number) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

async function takenEvents(orderId: number) {
  return db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).where("type", "=", "taken").execute();
}

/** Presses Take order under a manager's push. */
function pressTake(who: User, orderId: number, messageId: number, id = `take-${who.id}`) {
  const update = buttonPress(who, `staff:take:${orderId}`, messageId, `New order #${orderId}`) as { callback_query: { id: string } };
  update.callback_query.id = id;
  return bot.handleUpdate({ update_id: messageId * 100 + (who.id % 100), ...update } as never);
}

const answerTo = (callbackId: string) => fake.callsOf("answerCallbackQuery").filter((a) => a.callback_query_id === callbackId);

describe("a new order is pushed to its shop's managers", () => {
  it("each manager with a Telegram chat gets one message with the order, Take order and Open; the message id is kept", async () => {
    const managers = await addManagers(2);
    const mailOnly = await addStaff(db, shop, { email: "owner@samui.example" }, "owner");
    const elsewhere = await addManagers(1, otherShop, 6101);
    const orderId = await placeOrder();
    const holdUntil = (await orderRow(orderId)).hold_until!;

    expect(await deliverAll()).toEqual({ sent: 3, retrying: 0, failed: 0, skipped: 0 });

    for (const manager of managers) {
      const push = pushOf(manager, orderId);
      expect(push.params.text.split("\n")).toEqual([
        `New order #${orderId}`,
        "Shop: Chaweng Beach Store, 14 Beach Rd",
        "",
        "2 × Jack Herer (1 g)",
        "",
        "Total: 900 ฿",
        `Self pickup, held until ${formatIslandTime(holdUntil)}`,
      ]);
      expect(keyboard(push.params)).toEqual([
        [
          { text: "Take order", callback_data: `staff:take:${orderId}` },
          { text: "Open", web_app: { url: `${STORE_URL}/order/manage/${orderId}` } },
        ],
      ]);
      // The row remembers the message Telegram made of it, so a later row can edit it.
      const row = await db
        .selectFrom("outbox")
        .selectAll()
        .where("kind", "=", "staff_new_order")
        .where("user_id", "=", manager.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "sent", tg_chat_id: manager.tg.id, tg_message_id: push.messageId });
    }
    expect(sentTo(CUSTOMER_TG).map((c) => c.params.text.split("\n")[0])).toEqual([`Your order #${orderId} is placed.`]);
    // No push for staff without Telegram, nor for another shop's manager.
    expect(await db.selectFrom("outbox").select("id").where("user_id", "=", mailOnly).execute()).toEqual([]);
    expect(sentTo(elsewhere[0]!.tg.id)).toEqual([]);
  });
});

describe("Take order", () => {
  it("10 managers pressing at once: exactly one wins, the others are told, and every push is edited to say who took it", async () => {
    const managers = await addManagers(10);
    const orderId = await placeOrder();
    await deliverAll();
    const pushes = new Map(managers.map((m) => [m.tg.id, pushOf(m, orderId).messageId]));

    await Promise.all(managers.map((m) => pressTake(m.tg, orderId, pushes.get(m.tg.id)!)));

    const order = await orderRow(orderId);
    expect(order.status).toBe("W");
    expect(await takenEvents(orderId)).toHaveLength(1);
    const winner = managers.find((m) => m.id === order.manager_id)!;
    expect(winner).toBeDefined();
    for (const m of managers) {
      expect(answerTo(`take-${m.tg.id}`).map((a) => a.text)).toEqual([
        m === winner ? "You've succesfuly got order" : "Another manager got this order",
      ]);
    }
    // The bot edits nothing itself: the edits are the outbox's.
    expect(fake.callsOf("editMessageText")).toEqual([]);

    await deliverAll();
    for (const m of managers) {
      const edits = editsIn(m.tg.id);
      expect(edits).toHaveLength(1);
      expect(edits[0]!.message_id).toBe(pushes.get(m.tg.id));
      expect(edits[0]!.text).toBe(m === winner ? `You took order #${orderId}.` : `Order #${orderId} was taken by ${winner.tg.first_name}.`);
      expect(keyboard(edits[0]!)).toEqual([[{ text: "Open", web_app: { url: `${STORE_URL}/order/manage/${orderId}` } }]]);
    }
    const told = sentTo(CUSTOMER_TG).map((c) => c.params.text.split("\n")[0]);
    expect(told).toEqual([`Your order #${orderId} is placed.`, `Your order #${orderId} is being prepared by the shop.`]);
    // Nothing more goes out on later rounds.
    const calls = fake.calls.length;
    now += 3600_000;
    await deliverAll();
    expect(fake.calls.length).toBe(calls);
  });

  it("a forged order id, someone who staffs no shop, a stranger and another shop's manager are refused and change nothing", async () => {
    const [manager] = await addManagers(1);
    const [outsider] = await addManagers(1, otherShop, 6101);
    const customerTg: User = { id: CUSTOMER_TG, is_bot: false, first_name: "Anna" };
    const stranger: User = { id: 9999, is_bot: false, first_name: "Who" };
    const orderId = await placeOrder();
    await deliverAll();
    const before = await snapshot(db);
    const callsBefore = fake.calls.length;

    await pressTake(manager!.tg, 99_999, 1, "forged");
    await pressTake(customerTg, orderId, 1, "customer");
    await pressTake(stranger, orderId, 1, "stranger");
    await pressTake(outsider!.tg, orderId, 1, "outsider");

    expect(answerTo("forged").map((a) => a.text)).toEqual(["Order 99999 not found"]);
    expect(answerTo("customer").map((a) => a.text)).toEqual(["Отказано в доступе."]);
    expect(answerTo("stranger").map((a) => a.text)).toEqual(["Отказано в доступе."]);
    expect(answerTo("outsider").map((a) => a.text)).toEqual(["Not valid Manager"]);
    expect(await snapshot(db)).toEqual(before);
    expect(await deliverAll()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    expect(fake.calls.slice(callsBefore).map((c) => c.method)).toEqual(Array(4).fill("answerCallbackQuery"));
  });

  it("a press on a taken order by the one who has it says so, and changes nothing", async () => {
    const [manager] = await addManagers(1);
    const orderId = await placeOrder();
    await deliverAll();
    const push = pushOf(manager!, orderId);
    await pressTake(manager!.tg, orderId, push.messageId, "first");
    await pressTake(manager!.tg, orderId, push.messageId, "again");
    expect(answerTo("first").map((a) => a.text)).toEqual(["You've succesfuly got order"]);
    expect(answerTo("again").map((a) => a.text)).toEqual(["You have already taken this order."]);
    expect(await takenEvents(orderId)).toHaveLength(1);
  });
});

describe("what customers and managers are told afterwards", () => {
  it("finishing tells the customer the order is done (and that bonus paid, when it did) and edits the pushes", async () => {
    const [taker, other] = await addManagers(2);
    const cash = await placeOrder();
    const bonus = await placeOrder();
    await db.insertInto("bonus_ledger").values({ user_id: customerId, type: "income", amount: 900 }).execute();
    await handover.take(taker!.id, cash);
    await handover.finish(taker!.id, cash, "cash");
    await handover.finish(taker!.id, bonus, "bonus");
    await deliverAll();

    const done = sentTo(CUSTOMER_TG)
      .map((c) => c.params)
      .filter((p) => / is done\./.test(p.text));
    expect(done.map((p) => p.text.split("\n"))).toEqual([
      [`Your order #${cash} is done. Thank you!`, "Shop: Chaweng Beach Store, 14 Beach Rd", "2 items · total 900 ฿"],
      [
        `Your order #${bonus} is done. Thank you!`,
        "Shop: Chaweng Beach Store, 14 Beach Rd",
        "2 items · total 900 ฿",
        "Paid with your bonus balance.",
      ],
    ]);
    expect(keyboard(done[0]!)).toEqual([[{ text: `Open order #${cash}`, web_app: { url: `${STORE_URL}/order/${cash}` } }]]);
    // The cash order's pushes were edited twice (taken, then done); the bonus order's once (done).
    expect(editsIn(taker!.tg.id).map((e) => e.text)).toEqual([
      `You took order #${cash}.`,
      `You completed order #${cash}.`,
      `You completed order #${bonus}.`,
    ]);
    expect(editsIn(other!.tg.id).map((e) => e.text)).toEqual([
      `Order #${cash} was taken by Mali.`,
      `Order #${cash} was completed by Mali.`,
      `Order #${bonus} was completed by Mali.`,
    ]);
  });

  it("an admin's cancel of a taken order tells the customer and the manager who holds it", async () => {
    const [manager] = await addManagers(1);
    const admin = await addCustomer(db, { email: "boss@samui.example", is_admin: true });
    const orderId = await placeOrder();
    await deliverAll();
    const push = pushOf(manager!, orderId);
    await handover.take(manager!.id, orderId);
    await handover.cancel(admin, orderId);
    await deliverAll();

    expect(sentTo(CUSTOMER_TG).map((c) => c.params.text.split("\n")[0])).toEqual([
      `Your order #${orderId} is placed.`,
      `Your order #${orderId} is being prepared by the shop.`,
      `Your order #${orderId} is canceled.`,
    ]);
    // The manager's push is edited to say so: one message, not a second one beside it.
    expect(sentTo(manager!.tg.id).filter((c) => c.params.text.includes("canceled"))).toHaveLength(0);
    expect(editsIn(manager!.tg.id).map((e) => [e.message_id, e.text])).toEqual([
      [push.messageId, `You took order #${orderId}.`],
      [push.messageId, `Order #${orderId} was canceled by an admin.`],
    ]);
  });

  it("a discount tells the customer the new total", async () => {
    const admin = await addCustomer(db, { email: "boss@samui.example", is_admin: true });
    const orderId = await placeOrder();
    await handover.setDiscount(admin, orderId, 10);
    await deliverAll();
    const discounted = sentTo(CUSTOMER_TG).find((c) => c.params.text.includes("discount"));
    expect(discounted!.params.text.split("\n")).toEqual([
      `Your order #${orderId} got a 10% discount.`,
      "New total: 810 ฿ instead of 900 ฿.",
      "Shop: Chaweng Beach Store, 14 Beach Rd",
    ]);
  });

  it("an expired hold edits every push to say so", async () => {
    const managers = await addManagers(2);
    const orderId = await placeOrder();
    await deliverAll();
    now = Date.parse((await orderRow(orderId)).hold_until!) + 1;
    expect(await holds.expireHolds()).toBe(1);
    await deliverAll();
    for (const m of managers) {
      expect(editsIn(m.tg.id).map((e) => [e.message_id, e.text])).toEqual([
        [pushOf(m, orderId).messageId, `The hold on order #${orderId} ended: it was canceled and the items went back on the shelf.`],
      ]);
    }
  });
});

describe("Contact client", () => {
  it("sends the manager a button into the chat of a customer with a username", async () => {
    const [manager] = await addManagers(1);
    const orderId = await placeOrder();
    await handover.take(manager!.id, orderId);
    expect(await handover.contact(manager!.id, orderId, true)).toBe(true);
    await deliverAll();
    const [contact] = sentTo(manager!.tg.id).filter((c) => c.params.text.startsWith("Contact the client"));
    expect(contact!.params.text).toBe(`Contact the client of order #${orderId}: Anna`);
    expect(keyboard(contact!.params)).toEqual([[{ text: "Write to Anna", url: "https://t.me/anna_samui" }]]);
  });

  it("gives the manager the e-mail address of a customer who has no Telegram, and no button", async () => {
    const [manager] = await addManagers(1);
    const mailCustomer = await addCustomer(db, { email: "mali.k@samui.example" });
    const orderId = await placeOrder(mailCustomer);
    await handover.take(manager!.id, orderId);
    await handover.contact(manager!.id, orderId, true);
    await deliverAll();
    const [contact] = sentTo(manager!.tg.id).filter((c) => c.params.text.startsWith("Contact the client"));
    expect(contact!.params.text.split("\n")).toEqual([
      `Contact the client of order #${orderId}: mali.k@samui.example`,
      "E-mail: mali.k@samui.example",
    ]);
    expect(contact!.params.reply_markup).toBeUndefined();
  });
});
