/**
 * Phone from Telegram (issue 26): the courier form's 'Share my phone from Telegram' makes Telegram send the
 * customer's contact to the bot. The sender's own contact is kept on them; a forwarded one (someone else's) is
 * not, and the sender is told why. The real bot polling the fake Bot API, on a real SQLite database.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import type { FakeBotApi } from "../helpers/fakeBotApi";
import { anna, ben, contactMessage, pollingBotWithCustomers } from "./support";

let fake: FakeBotApi;
let db: DB;

const phoneOf = async (telegramId: number) =>
  (await db.selectFrom("users").select("phone").where("telegram_id", "=", telegramId).executeTakeFirstOrThrow()).phone;

beforeEach(async () => {
  let stop: () => Promise<void>;
  ({ fake, db, stop } = await pollingBotWithCustomers());
  return stop;
});

describe("a contact sent to the bot", () => {
  it("the sender's own contact is kept on them as a dialable phone, and they are told it is in the form", async () => {
    fake.queueUpdate(contactMessage(anna, { phone_number: "66812345678", first_name: "Anna", user_id: anna.id }));
    const [reply] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id });
    expect(reply!.text).toBe("Thanks: your phone +66812345678 is in the store's courier form now.");
    expect(await phoneOf(anna.id)).toBe("+66812345678");
    expect(await phoneOf(ben.id)).toBeNull();
  });

  it("a forwarded contact of someone else is ignored, with a reply saying why, in the sender's language", async () => {
    const bens = { phone_number: "+66 89 000 1111", first_name: "Ben", user_id: ben.id };
    const forwarded = contactMessage({ ...anna, language_code: "ru" }, bens, ben);
    fake.queueUpdate(forwarded);
    const [reply] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id });
    expect(reply!.text).toMatch(/^Я сохраняю только ваш собственный номер/);
    expect(await phoneOf(anna.id)).toBeNull();
    expect(await phoneOf(ben.id)).toBeNull();
  });

  it("a contact with no Telegram account behind it (picked from the address book) is ignored too", async () => {
    fake.queueUpdate(contactMessage(anna, { phone_number: "+66 2 123 4567", first_name: "Pizza place" }));
    const [reply] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id });
    expect(reply!.text).toMatch(/this contact is someone else's/);
    expect(await phoneOf(anna.id)).toBeNull();
  });

  it("sharing again replaces the kept phone", async () => {
    fake.queueUpdate(contactMessage(anna, { phone_number: "+66812345678", first_name: "Anna", user_id: anna.id }));
    await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id });
    fake.queueUpdate(contactMessage(anna, { phone_number: "+66 99 888 7777", first_name: "Anna", user_id: anna.id }));
    await fake.waitFor("sendMessage", { where: (p) => p.chat_id === anna.id, count: 2 });
    expect(await phoneOf(anna.id)).toBe("+66 99 888 7777");
  });
});
