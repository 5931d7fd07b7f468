/** Shared by the bot tests: people, shops and orders written straight into a real database, and updates. */
import type { User } from "grammy/types";
import type { DB } from "../../db/connection";
import type { BackOffice, BotLog, BotServices } from "../../bot/context";
import { createBotAdmin } from "../../server/services/botAdmin";
import { createBroadcasts } from "../../server/services/broadcasts";
import { createConversationStore } from "../../server/services/botConversations";
import { createChatLocales } from "../../server/services/chatLocales";
import { createChatOrders } from "../../server/services/chatOrders";
import { createContact } from "../../server/services/contact";
import { createReachability } from "../../server/services/outboxDelivery";
import { createBot } from "../../bot/bot";
import { startPolling } from "../../bot/launch";
import { createMiniApp } from "../../bot/miniApp";
import { createHandover } from "../../server/services/handover";
import { createLinkSigner } from "../../server/services/links";
import { testDatabase } from "../helpers/app";
import { FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi, type QueuedUpdate } from "../helpers/fakeBotApi";

export const quietLog: BotLog = { info() {}, warn() {}, error() {} };

/** A logger that keeps what it is told, for tests about what gets logged. */
export function recordingLog() {
  const entries: { level: string; message: string | undefined; details: object }[] = [];
  const at = (level: string) => (details: object, message?: string) => void entries.push({ level, message, details });
  return { log: { info: at("info"), warn: at("warn"), error: at("error") } satisfies BotLog, entries };
}

/**
 * The services a bot runs on, made on `db` as the composition root makes them. `/start CODE` joins nobody
 * unless `joinFromChat` is given; without `backOffice` the admin commands are unknown commands.
 */
export function botServicesFor(
  db: DB,
  {
    handover,
    clock = Date.now,
    backOffice = null,
    joinFromChat = async () => undefined,
  }: {
    handover: BotServices["handover"];
    clock?: () => number;
    backOffice?: BackOffice | null;
    joinFromChat?: BotServices["signIn"]["joinFromChat"];
  },
): BotServices {
  return {
    handover,
    signIn: { joinFromChat },
    backOffice,
    chatOrders: createChatOrders({ db }),
    botAdmin: createBotAdmin({ db, clock }),
    reachability: createReachability({ db, clock }),
    chatLocales: createChatLocales({ db }),
    conversations: createConversationStore({ db, clock }),
    promotions: createBroadcasts({ db, clock, perSecond: 25, chatGapSeconds: 1 }).promotions,
    contact: createContact({ db, clock }),
  };
}

export const anna: User = { id: 5001, is_bot: false, first_name: "Anna", username: "anna_samui" };
export const ben: User = { id: 5002, is_bot: false, first_name: "Ben" };

let reflinks = 0;

export interface Person {
  telegram_id?: number | null;
  email?: string | null;
  first_name?: string;
  last_name?: string;
  username?: string;
  is_admin?: boolean;
}

