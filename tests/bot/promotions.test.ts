/**
 * The promotions opt-out in the bot (issue 25): 'Stop promotions' under a broadcast and /stop set it, in
 * the sender's language; /start offers an opted-out user to take promotions again (a button), and only them.
 * The real bot polling the fake Bot API, on a real SQLite database.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import type { BotParams, FakeBotApi } from "../helpers/fakeBotApi";
import { anna, ben, buttonPress, pollingBotWithCustomers, textMessage } from "./support";

let fake: FakeBotApi;
let db: DB;

const optedOutAt = async (telegramId: number) =>
  (await db.selectFrom("users").select("promotions_opted_out_at").where("telegram_id", "=", telegramId).executeTakeFirstOrThrow())
    .promotions_opted_out_at;
const repliesTo = (chatId: number) => fake.callsOf("sendMessage").filter((p) => p.chat_id === chatId);
const buttons = (params: BotParams) => (params.reply_markup?.inline_keyboard ?? []).flat() as BotParams[];

beforeEach(async () => {
  let stop: () => Promise<void>;
  ({ fake, db, stop } = await pollingBotWithCustomers());
  return stop;
});

describe("stopping promotions", () => {
  it("/stop opts the sender out, says their order notices still come, and /start offers them back", async () => {
    fake.queueUpdate(textMessage(anna, "/stop"));
    const [reply] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id });
    expect(reply!.text).toMatch(/no more promotions.*order notices still come/i);
    expect(await optedOutAt(anna.id)).not.toBeNull();
    expect(await optedOutAt(ben.id)).toBeNull();

    fake.queueUpdate(textMessage(anna, "/start"));
    await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id, count: 3 });
    const offer = repliesTo(anna.id)[2]!;
    expect(offer.text).toBe("You turned our promotions off. Want our offers again?");
    expect(buttons(offer)).toEqual([{ text: "Get promotions again", callback_data: "promo:on" }]);

    fake.queueUpdate(buttonPress(anna, "promo:on", 90, offer.text as string));
    await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id, count: 4 });
    expect(repliesTo(anna.id)[3]!.text).toMatch(/you will get our offers again/i);
    expect(await optedOutAt(anna.id)).toBeNull();
  });

  it("the 'Stop promotions' button under a broadcast opts out, in the presser's language", async () => {
    fake.queueUpdate(buttonPress({ ...ben, language_code: "ru" }, "promo:stop", 91, "Songkran sale!"));
    const [reply] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === ben.id });
    expect(reply!.text).toMatch(/^Готово: акций больше не будет/);
    await fake.waitFor("answerCallbackQuery");
    expect(await optedOutAt(ben.id)).not.toBeNull();
  });

  it("/start makes no offer to a user who takes promotions", async () => {
    fake.queueUpdate(textMessage(ben, "/start"));
    await fake.waitFor("sendMessage", { where: (p) => p.chat_id === ben.id });
    // The welcome is the one message; give a stray second one the time to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repliesTo(ben.id)).toHaveLength(1);
    expect(repliesTo(ben.id)[0]!.text).toMatch(/^Hi Ben!/);
  });
});
