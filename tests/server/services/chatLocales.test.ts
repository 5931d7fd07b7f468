/**
 * The language the bot speaks to the person behind an update (server/services/chatLocales.ts), on SQLite and,
 * in the postgres project, on PostgreSQL: the stored choice wins, else the update's language_code (reduced),
 * else the one remembered, else English; Telegram's language is written on a known user only when it changed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../../db/connection";
import { watchUnits } from "../../../db/unitOfWork";
import { createChatLocales } from "../../../server/services/chatLocales";
import { createOutboxDelivery } from "../../../server/services/outboxDelivery";
import { testDatabase } from "../../helpers/app";

let db: DB;
let units: string[] = [];
let people = 0;

/** A user with a Telegram chat (a new one per call), with what the store remembers of their language. */
async function person(locale: string | null, telegramLocale: string | null): Promise<number> {
  const telegramId = 930_000 + ++people;
  await db
    .insertInto("users")
    .values({ telegram_id: telegramId, reflink: `lang${people}x${Date.now() % 100_000}`, locale, telegram_locale: telegramLocale })
    .execute();
  return telegramId;
}

const remembered = async (telegramId: number) =>
  (await db.selectFrom("users").select("telegram_locale").where("telegram_id", "=", telegramId).executeTakeFirstOrThrow()).telegram_locale;
const writes = () => units.filter((u) => u === "chatLocales.rememberTelegramLocale").length;

beforeAll(async () => {
  db = await testDatabase(false);
  watchUnits(db, (unit) => void units.push(unit));
});

afterAll(async () => {
  await db.destroy();
});

beforeEach(() => {
  units = [];
});

describe("the bot's language for a Telegram user", () => {
  it("is the stored choice, whatever the update says", async () => {
    const chats = createChatLocales({ db });
    const id = await person("ru", "th");
    expect(await chats.localeOf(id, "en")).toBe("ru");
    expect(await chats.localeOf(id, undefined)).toBe("ru");
  });

  it("else the update's language, reduced (th-TH → th, uk → ru, de → English), and remembered when it changed", async () => {
    const chats = createChatLocales({ db });
    const id = await person(null, null);
    expect(await chats.localeOf(id, "th-TH")).toBe("th");
    expect(await remembered(id)).toBe("th");
    expect(writes()).toBe(1);

    // The same language again: one lookup, no write.
    expect(await chats.localeOf(id, "th")).toBe("th");
    expect(writes()).toBe(1);

    expect(await chats.localeOf(id, "uk")).toBe("ru");
    expect(await remembered(id)).toBe("ru");
    expect(await chats.localeOf(id, "de")).toBe("en");
    expect(await remembered(id)).toBeNull();
    expect(writes()).toBe(3);
    expect(await chats.localeOf(id, "fr")).toBe("en");
    expect(writes()).toBe(3);
  });

  it("else the remembered one when the update names none, and English for someone who is not a user", async () => {
    const chats = createChatLocales({ db });
    const id = await person(null, "ru");
    expect(await chats.localeOf(id, undefined)).toBe("ru");
    expect(await remembered(id)).toBe("ru");
    expect(await chats.localeOf(939_999, undefined)).toBe("en");
    // Not a user: nothing is written (the bot creates nobody).
    expect(await chats.localeOf(939_999, "th")).toBe("th");
    expect(writes()).toBe(0);
    expect(await db.selectFrom("users").select("id").where("telegram_id", "=", 939_999).execute()).toEqual([]);
  });
});

describe("the outbox's recipient language", () => {
  it("comes with each claimed row, read in the claim itself: the choice, else Telegram's, else English", async () => {
    const outbox = createOutboxDelivery({ db });
    const readers = [await person("th", "ru"), await person(null, "ru"), await person(null, null)];
    for (const telegramId of readers) {
      const { id } = await db.selectFrom("users").select("id").where("telegram_id", "=", telegramId).executeTakeFirstOrThrow();
      await db
        .insertInto("outbox")
        .values({ kind: "order_placed", user_id: id, order_id: null, payload: "{}", dedupe_key: `locale-test-${telegramId}` })
        .execute();
    }
    const far = "2999-01-01T00:00:00.000Z";
    const claimed: Awaited<ReturnType<typeof outbox.claimNext>>[] = [];
    for (let i = 0; i < readers.length; i++) claimed.push(await outbox.claimNext(far, far, claimed.map((row) => row!.id)));
    expect(claimed.map((row) => [row!.telegram_id, row!.locale])).toEqual([
      [readers[0], "th"],
      [readers[1], "ru"],
      [readers[2], "en"],
    ]);
  });
});
