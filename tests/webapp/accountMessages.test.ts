/**
 * The account screens' counted texts in each language (issue 24): Russian picks its plural form by CLDR (one,
 * few, many), Thai has one form, English follows the spec's words. Read through the mini-app's own catalogues,
 * compiled as the build compiles them.
 */
import { describe, expect, it } from "vitest";
import { createTranslate } from "../../server/domain/messages";
import en from "../../webapp/src/locales/en/app";
import ru from "../../webapp/src/locales/ru/app";
import th from "../../webapp/src/locales/th/app";

const translate = createTranslate({ en, ru, th });
const COUNTS = [1, 2, 5, 11, 21, 22, 25];

describe("counted texts of the cabinet and the bonus history", () => {
  it("items: 1 товар, 2 товара, 5 товаров, 11 товаров, 21 товар …; one Thai form", () => {
    expect(COUNTS.map((count) => translate("ru", "cabinet.pendingOrder.items", { count }))).toEqual([
      "1 товар",
      "2 товара",
      "5 товаров",
      "11 товаров",
      "21 товар",
      "22 товара",
      "25 товаров",
    ]);
    expect(COUNTS.map((count) => translate("th", "cabinet.pendingOrder.items", { count }))).toEqual(COUNTS.map((n) => `${n} ชิ้น`));
    expect([1, 2].map((count) => translate("en", "cabinet.pendingOrder.items", { count }))).toEqual(["1 item", "2 items"]);
  });

  it("orders: 1 заказ, 2 заказа, 5 заказов …", () => {
    expect(COUNTS.map((count) => translate("ru", "cabinet.orderCount", { count }))).toEqual([
      "1 заказ",
      "2 заказа",
      "5 заказов",
      "11 заказов",
      "21 заказ",
      "22 заказа",
      "25 заказов",
    ]);
    expect(translate("th", "cabinet.orderCount", { count: 21 })).toBe("21 รายการ");
    expect([1, 3].map((count) => translate("en", "cabinet.orderCount", { count }))).toEqual(["1 order", "3 orders"]);
  });

  it("keeps the spec's English words for the sign-in, the logout and the referral link", () => {
    expect(translate("en", "login.invalidCode")).toBe("Invalid code!");
    expect(translate("en", "logout.question", { email: "a@b.c" })).toBe("You are sure you want to log out from account: a@b.c?");
    expect(translate("en", "referral.copied")).toBe("Referral link was copied");
    expect(translate("en", "referral.copyFailed")).toBe("Failed to copy");
    expect(translate("en", "age.title")).toBe("Smokers Area");
    expect(translate("ru", "login.invalidCode")).toBe("Неверный код!");
  });
});
