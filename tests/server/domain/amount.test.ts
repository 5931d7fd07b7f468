import { describe, expect, it } from "vitest";
import { amountLimits, clampAmount } from "../../../server/domain/amount";
import { isSoldOut } from "../../../server/domain/options";

describe("amount limits (spec §5 Quantity)", () => {
  it("start at 1, step by the product's step, stop at the stock", () => {
    expect(amountLimits({ step: 1, max_amount: null }, 7)).toEqual({ min: 1, step: 1, max: 7 });
    expect(amountLimits({ step: 2, max_amount: null }, 7)).toEqual({ min: 1, step: 2, max: 7 });
  });

  it("stop at the product's maximum when it is below the stock", () => {
    expect(amountLimits({ step: 1, max_amount: 5 }, 24)).toEqual({ min: 1, step: 1, max: 5 });
    expect(amountLimits({ step: 1, max_amount: 5 }, 3)).toEqual({ min: 1, step: 1, max: 3 });
  });

  it("clamp an amount down to the stock and up to 1", () => {
    const limits = amountLimits({ step: 1, max_amount: null }, 4);
    expect(clampAmount(9, limits)).toBe(4);
    expect(clampAmount(0, limits)).toBe(1);
    expect(clampAmount(3, limits)).toBe(3);
  });

  it("say an option out of stock cannot be ordered: max below min", () => {
    const limits = amountLimits({ step: 1, max_amount: null }, 0);
    expect(limits.max).toBeLessThan(limits.min);
  });
});

describe("sold-out options (spec §5)", () => {
  it("are those with stock at or below 0", () => {
    expect([3, 1, 0, -2].map((instock) => isSoldOut({ instock }))).toEqual([false, false, true, true]);
  });
});
