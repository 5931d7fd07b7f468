/**
 * Messages in three languages (server/domain/messages.ts) and the server's own catalogues
 * (server/domain/serverMessages.ts, server/locales): Russian plural forms by CLDR, one form in Thai, English
 * the fallback, and catalogues that say every message the code throws with the values it gives.
 */
import { describe, expect, it } from "vitest";
import { compileCatalogue, createTranslate } from "../../../server/domain/messages";
import { SERVER_MESSAGES, type ServerMessage } from "../../../server/domain/serverMessages";
import { SERVER_CATALOGUES, translateServer, translateText } from "../../../server/locales";
import { formatEnglish, NotFoundError } from "../../../server/domain/errors";

const COUNTS = [1, 2, 5, 11, 21, 22, 25];

describe("createTranslate", () => {
  const en = { items: "{count, plural, one {# item} other {# items}}", hello: "Hello, {name}!", only: "Only in English" } as const;
  const translate = createTranslate<keyof typeof en>({
    en,
    ru: {
      items: "{count, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}",
      hello: "Здравствуйте, {name}!",
      only: "Только по-русски",
    },
    th: { items: "{count} ชิ้น", hello: "สวัสดี {name}", only: "ภาษาไทย" },
  });

  it("says Russian plurals by CLDR: 1 товар, 2 товара, 5 товаров, 11 товаров, 21 товар, 22 товара, 25 товаров", () => {
    expect(COUNTS.map((count) => translate("ru", "items", { count }))).toEqual([
      "1 товар",
      "2 товара",
      "5 товаров",
      "11 товаров",
      "21 товар",
      "22 товара",
      "25 товаров",
    ]);
  });

  it("has one form in Thai and two in English", () => {
    expect(COUNTS.map((count) => translate("th", "items", { count }))).toEqual(COUNTS.map((count) => `${count} ชิ้น`));
    expect([1, 2, 21].map((count) => translate("en", "items", { count }))).toEqual(["1 item", "2 items", "21 items"]);
  });

  it("fills values, and refuses at start a catalogue that lacks a message English has (the types would not let it either)", () => {
    expect(translate("ru", "hello", { name: "Анна" })).toBe("Здравствуйте, Анна!");
    expect(translate("th", "only")).toBe("ภาษาไทย");
    const { only: _dropped, ...lacking } = en;
    expect(() => createTranslate({ en, ru: lacking as never, th: en })).toThrow(/the ru catalogue: missing 1 translation\(s\): "only"/);
  });

  it("refuses a catalogue with a message that is not ICU, naming it", () => {
    expect(() => compileCatalogue({ broken: "{count, plural, one {# item}" })).toThrow(/"broken" is not valid ICU/);
  });
});

/** The `{values}` a message uses: "{count, plural, …}" and "{name}" alike. */
const argumentsOf = (message: string) => new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]!));

/** A value for each placeholder: numbers where a plural may ask for one, text otherwise. */
function sampleValues(id: ServerMessage): Record<string, string | number> {
  const isText = (name: string) => /^(param|field|method|path|product|allowed|pattern|code)$/.test(name);
  return Object.fromEntries([...argumentsOf(id)].map((name, i) => [name, isText(name) ? `v${i}` : 21 + i]));
}

describe("the server's catalogues", () => {
  it("English: each message renders the same through the ICU compiler as formatEnglish renders it", () => {
    for (const id of SERVER_MESSAGES) {
      const values = sampleValues(id);
      expect(translateServer("en", id, values), id).toBe(formatEnglish(id, values));
      expect(formatEnglish(id, values), id).not.toMatch(/[{}]/);
    }
  });

  it("no message is listed twice", () => {
    expect(new Set(SERVER_MESSAGES).size).toBe(SERVER_MESSAGES.length);
  });

  it.each(["ru", "th"] as const)("%s: a translation of every message and nothing else, using only the values the code gives", (locale) => {
    const catalogue: Record<string, string> = SERVER_CATALOGUES[locale];
    expect(Object.keys(catalogue).sort()).toEqual([...SERVER_MESSAGES].sort());
    for (const id of SERVER_MESSAGES) {
      const given = argumentsOf(id);
      for (const name of argumentsOf(catalogue[id]!)) expect(given.has(name), `${locale} "${id}" uses {${name}}`).toBe(true);
      const said = translateServer(locale, id, sampleValues(id));
      expect(said, id).not.toMatch(/[{}]/);
    }
  });

  it("every message is translated, not copied: only the spec's Russian texts stay as they are in ru", () => {
    const copied = (locale: "ru" | "th") => SERVER_MESSAGES.filter((id) => SERVER_CATALOGUES[locale][id] === SERVER_CATALOGUES.en[id]);
    expect(copied("ru")).toEqual(["Отказано в доступе.", "Некорректное число"]);
    expect(copied("th")).toEqual([]);
  });

  it("Russian says counts with their plural forms, Thai with one", () => {
    const id = "You already have {max} open orders. Pick one up or cancel it before placing another.";
    const ru = COUNTS.map((max) => translateServer("ru", id, { max }).split(".")[0]);
    expect(ru).toEqual([
      "У вас уже 1 открытый заказ",
      "У вас уже 2 открытых заказа",
      "У вас уже 5 открытых заказов",
      "У вас уже 11 открытых заказов",
      "У вас уже 21 открытый заказ",
      "У вас уже 22 открытых заказа",
      "У вас уже 25 открытых заказов",
    ]);
    const th = COUNTS.map((max) => translateServer("th", id, { max }));
    expect(th).toEqual(COUNTS.map((max) => `คุณมีคำสั่งซื้อที่ยังไม่เสร็จ ${max} รายการแล้ว โปรดรับสินค้าหรือยกเลิกก่อนสั่งซื้อใหม่`));
  });
});

describe("an error said outside HTTP (translateText)", () => {
  it("keeps the English as its message and says it in any language from its id and values", () => {
    const error = new NotFoundError("Order", "Order {id} not found", { id: 12 });
    expect(error.message).toBe("Order 12 not found");
    expect(error.code).toBe("ORDER_NOT_FOUND");
    expect(translateText("ru", error)).toBe("Заказ 12 не найден");
    expect(translateText("th", error)).toBe("ไม่พบคำสั่งซื้อ 12");
    expect(translateText("en", error)).toBe("Order 12 not found");
  });
});

describe("the type check (npm test runs tsc over this file)", () => {
  it("refuses a message that is not in the list, a value missing and a translation missing", () => {
    // @ts-expect-error: not a message of server/domain/serverMessages.ts
    const unknown = () => new NotFoundError("Order", "Order {id} is missing", { id: 1 });
    // @ts-expect-error: "Order {id} not found" needs its id
    const noValue = () => new NotFoundError("Order", "Order {id} not found");
    // @ts-expect-error: a value the message has no placeholder for
    const wrongValue = () => new NotFoundError("Order", "Order {id} not found", { order: 1 });
    // @ts-expect-error: a catalogue that lacks a message
    const partial: Record<ServerMessage, string> = { "Invalid code!": "Неверный код!" };
    expect([unknown, noValue, wrongValue].map((make) => make().code)).toEqual(["ORDER_NOT_FOUND", "ORDER_NOT_FOUND", "ORDER_NOT_FOUND"]);
    expect(Object.keys(partial)).toEqual(["Invalid code!"]);
  });
});

