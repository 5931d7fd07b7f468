/**
 * `/start CODE` in the chat, end to end through the store as `npm start` runs it (bot polling a fake Bot API,
 * on a SQLite file): a newcomer becomes a user and the code's owner their referrer; a second code, their own
 * code or an unknown one change nothing, and the welcome is the same every time.
 */
import { expect, it } from "vitest";
import { UNLIMITED } from "../helpers/app";
import { useStoreWithBot } from "../helpers/storeWithBot";
import { textMessage } from "./support";

const web = useStoreWithBot("store-ref-start-", UNLIMITED);

const partnerOf = async (telegramId: number) =>
  (
    await web.store.db
      .selectFrom("referrals")
      .innerJoin("users", "users.id", "referrals.user_id")
      .select("referrals.partner_id")
      .where("users.telegram_id", "=", telegramId)
      .executeTakeFirst()
  )?.partner_id ?? null;

it("registers the sender of /start CODE as a referral of the code's owner, once, and welcomes them either way", async () => {
  const { id: partnerId, reflink } = await web.store.db
    .insertInto("users")
    .values({ email: "partner@samui.example", reflink: "partner1" })
    .returning(["id", "reflink"])
    .executeTakeFirstOrThrow();
  const { reflink: otherCode } = await web.store.db
    .insertInto("users")
    .values({ email: "other@samui.example", reflink: "other001" })
    .returning("reflink")
    .executeTakeFirstOrThrow();
  const newcomer = { id: 6101, is_bot: false, first_name: "Lek", username: "lek_samui" };

  web.fake.queueUpdate(textMessage(newcomer, `/start ${reflink}`));
  await web.fake.waitFor("sendMessage", { count: 1, timeoutMs: 10_000 });
  const user = await web.store.db
    .selectFrom("users")
    .select(["id", "first_name", "username", "write_access"])
    .where("telegram_id", "=", newcomer.id)
    .executeTakeFirstOrThrow();
  // They wrote to the bot, so it may write to them (issue 26): their notices are not asked for again.
  expect(user).toMatchObject({ first_name: "Lek", username: "lek_samui", write_access: "allowed" });
  expect(await partnerOf(newcomer.id)).toBe(partnerId);

  // A second code, and then the newcomer's own code: nothing changes, the welcome is the same.
  const own = (await web.store.db.selectFrom("users").select("reflink").where("id", "=", user.id).executeTakeFirstOrThrow()).reflink;
  web.fake.queueUpdate(textMessage(newcomer, `/start ${otherCode}`));
  web.fake.queueUpdate(textMessage(newcomer, `/start ${own}`));
  web.fake.queueUpdate(textMessage({ id: 6102, is_bot: false, first_name: "Som" }, "/start no-such-code"));
  const replies = await web.fake.waitFor("sendMessage", { count: 4, timeoutMs: 10_000 });
  expect(new Set(replies.map((r) => r.text.split("\n")[0]))).toEqual(
    new Set(["Hi Lek! Welcome to Koh Samui Store.", "Hi Som! Welcome to Koh Samui Store."]),
  );
  expect(await partnerOf(newcomer.id)).toBe(partnerId);
  expect(await partnerOf(6102)).toBeNull();
  expect(await web.store.db.selectFrom("referrals").selectAll().execute()).toHaveLength(1);
});
