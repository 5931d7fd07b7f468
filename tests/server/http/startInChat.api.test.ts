/**
 * `/start` without a referral code records the sender as a customer (on both engines): the bot served by the
 * app's webhook, posted to as Telegram would. The customer is one of a broadcast's recipients at once; Start
 * pressed again makes no second user; a later mini-app sign-in with the same Telegram id is the same user, and
 * the photo it brings is kept by a later /start (the bot's updates carry none).
 */
import type { User } from "grammy/types";
import { afterAll, beforeAll, expect, it } from "vitest";
import { textMessage } from "../../bot/support";
import { makeTestStore, type TestStore } from "../../helpers/app";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fakeBotApi";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";
import { signInitData } from "../../../server/services/telegramInitData";

const SECRET = "webhook_Secret-42";
const ADMIN_TG = 1000;
const mali: User = { id: 7301, is_bot: false, first_name: "Mali", last_name: "S", username: "mali_s", language_code: "th" };

let store: TestStore;
let fake: FakeBotApi;
let updateId = 0;

beforeAll(async () => {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  store = await makeTestStore({
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: "webhook",
      BOT_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_ROOT: fake.apiRoot,
      PUBLIC_URL: "https://shop.example",
      ADMIN_TELEGRAM_IDS: String(ADMIN_TG),
    },
  });
});

afterAll(async () => {
  await store?.close();
  await fake?.close();
});

async function pressStart(who: User): Promise<void> {
  const answer = await store.app.inject({
    method: "POST",
    url: "/telegram/webhook",
    headers: { "x-telegram-bot-api-secret-token": SECRET },
    payload: { update_id: ++updateId, ...textMessage(who, "/start") },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const usersOf = (telegramId: number) =>
  store.db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "username", "photo_url", "telegram_locale", "write_access", "email"])
    .where("telegram_id", "=", telegramId)
    .execute();

it("records the sender of a plain /start once, reachable by a broadcast, and a later sign-in is the same user", async () => {
  const admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  const audience = async () => {
    const answer = await store.app.inject({
      method: "POST",
      url: "/api/admin/broadcasts/recipients",
      headers: bearer(admin.token),
      payload: { segment: { type: "all" } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ recipients: number }>().recipients;
  };
  const before = await audience();

  await pressStart(mali);
  const [recorded] = await usersOf(mali.id);
  expect(recorded).toMatchObject({
    first_name: "Mali",
    last_name: "S",
    username: "mali_s",
    telegram_locale: "th",
    write_access: "allowed",
    email: null,
  });
  expect(await audience()).toBe(before + 1);
  expect(fake.callsOf("sendMessage").filter((m) => m.chat_id === mali.id)).toHaveLength(1);

  // Start again, with a new name: the same one user, refreshed.
  await pressStart({ ...mali, first_name: "Malee" });
  expect(await usersOf(mali.id)).toEqual([{ ...recorded, first_name: "Malee" }]);
  expect(await audience()).toBe(before + 1);

  const initData = signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      user: JSON.stringify({ id: mali.id, first_name: "Malee", username: "mali_s", photo_url: "https://t.me/i/mali.jpg" }),
    },
    TEST_BOT_TOKEN,
  );
  const signedIn = await store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  expect(signedIn.json().user).toMatchObject({ userId: recorded!.id, telegram_id: mali.id, photo_url: "https://t.me/i/mali.jpg" });

  // The bot's updates carry no photo: /start keeps the one the sign-in brought.
  await pressStart({ ...mali, first_name: "Malee" });
  expect(await usersOf(mali.id)).toMatchObject([{ id: recorded!.id, photo_url: "https://t.me/i/mali.jpg" }]);
  expect(await audience()).toBe(before + 1);
});
