/**
 * The order export's pure rules (server/domain/orderExport.ts): the range's defaults on the island's clock and
 * its limits, and how a cell is written (RFC 4180 quoting, formulas neutralised, numbers left as numbers).
 */
import { describe, expect, it } from "vitest";
import { exportRow, islandDateTime, parseExportRange, type ExportLine } from "../../../server/domain/orderExport";
import { DomainError } from "../../../server/domain/errors";

/** 23:30 UTC on the 26th is 06:30 on the island's 27th. */
const NOW = Date.parse("2026-11-26T23:30:00.000Z");

describe("the export's range", () => {
  it("defaults to the 30 island days up to today, or 30 days from `from`, or up to `to`", () => {
    expect(parseExportRange({}, NOW)).toEqual({
      from: "2026-10-29",
      to: "2026-11-27",
      fromUtc: "2026-10-28T17:00:00.000Z",
      toUtcExclusive: "2026-11-27T17:00:00.000Z",
    });
    expect(parseExportRange({ from: "2026-01-01" }, NOW)).toMatchObject({ from: "2026-01-01", to: "2026-01-30" });
    expect(parseExportRange({ to: "2026-03-01" }, NOW)).toMatchObject({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("takes a whole leap year (366 days) and refuses one day more, a backwards range and a malformed date", () => {
    expect(parseExportRange({ from: "2028-01-01", to: "2028-12-31" }, NOW)).toMatchObject({ from: "2028-01-01", to: "2028-12-31" });
    const refusal = (input: { from?: string; to?: string }) => {
      try {
        parseExportRange(input, NOW);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refusal({ from: "2028-01-01", to: "2029-01-01" })).toBe("from and to may span at most 366 days.");
    expect(refusal({ from: "2016-11-27", to: "2026-11-27" })).toBe("from and to may span at most 366 days.");
    expect(refusal({ from: "2026-11-02", to: "2026-11-01" })).toBe("from must be on or before to.");
    expect(refusal({ to: "2026-02-30" })).toBe("to must be a date written YYYY-MM-DD.");
  });
});

describe("a row", () => {
  const line: ExportLine = {
    order_id: 7,
    created_at: "2026-11-26T23:30:00.000Z",
    updated_at: "2026-11-27T01:05:00.000Z",
    shop_name: "Chaweng, \"Beach\"",
    status: "S",
    payment_option: 1,
    payment_status: "S",
    delivery_option: 2,
    delivery_status: "S",
    delivery_address: "+66 1 Beach Rd\r\nroom 5",
    customer: "@niran",
    product_name: "-1+2",
    price_text: "\tg",
    amount: 3,
    per_price: 450,
    cost_price: 180,
    discount_percent: 10,
    promo_code: "=SUM(A1)",
    paid_with_bonus: true,
    order_total: 1215,
  };

  it("quotes what needs it, neutralises every cell a spreadsheet would run, and keeps numbers as numbers", () => {
    expect(exportRow(line, (english) => english)).toBe(
      [
        "7",
        "2026-11-27 06:30",
        "2026-11-27 08:05",
        '"Chaweng, ""Beach"""',
        "Done",
        "Bonus",
        "Paid",
        "Courier",
        "Delivered",
        "\"'+66 1 Beach Rd\r\nroom 5\"",
        "'@niran",
        "'-1+2",
        "'\tg",
        "3",
        "450",
        "180",
        "10",
        "'=SUM(A1)",
        "1215",
        "1350",
        "1215",
      ].join(",") + "\r\n",
    );
  });

  it("names how the order was paid: bonus when it was paid with bonus, else the customer's pick, with nothing in bonus", () => {
    const plain = { ...line, shop_name: "Chaweng", delivery_address: "" };
    const cells = (row: string) => row.split(",");
    const byBonus = cells(exportRow(plain, (english) => english));
    expect([byBonus[5], byBonus[18]]).toEqual(["Bonus", "1215"]);
    const inCash = cells(exportRow({ ...plain, paid_with_bonus: false }, (english) => english));
    expect([inCash[5], inCash[18]]).toEqual(["Cash", "0"]);
    const inRussian = cells(exportRow(plain, (english) => (english === "Bonus" ? "Бонусы" : english)));
    expect(inRussian[5]).toBe("Бонусы");
  });

  it("reads island time", () => {
    expect(islandDateTime("2026-12-31T17:00:00.000Z")).toBe("2027-01-01 00:00");
  });
});
