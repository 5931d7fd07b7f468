/** Promo code rules (issue 25): the maths in whole Baht, each refusal in its order, and the admin's bad input. */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../server/domain/errors";
import { checkPromoInput, promoDiscount, promoRefusal, type PromoAsk, type PromoRule } from "../../../server/domain/promos";

const rule = (over: Partial<PromoRule> = {}): PromoRule => ({
  code: "SAVE10",
  percent: 10,
  amount: null,
  min_total: 0,
  valid_from: null,
  valid_to: null,
  max_uses: null,
  uses: 0,
  once_per_customer: false,
  first_order_only: false,
  is_disabled: false,
  shop_ids: [],
  ...over,
});
const ask = (over: Partial<PromoAsk> = {}): PromoAsk => ({
  shopId: 2,
  total: 1000,
  now: "2026-12-01T05:00:00.000Z",
  earlierOrders: 0,
  usedByCustomer: false,
  ...over,
});

describe("what a code takes off", () => {
  it("a percent: the price rounded half up to whole Baht (the half goes to the shop)", () => {
    expect(promoDiscount({ percent: 10, amount: null }, 1000)).toBe(100);
    expect(promoDiscount({ percent: 10, amount: null }, 155)).toBe(15); // 139.5 → 140 to pay
    expect(promoDiscount({ percent: 15, amount: null }, 333)).toBe(50); // 283.05 → 283 to pay
    expect(promoDiscount({ percent: 90, amount: null }, 7)).toBe(6); // 0.7 → 1 to pay
  });
  it("a fixed amount: the amount, never more than the cart", () => {
    expect(promoDiscount({ percent: null, amount: 150 }, 1000)).toBe(150);
    expect(promoDiscount({ percent: null, amount: 150 }, 100)).toBe(100);
  });
});

describe("why a code gives nothing", () => {
  it("applies when nothing holds", () => expect(promoRefusal(rule(), ask())).toBeNull());
  it.each([
    ["unknown", undefined, ask()],
    ["unknown", rule({ is_disabled: true }), ask()],
    ["not_at_this_shop", rule({ shop_ids: [3, 4] }), ask()],
    ["not_yet_valid", rule({ valid_from: "2026-12-02T00:00:00.000Z" }), ask()],
    ["expired", rule({ valid_to: "2026-12-01T05:00:00.000Z" }), ask()],
    ["first_order_only", rule({ first_order_only: true }), ask({ earlierOrders: 1 })],
    ["already_used", rule({ once_per_customer: true }), ask({ usedByCustomer: true })],
    ["minimum_not_reached", rule({ min_total: 1001 }), ask()],
    ["used_up", rule({ max_uses: 5, uses: 5 }), ask()],
  ] as const)("%s", (reason, promo, question) => {
    expect(promoRefusal(promo, question)).toBe(reason);
  });
  it("inside its window, at its shop, at its minimum and with a use left, it applies", () => {
    const promo = rule({ shop_ids: [2], valid_from: "2026-12-01T00:00:00.000Z", min_total: 1000, max_uses: 5, uses: 4 });
    expect(promoRefusal(promo, ask())).toBeNull();
  });
});

describe("the admin's input", () => {
  const refused = (input: Parameters<typeof checkPromoInput>[0]) => {
    try {
      checkPromoInput(input);
    } catch (error) {
      if (error instanceof ValidationError) return { param: error.param, message: error.message };
      throw error;
    }
    throw new Error("accepted");
  };
  it("takes a code in any case, trimmed, and stores it upper-case with times in UTC", () => {
    expect(
      checkPromoInput({ code: " Summer25 ", percent: 25, valid_from: "2026-12-01T00:00:00+07:00", valid_to: "2026-12-31T23:59:59+07:00" }),
    ).toMatchObject({ code: "SUMMER25", valid_from: "2026-11-30T17:00:00.000Z", valid_to: "2026-12-31T16:59:59.000Z" });
  });
  it.each([
    ["code with a space", { code: "SAVE 10", percent: 10 }, "code"],
    ["code of 200 characters", { code: "A".repeat(200), percent: 10 }, "code"],
    ["code of 2", { code: "AB", percent: 10 }, "code"],
    ["percent 0", { code: "SAVE", percent: 0 }, "percent"],
    ["percent 100", { code: "SAVE", percent: 100 }, "percent"],
    ["percent and amount", { code: "SAVE", percent: 10, amount: 10, min_total: 100 }, "percent"],
    ["neither", { code: "SAVE" }, "percent"],
    ["a fixed amount above the minimum order", { code: "SAVE", amount: 300, min_total: 200 }, "amount"],
    ["a fixed amount without a minimum order", { code: "SAVE", amount: 50 }, "amount"],
    ["from after to", { code: "SAVE", percent: 5, valid_from: "2026-12-02T00:00:00Z", valid_to: "2026-12-01T00:00:00Z" }, "valid_from"],
    ["a time without an offset", { code: "SAVE", percent: 5, valid_to: "2026-12-01T00:00:00" }, "valid_to"],
    ["a date that is no date", { code: "SAVE", percent: 5, valid_to: "2026-13-45T00:00:00Z" }, "valid_to"],
  ])("refuses %s", (_name, input, param) => {
    expect(refused(input).param).toBe(param);
  });
});
