import { describe, expect, it } from "vitest";
import {
  canTransition,
  courierDetailsMissing,
  customerMayCancel,
  discountedPrice,
  formatOrderDate,
  holdUntil,
  lineTotal,
  linesTotal,
  mergeLines,
  showsPickupPass,
  orderTotals,
  remainingTime,
  settingsComplete,
  STATUS_LABELS,
} from "../../../server/domain/orders";

const settings = (over: object = {}) => ({
  delivery_option: 1,
  payment_option: 1,
  phone: "",
  delivery_address: "",
  delivery_address_link: "",
  ...over,
});

describe("order rules", () => {
  it("label statuses as the spec does", () => {
    expect(STATUS_LABELS).toEqual({ N: "New", W: "In progress", P: "Pending", C: "Canceled", S: "Done" });
  });

  it("let the customer cancel only a new order, and not once it is paid", () => {
    expect((["P", "N", "W", "S", "C"] as const).filter((status) => customerMayCancel({ status, payment_status: "P" }))).toEqual(["N"]);
    expect(customerMayCancel({ status: "N", payment_status: "S" })).toBe(false);
    expect(canTransition("W", "S", "staff")).toBe(true);
    expect(canTransition("S", "C", "admin")).toBe(false);
  });

  it("need a payment method, and for courier a phone and an address or link (spec §5)", () => {
    expect(settingsComplete(settings())).toBe(true);
    expect(settingsComplete(settings({ payment_option: 0 }))).toBe(false);
    expect(settingsComplete(settings({ delivery_option: 0 }))).toBe(false);
    expect(settingsComplete(settings({ delivery_option: 2, phone: "+66 8" }))).toBe(false);
    expect(settingsComplete(settings({ delivery_option: 2, phone: "+66 8", delivery_address_link: "https://maps.app/x" }))).toBe(true);
    expect(courierDetailsMissing(settings({ delivery_option: 2, phone: " " , delivery_address: "Villa" }))).toBe(true);
    expect(courierDetailsMissing(settings({ delivery_option: 0 }))).toBe(false);
  });

  it("hold pickup orders for 3 hours and courier orders not at all", () => {
    expect(holdUntil(1, 1_000)).toBe(1_000 + 3 * 3600_000);
    expect(holdUntil(2, 1_000)).toBeNull();
  });

  it("total integer per_price × amount and apply whole-percent discounts", () => {
    expect(
      orderTotals([
        { per_price: 450, cost_price: 180, amount: 2 },
        { per_price: 1400, cost_price: 600, amount: 1 },
      ]),
    ).toEqual({ total_price: 2300, total_cost_price: 960 });
    expect(discountedPrice(2300, 10)).toBe(2070);
    expect(discountedPrice(999, 0)).toBe(999);
  });

  it("total a line as unit price × quantity and lines as the sum", () => {
    expect(lineTotal({ per_price: 1400, amount: 2 })).toBe(2800);
    expect(linesTotal([{ per_price: 1400, amount: 2 }, { per_price: 550, amount: 1 }])).toBe(3350);
    expect(linesTotal([])).toBe(0);
  });

  it("show the pickup pass only for pickup orders waiting at or being handed over by the shop", () => {
    expect((["P", "N", "W", "S", "C"] as const).filter((status) => showsPickupPass({ status, delivery_option: 1 }))).toEqual(["N", "W"]);
    expect(showsPickupPass({ status: "N", delivery_option: 2 })).toBe(false);
  });

  it("count the hold down as HH:MM:SS with a minus once past", () => {
    expect(remainingTime(10_000_000, 10_000_000 - (2 * 3600 + 5 * 60 + 9) * 1000)).toBe("02:05:09");
    expect(remainingTime(10_000_000, 10_000_000 + 61_000)).toBe("-00:01:01");
  });

  it("write dates as DD.M.YYYY H:MM in the island's time", () => {
    expect(formatOrderDate("2026-11-21T10:36:00.000Z")).toBe("21.11.2026 17:36");
    expect(formatOrderDate("2026-03-05T20:05:00.000Z", false)).toBe("06.3.2026");
  });

  it("merge lines of the same product and option", () => {
    expect(
      mergeLines([
        { product_id: 1, option_id: 0, amount: 1 },
        { product_id: 1, option_id: 0, amount: 2 },
        { product_id: 1, option_id: 3, amount: 1 },
      ]),
    ).toEqual([
      { product_id: 1, option_id: 0, amount: 3 },
      { product_id: 1, option_id: 3, amount: 1 },
    ]);
  });
});
