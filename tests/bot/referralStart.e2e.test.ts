/**
 * `/start CODE` in the chat, end to end through the store as `npm start` runs it (bot polling a fake Bot API,
 * on a SQLite file): a newcomer becomes a user and the code's owner their referrer; a second code, their own
 * code or an unknown one change nothing, and the welcome is the same every time.
 */
import { rm } from "node:fs/promises";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";
import { makeTempDir, UNLIMITED } from "../helpers/app";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { textMessage } from "./support";

let fake: FakeBotApi;
let dataDir: string;
let store: Awaited<ReturnType<typeof start>>;

beforeEach(async () => {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  dataDir = await makeTempDir("store-ref-start-");
  store = await start(
    loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", PUBLIC_URL: "https://shop.example", BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.apiRoot, ...UNLIMITED }),
  );
});

afterEach(async () => {
  await store.stop("test");
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

const partnerOf = async (telegramId: number) =>
  (
    await store.db
      .selectFrom("referrals")
      .innerJoin("users", "users.id", "referrals.user_id")
      .select("referrals.partner_id")
      .where("users.telegram_id", "=", telegramId)
      .executeTakeFirst()
  )?.partner_id ?? null;

it("registers the sender of /start CODE as a referral of the code's owner, once, and welcomes them either way", async () => {
  const { id: partnerId, reflink } = await store.db
    .insertInto("users")
    .values({ email: "partner@samui.example", reflink: "partner1" })
    .returning(["id", "reflink"])
    .executeTakeFirstOrThrow();
  const { reflink: otherCode } = await store.db
    .insertInto("users")
    .values({ email: "other@samui.example", reflink: "other001" })
    .returning("reflink")
    .executeTakeFirstOrThrow();
  const newcomer = { id: 6101, is_bot: false, first_name: "Lek", username: "lek_samui" };

  fake.queueUpdate(textMessage(newcomer, `/start ${reflink}`));
  await fake.waitFor("sendMessage", { count: 1, timeoutMs: 10_000 });
  const user = await store.db
    .selectFrom("users")
    .select(["id", "first_name", "username"])
    .where("telegram_id", "=", newcomer.id)
    .executeTakeFirstOrThrow();
  expect(user).toMatchObject({ first_name: "Lek", username: "lek_samui" });
  expect(await partnerOf(newcomer.id)).toBe(partnerId);

  // A second code, and then the newcomer's own code: nothing changes, the welcome is the same.
  const own = (await store.db.selectFrom("users").select("reflink").where("id", "=", user.id).executeTakeFirstOrThrow()).reflink;
  fake.queueUpdate(textMessage(newcomer, `/start ${otherCode}`));
  fake.queueUpdate(textMessage(newcomer, `/start ${own}`));
  fake.queueUpdate(textMessage({ id: 6102, is_bot: false, first_name: "Som" }, "/start no-such-code"));
  const replies = await fake.waitFor("sendMessage", { count: 4, timeoutMs: 10_000 });
  expect(new Set(replies.map((r) => r.text.split("\n")[0]))).toEqual(
    new Set(["Hi Lek! Welcome to Koh Samui Store.", "Hi Som! Welcome to Koh Samui Store."]),
  );
  expect(await partnerOf(newcomer.id)).toBe(partnerId);
  expect(await partnerOf(6102)).toBeNull();
  expect(await store.db.selectFrom("referrals").selectAll().execute()).toHaveLength(1);
});
