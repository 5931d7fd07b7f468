/**
 * Everyone who presses Start is someone the shop can reach: the store as `npm start` runs it (bot polling the
 * fake Bot API, broadcast worker, a SQLite file). 300 people who only pressed Start in the bot, never opening
 * the store, each get a broadcast to "all" exactly once; one who blocked the bot afterwards and one who opted
 * out of promotions get nothing; pressing Start again makes no second customer, and a later sign-in in the
 * mini-app with the same Telegram id is the same user.
 */
import type { User } from "grammy/types";
import { expect, it } from "vitest";
import { UNLIMITED } from "../helpers/app";
import { FAKE_BOT_INFO, type QueuedUpdate } from "../helpers/fakeBotApi";
import { bearer, signInCustomer, signedInAs, telegramSignInRequest } from "../helpers/session";
import { useStoreWithBot } from "../helpers/storeWithBot";
import { textMessage } from "./support";

const STARTERS = 300;
const FIRST_ID = 710_000;
const ADMIN_TG = 1000;
const web = useStoreWithBot("store-start-audience-", { ...UNLIMITED, ADMIN_TELEGRAM_IDS: String(ADMIN_TG), BROADCAST_PER_SECOND: "30" });

const starter = (i: number): User => ({
  id: FIRST_ID + i,
  is_bot: false,
  first_name: `Starter${i}`,
  ...(i % 2 ? { username: `starter_${i}` } : {}),
  language_code: ["en", "ru", "th"][i % 3]!,
});
const blocker: User = { id: FIRST_ID + 900, is_bot: false, first_name: "Blocker" };
const optedOut: User = { id: FIRST_ID + 901, is_bot: false, first_name: "Nok" };

const kicked = (who: User): QueuedUpdate =>
  ({
    my_chat_member: {
      chat: { id: who.id, type: "private", first_name: who.first_name },
      from: who,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { user: FAKE_BOT_INFO, status: "member" },
      new_chat_member: { user: FAKE_BOT_INFO, status: "kicked", until_date: 0 },
    },
  }) as QueuedUpdate;

const BROADCAST_TEXT = "Songkran sale: 20% off everything this weekend!";
const broadcastsTo = (chatId: number) =>
  web.fake.callsOf("sendMessage").filter((p) => p.chat_id === chatId && p.text === BROADCAST_TEXT);

it("a broadcast to all reaches each of 300 people who only pressed Start, once; not who blocked or opted out", async () => {
  const people = Array.from({ length: STARTERS }, (_, i) => starter(i));
  for (const who of [...people, blocker, optedOut]) web.fake.queueUpdate(textMessage(who, "/start"));
  // Pressing Start again changes nothing but the profile.
  web.fake.queueUpdate(textMessage({ ...people[0]!, first_name: "Lek" }, "/start"));
  web.fake.queueUpdate(kicked(blocker));
  web.fake.queueUpdate(textMessage(optedOut, "/stop"));
  await web.fake.waitFor("sendMessage", { count: STARTERS + 4, where: (p) => p.chat_id >= FIRST_ID, timeoutMs: 60_000 });
  const blockedAt = async () =>
    (await web.store.db.selectFrom("users").select("telegram_unreachable_at").where("telegram_id", "=", blocker.id).executeTakeFirst())
      ?.telegram_unreachable_at ?? null;
  await expect.poll(blockedAt).not.toBeNull();

  const recorded = await web.store.db
    .selectFrom("users")
    .select(["id", "telegram_id", "first_name", "username", "telegram_locale", "write_access", "email"])
    .where("telegram_id", ">=", FIRST_ID)
    .orderBy("telegram_id")
    .execute();
  expect(recorded).toHaveLength(STARTERS + 2);
  expect(recorded[0]).toMatchObject({
    telegram_id: FIRST_ID,
    first_name: "Lek",
    username: null,
    telegram_locale: "en",
    write_access: "allowed",
    email: null,
  });
  expect(recorded[4]).toMatchObject({ first_name: "Starter4", telegram_locale: "ru" });
  expect(recorded[5]).toMatchObject({ first_name: "Starter5", username: "starter_5", telegram_locale: "th" });
  const ordersOfStarters = await web.store.db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select("orders.id")
    .where("users.telegram_id", ">=", FIRST_ID)
    .execute();
  expect(ordersOfStarters).toEqual([]);

  const admin = await signInCustomer(web.store.app, ADMIN_TG, "Boss");
  const call = (url: string, payload?: object) =>
    web.store.app.inject({ method: "POST", url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
  const created = await call("/api/admin/broadcasts", { text: BROADCAST_TEXT, segment: { type: "all" } });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<{ id: number }>();
  expect((await call(`/api/admin/broadcasts/${id}/send`)).statusCode).toBe(200);

  await expect
    .poll(async () => (await web.store.app.inject({ url: `/api/admin/broadcasts/${id}`, headers: bearer(admin.token) })).json().status, {
      timeout: 60_000,
      interval: 200,
    })
    .toBe("done");
  for (const who of people) expect(broadcastsTo(who.id), `chat ${who.id}`).toHaveLength(1);
  expect(broadcastsTo(blocker.id)).toEqual([]);
  expect(broadcastsTo(optedOut.id)).toEqual([]);
  // In each one's own language: the 'Stop promotions' button under it.
  const underRu = broadcastsTo(people[1]!.id)[0]!.reply_markup.inline_keyboard.flat().map((b: { text: string }) => b.text);
  expect(underRu).toContain("Не присылать акции");

  // A later sign-in in the mini-app is the same person.
  const signedIn = signedInAs(await web.store.app.inject(telegramSignInRequest(people[7]!.id, "Starter7")));
  expect(signedIn.userId).toBe(recorded[7]!.id);
  expect(await web.store.db.selectFrom("users").select("id").where("telegram_id", "=", people[7]!.id).execute()).toHaveLength(1);
});