export async function addCustomer(db: DB, who: Person): Promise<number> {
  const { id } = await db
    .insertInto("users")
    .values({
      telegram_id: who.telegram_id ?? null,
      email: who.email ?? null,
      first_name: who.first_name ?? null,
      last_name: who.last_name ?? null,
      username: who.username ?? null,
      is_admin: who.is_admin ? 1 : 0,
      reflink: `ref${++reflinks}x${Date.now() % 100000}`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A member of a shop's staff (a manager, unless told otherwise). */
export async function addStaff(db: DB, shopId: number, who: Person, role: "owner" | "manager" = "manager"): Promise<number> {
  const id = await addCustomer(db, who);
  await db.insertInto("shop_staff").values({ shop_id: shopId, user_id: id, role }).execute();
  return id;
}

export async function addStock(db: DB, shopId: number, productId: number, amount: number): Promise<void> {
  await db.insertInto("stock").values({ shop_id: shopId, product_id: productId, option_id: 0, amount }).execute();
}

export async function addShop(db: DB, name: string, address = ""): Promise<number> {
  const { id } = await db.insertInto("shops").values({ name, address }).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function addProduct(db: DB, name: string, price: number): Promise<number> {
  const { id } = await db.insertInto("products").values({ name, category_id: 1 }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("product_options").values({ product_id: id, option_id: 0, per_price: price, price_text: "1 g" }).execute();
  return id;
}

export interface OrderFixture {
  user_id: number;
  shop_id: number;
  status?: "P" | "N" | "W" | "S" | "C";
  total?: number;
  created_at?: string;
  hold_until?: string | null;
  lines?: { product_id: number; product_name: string; per_price: number; amount: number }[];
}

export async function addOrder(db: DB, order: OrderFixture): Promise<number> {
  const total = order.total ?? (order.lines ?? []).reduce((sum, l) => sum + l.per_price * l.amount, 0);
  const { id } = await db
    .insertInto("orders")
    .values({
      user_id: order.user_id,
      shop_id: order.shop_id,
      status: order.status ?? "N",
      total_price: total,
      discounted_price: total,
      total_cost_price: 0,
      hold_until: order.hold_until ?? null,
      ...(order.created_at ? { created_at: order.created_at } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const line of order.lines ?? []) {
    await db
      .insertInto("order_lines")
      .values({ order_id: id, option_id: 0, cost_price: 0, price_text: "1 g", list_price: line.per_price, ...line })
      .execute();
  }
  return id;
}

/** Everything a table holds, to show that a bad update changed nothing. */
export async function snapshot(db: DB) {
  return {
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
    orders: await db.selectFrom("orders").selectAll().orderBy("id").execute(),
    outbox: await db.selectFrom("outbox").selectAll().orderBy("id").execute(),
    order_events: await db.selectFrom("order_events").selectAll().orderBy("id").execute(),
    stock: await db.selectFrom("stock").selectAll().orderBy("shop_id").orderBy("product_id").execute(),
  };
}

let messageIds = 1000;

/** A message `from` sends the bot in their private chat, with `content` (its text, sticker, contact…). */
function privateMessage(from: User, content: Record<string, unknown>): QueuedUpdate {
  return {
    message: {
      message_id: ++messageIds,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: "private", first_name: from.first_name },
      from,
      ...content,
    },
  } as QueuedUpdate;
}

/** A private-chat message; a leading /command gets the entity Telegram would attach. */
export function textMessage(from: User, text: string): QueuedUpdate {
  const command = /^\/\w+/.exec(text);
  return privateMessage(from, {
    text,
    ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}),
  });
}

export function stickerMessage(from: User): QueuedUpdate {
  return privateMessage(from, {
    sticker: { file_id: "CAAC", file_unique_id: "AgAD", type: "regular", width: 512, height: 512, is_animated: false, is_video: false },
  });
}

type SharedContact = { phone_number: string; first_name: string; user_id?: number };

/**
 * A contact message as Telegram delivers it: `user_id` is the Telegram user the contact belongs to, if any;
 * `forwardedFrom` makes it a contact forwarded from that user's message.
 */
export function contactMessage(from: User, contact: SharedContact, forwardedFrom?: User): QueuedUpdate {
  return privateMessage(from, {
    contact,
    ...(forwardedFrom ? { forward_origin: { type: "user", date: Math.floor(Date.now() / 1000) - 60, sender_user: forwardedFrom } } : {}),
  });
}

/** A press on an inline button under a message the bot sent earlier. */
export function buttonPress(from: User, data: string, messageId = 77, text = "Your latest orders:"): QueuedUpdate {
  return {
    callback_query: {
      id: `cb${++messageIds}`,
      from,
      chat_instance: "ci1",
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: "private", first_name: from.first_name },
        text,
      },
    },
  } as QueuedUpdate;
}

/** A post in a channel the bot is in: no `from` at all. */
export function channelPost(text: string): QueuedUpdate {
  return {
    channel_post: {
      message_id: ++messageIds,
      date: Math.floor(Date.now() / 1000),
      chat: { id: -100123, type: "channel", title: "Store news" },
      sender_chat: { id: -100123, type: "channel", title: "Store news" },
      text,
    },
  } as QueuedUpdate;
}

/**
 * A bot polling a fake Bot API on a fresh database where Anna and Ben are customers: what the tests of one
 * conversation with the bot start from. `stop` ends the bot, the fake and the database.
 */
export async function pollingBotWithCustomers(): Promise<{ fake: FakeBotApi; db: DB; stop: () => Promise<void> }> {
  const fake = await startFakeBotApi();
  const db = await testDatabase(false);
  const config = { botToken: fake.token, publicUrl: "https://shop.example", telegramApiRoot: fake.apiRoot };
  const handover = createHandover({ db, clock: Date.now, links: createLinkSigner(db) });
  const bot = createBot({ services: botServicesFor(db, { handover }), config, log: quietLog, botInfo: FAKE_BOT_INFO });
  const running = startPolling(bot, createMiniApp(config.publicUrl), quietLog);
  await addCustomer(db, { telegram_id: anna.id, first_name: "Anna" });
  await addCustomer(db, { telegram_id: ben.id, first_name: "Ben" });
  return {
    fake,
    db,
    async stop() {
      await running.stop();
      await fake.close();
      await db.destroy();
    },
  };
}
