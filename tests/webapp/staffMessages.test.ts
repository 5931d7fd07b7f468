/**
 * The staff screens' messages (webapp/src/locales/<locale>/staff.ts, issue 24): English says the spec's words
 * exactly as the server's constants hold them, every message is valid ICU in every language, a translation
 * uses the same placeholders as English, and counts follow each language's plural rules.
 */
import { describe, expect, it } from "vitest";
import { ADMIN_PRODUCT_TEXTS } from "../../server/domain/adminProducts";
import { ACCESS_DENIED } from "../../server/domain/errors";
import { HANDOVER_TEXTS } from "../../server/domain/handover";
import { createTranslate } from "../../server/domain/messages";
import { SHOP_TEXTS } from "../../server/domain/shops";
import { addedMessage, movedMessage, STOCK_TEXTS } from "../../server/domain/stock";
import enApp from "../../webapp/src/locales/en/app";
import ruApp from "../../webapp/src/locales/ru/app";
import en from "../../webapp/src/locales/en/staff";
import ru from "../../webapp/src/locales/ru/staff";
import th from "../../webapp/src/locales/th/staff";

type Id = keyof typeof en;
const translate = createTranslate<Id>({ en, ru, th });

/** The names of a message's own placeholders ({name}, {count, plural, …}); `#` inside a plural is not one. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

describe("the staff messages", () => {
  it("say the spec's words in English, exactly as the server's constants", () => {
    const pairs: [Id, string][] = [
      ["staff.tookOrder", HANDOVER_TEXTS.tookOrder],
      ["staff.statuses.updated", HANDOVER_TEXTS.statusesUpdated],
      ["staff.map.attached", HANDOVER_TEXTS.mapAttached],
      ["staff.handover.contactSent", HANDOVER_TEXTS.contactSent],
      ["staff.handover.contactFailed", HANDOVER_TEXTS.contactFailed],
      ["staff.admin.invalidNumber", HANDOVER_TEXTS.invalidNumber],
      ["staff.product.activated", ADMIN_PRODUCT_TEXTS.activated],
      ["staff.product.disabled", ADMIN_PRODUCT_TEXTS.disabled],
      ["staff.product.deleted", ADMIN_PRODUCT_TEXTS.deleted],
      ["staff.option.created", ADMIN_PRODUCT_TEXTS.optionCreated],
      ["staff.option.deleted", ADMIN_PRODUCT_TEXTS.optionDeleted],
      ["staff.option.defaultChanged", ADMIN_PRODUCT_TEXTS.defaultChanged],
      ["staff.images.removed", ADMIN_PRODUCT_TEXTS.imageRemoved],
      ["staff.images.reordered", ADMIN_PRODUCT_TEXTS.imagesReordered],
      ["staff.form.created", ADMIN_PRODUCT_TEXTS.created],
      ["staff.form.updated", ADMIN_PRODUCT_TEXTS.updated],
      ["staff.form.problem.image", ADMIN_PRODUCT_TEXTS.needImage],
      ["staff.stock.addPrompt", STOCK_TEXTS.prompt],
      ["staff.shops.created", SHOP_TEXTS.created],
      ["staff.shops.updated", SHOP_TEXTS.updated],
      ["staff.shops.deletedNotice", SHOP_TEXTS.deleted],
      ["staff.shops.error", SHOP_TEXTS.error],
      ["staff.shops.warehouseKept", SHOP_TEXTS.warehouse],
    ];
    for (const [id, spec] of pairs) expect(translate("en", id), id).toBe(spec);
    expect(translate("en", "staff.stock.added", { count: 10 })).toBe(addedMessage(10));
    expect(translate("en", "staff.stock.moved", { count: 3, shop: "Lamai Night Market" })).toBe(movedMessage(3, "Lamai Night Market"));
    // The access check's words, in the app's messages (the entry's): the spec's Russian in en and ru.
    expect(enApp["staffGate.denied"]).toBe(ACCESS_DENIED);
    expect(ruApp["staffGate.denied"]).toBe(ACCESS_DENIED);
  });

  it("use in Russian and Thai the placeholders English uses", () => {
    for (const id of Object.keys(en) as Id[]) {
      expect(placeholders(ru[id]), `ru ${id}`).toEqual(placeholders(en[id]));
      expect(placeholders(th[id]), `th ${id}`).toEqual(placeholders(en[id]));
    }
  });

  it("count items by each language's plural rules: Russian one, few and many; Thai one form", () => {
    const items = (locale: "en" | "ru" | "th", count: number) => translate(locale, "staff.items", { count });
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => items("ru", count))).toEqual([
      "1 товар",
      "2 товара",
      "5 товаров",
      "11 товаров",
      "21 товар",
      "22 товара",
      "25 товаров",
    ]);
    expect([1, 2, 5, 21].map((count) => items("th", count))).toEqual(["1 ชิ้น", "2 ชิ้น", "5 ชิ้น", "21 ชิ้น"]);
    expect([1, 2].map((count) => items("en", count))).toEqual(["1 item", "2 items"]);
    expect(translate("ru", "staff.product.optionCount", { count: 3 })).toBe("3 варианта");
    expect(translate("ru", "staff.steps.allGiven", { count: 21 })).toBe("Выдано всё: 21 товар");
    expect(translate("en", "staff.steps.allGiven", { count: 1 })).toBe("All 1 item handed over");
  });

  it("have no empty message in any language", () => {
    for (const catalogue of [en, ru, th]) {
      for (const [id, message] of Object.entries(catalogue)) expect(message.trim(), id).not.toBe("");
    }
  });
});
