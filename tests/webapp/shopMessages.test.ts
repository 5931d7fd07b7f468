/**
 * The shop screens' counts and labels as each language writes them (issue 24): the app catalogues compiled the
 * way the build compiles them (webapp/messagesPlugin.ts) and read by the mini-app's own reader
 * (webapp/src/lib/messageFormat.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../server/domain/locale";
import { compiledCatalogue, readCatalogue } from "../../webapp/messagesPlugin";
import { formatMessage, type CompiledMessage, type MessageValues } from "../../webapp/src/lib/messageFormat";

const catalogues = {} as Record<Locale, Record<string, CompiledMessage>>;

beforeAll(async () => {
  for (const locale of LOCALES) {
    const file = `webapp/src/locales/${locale}/app.ts`;
    catalogues[locale] = compiledCatalogue(file, await readCatalogue(file)) as Record<string, CompiledMessage>;
  }
});

function say(locale: Locale, id: string, values: MessageValues): string {
  return formatMessage(catalogues[locale][id], locale, values).replace(/\u00a0/g, " ");
}

const COUNTS = [1, 2, 5, 11, 21, 22, 25];

describe("counts", () => {
  it("take the Russian plural forms by CLDR: 1 and 21 one, 2 and 22 few, 5, 11 and 25 many", () => {
    expect(COUNTS.map((count) => say("ru", "ui.items", { count }))).toEqual([
      "1 товар",
      "2 товара",
      "5 товаров",
      "11 товаров",
      "21 товар",
      "22 товара",
      "25 товаров",
    ]);
    expect(COUNTS.map((count) => say("ru", "cart.lineCount", { count }))).toEqual([
      "1 позиция",
      "2 позиции",
      "5 позиций",
      "11 позиций",
      "21 позиция",
      "22 позиции",
      "25 позиций",
    ]);
    expect(say("ru", "product.stockAtShops", { count: 21, city: "Самуи" })).toBe("Есть в 21 магазине на Самуи");
    expect(say("ru", "product.stockAtShops", { count: 3, city: "Самуи" })).toBe("Есть в 3 магазинах на Самуи");
  });

  it("have one form in Thai, and English says one and other", () => {
    expect(COUNTS.map((count) => say("th", "ui.items", { count }))).toEqual(COUNTS.map((count) => `${count} ชิ้น`));
    expect([1, 2].map((count) => say("en", "ui.items", { count }))).toEqual(["1 item", "2 items"]);
    expect([1, 2].map((count) => say("en", "product.shopCount", { count }))).toEqual(["1 shop", "2 shops"]);
  });

  it("group the digits of a large count as the language does", () => {
    expect(say("en", "product.orders", { count: 1200 })).toBe("1,200 orders");
    expect(say("ru", "product.orders", { count: 1200 })).toBe("1 200 заказов");
    expect(say("th", "product.orders", { count: 1200 })).toBe("สั่งแล้ว 1,200 ครั้ง");
  });
});

describe("labels", () => {
  it("keep the spec's English words for statuses and options, and give Russian and Thai their own", () => {
    const ids = ["status.order.N", "status.order.W", "status.order.P", "status.order.C", "status.order.S"];
    expect(ids.map((id) => say("en", id, {}))).toEqual(["New", "In progress", "Pending", "Canceled", "Done"]);
    expect(ids.map((id) => say("ru", id, {}))).toEqual(["Новый", "В работе", "Ожидает", "Отменён", "Выполнен"]);
    expect(say("en", "status.payment.S", {})).toBe("Paid");
    expect(["status.delivery.A", "status.delivery.S"].map((id) => say("en", id, {}))).toEqual(["On the way", "Delivered"]);
    for (const locale of ["ru", "th"] as const) {
      for (const id of [...ids, "status.payment.S", "status.delivery.A", "option.delivery.1", "option.payment.1", "category.4"]) {
        expect(say(locale, id, {}), `${locale} ${id}`).not.toBe(say("en", id, {}));
      }
    }
  });
});
