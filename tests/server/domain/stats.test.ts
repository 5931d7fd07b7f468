import { describe, expect, it } from "vitest";
import { computeStats, islandDate, parseStatsRange, productStatsCsv, splitProportionally } from "../../../server/domain/stats";

describe("splitting an order's charge over its lines", () => {
  it("gives whole Baht in proportion, summing exactly to the charge", () => {
    expect(splitProportionally(1200, [900, 390])).toEqual([837, 363]);
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(0, [500, 500])).toEqual([0, 0]);
    expect(splitProportionally(10, [0, 0])).toEqual([5, 5]);
    expect(splitProportionally(7, [])).toEqual([]);
  });

  it("always sums to the charge, whatever the weights", () => {
    for (let seed = 1; seed < 500; seed++) {
      const weights = Array.from({ length: (seed % 5) + 1 }, (_, i) => ((seed * (i + 7)) % 997) + 1);
      const total = (seed * 131) % 10_000;
      const parts = splitProportionally(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
    }
  });
});

describe("island dates", () => {
  it("reads from/to as Koh Samui days (UTC+7), inclusive", () => {
    expect(parseStatsRange({ from: "2026-11-20", to: "2026-11-21" })).toEqual({
      from: "2026-11-20",
      to: "2026-11-21",
      fromUtc: "2026-11-19T17:00:00.000Z",
      toUtcExclusive: "2026-11-21T17:00:00.000Z",
    });
    expect(islandDate(Date.parse("2026-11-20T16:59:59.999Z"))).toBe("2026-11-20");
    expect(islandDate(Date.parse("2026-11-20T17:00:00.000Z"))).toBe("2026-11-21");
  });

  it("refuses impossible dates and backwards ranges", () => {
    expect(() => parseStatsRange({ from: "2026-02-29" })).toThrow(/from must be a date/);
    expect(() => parseStatsRange({ to: "21.11.2026" })).toThrow(/to must be a date/);
    expect(() => parseStatsRange({ from: "2026-11-22", to: "2026-11-21" })).toThrow(/from must be on or before to/);
    expect(parseStatsRange({ from: "2028-02-29" }).from).toBe("2028-02-29");
  });
});

describe("the figures", () => {
  it("counts margin per day as charged minus cost, items at list and at sale price, and sorts products by charged sales", () => {
    const stats = computeStats(
      [
        {
          id: 1,
          completed_at: "2026-11-20T05:00:00.000Z",
          discounted_price: 90,
          lines: [{ product_id: 1, product_name: "A", amount: 2, per_price: 50, list_price: 50, cost_price: 20 }],
        },
        {
          id: 2,
          completed_at: "2026-11-20T06:00:00.000Z",
          discounted_price: 300,
          lines: [{ product_id: 2, product_name: "B", amount: 1, per_price: 300, list_price: 350, cost_price: 100 }],
        },
      ],
      { from: null, to: null },
    );
    expect(stats.totals).toEqual({
      orders: 2,
      total_sales_amount: 400,
      total_sales_discounted_price: 390,
      total_sales_cost_price: 140,
      items_at_list: 2,
      items_at_sale: 1,
    });
    expect(stats.products.map((p) => [p.product, p.items_at_list, p.items_at_sale])).toEqual([
      ["B", 0, 1],
      ["A", 2, 0],
    ]);
    expect(stats.days).toEqual([{ date: "2026-11-20", sales: 390, margin: 250 }]);
  });

  it("fills empty days over a bounded range, but a range open on one side never draws more days than its sales span", () => {
    const orders = [
      {
        id: 1,
        completed_at: "2026-11-20T05:00:00.000Z",
        discounted_price: 90,
        lines: [{ product_id: 1, product_name: "A", amount: 2, per_price: 50, list_price: 50, cost_price: 20 }],
      },
      {
        id: 2,
        completed_at: "2026-11-22T05:00:00.000Z",
        discounted_price: 50,
        lines: [{ product_id: 1, product_name: "A", amount: 1, per_price: 50, list_price: 50, cost_price: 20 }],
      },
    ];
    expect(computeStats(orders, { from: "2026-11-19", to: "2026-11-23" }).days.map((d) => [d.date, d.sales])).toEqual([
      ["2026-11-19", 0],
      ["2026-11-20", 90],
      ["2026-11-21", 0],
      ["2026-11-22", 50],
      ["2026-11-23", 0],
    ]);
    expect(computeStats(orders, { from: "0100-01-01", to: null }).days.map((d) => d.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(computeStats(orders, { from: null, to: "9999-12-31" }).days).toHaveLength(3);
  });

  it("writes CSV with formula cells defused", () => {
    const csv = productStatsCsv([
      {
        product_id: 1,
        product: "+cmd",
        total_amount: 1,
        cost_price_sum: 2,
        discounted_price_sum: 3,
        sales_sum: 3,
        items_at_list: 1,
        items_at_sale: 0,
      },
    ]);
    expect(csv).toBe("product_id,product,total_amount,cost_price_sum,discounted_price_sum\r\n1,'+cmd,1,2,3\r\n");
  });
});
