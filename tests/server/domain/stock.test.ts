import { describe, expect, it } from "vitest";
import { WAREHOUSE_SHOP_ID } from "../../../server/domain/constants";
import { crossesLowStock, lowStockCrossingAfter } from "../../../server/domain/stock";

describe("lowStockCrossingAfter", () => {
  it("holds exactly the amounts after a take for which the take crosses the threshold", () => {
    for (const shopId of [WAREHOUSE_SHOP_ID, 7]) {
      for (let threshold = -1; threshold <= 6; threshold++) {
        for (let amount = 0; amount <= 6; amount++) {
          const range = lowStockCrossingAfter(shopId, amount, threshold);
          for (let after = 0; after <= 14; after++) {
            const inRange = range !== null && after >= range.from && after <= range.to;
            expect(inRange, `shop ${shopId}, threshold ${threshold}, take ${amount}, ${after} left`).toBe(
              amount > 0 && crossesLowStock(shopId, after + amount, after, threshold),
            );
          }
        }
      }
    }
  });

  it("is the threshold and the amounts just above it that a take of that size can reach", () => {
    expect(lowStockCrossingAfter(7, 2, 5)).toEqual({ from: 4, to: 5 });
    expect(lowStockCrossingAfter(7, 9, 5)).toEqual({ from: 0, to: 5 });
    expect(lowStockCrossingAfter(WAREHOUSE_SHOP_ID, 2, 5)).toBeNull();
  });
});
