import { describe, expect, it } from "vitest";
import {
  CATEGORY_TAGS,
  categoryColour,
  compareListingOrder,
  isListedFor,
  labelIconOf,
  parseCategoryFilter,
} from "../../../server/domain/catalog";
import { ValidationError } from "../../../server/domain/errors";
import { formatAmount, formatBaht, formatIslandTime } from "../../../server/domain/format";

const listed = {
  category_id: 2,
  hot_deal: false,
  in_all_list: true,
  is_inactive: false,
  is_deleted: false,
  orderable_stock: 3,
};

describe("category tags", () => {
  it("come in the spec's order: All, Hot deal, Sativa, Indica, Hybrid, Food, Accessories", () => {
    expect(CATEGORY_TAGS.map((t) => `${t.id} ${t.name}`)).toEqual([
      "0 All",
      "-1 Hot deal",
      "1 Sativa",
      "2 Indica",
      "3 Hybrid",
      "5 Food",
      "4 Accessories",
    ]);
  });

  it("colour categories 1 green, 2 red, 3 orange, 4 purple, 5 amber", () => {
    expect([1, 2, 3, 4, 5].map(categoryColour)).toEqual(["green", "red", "orange", "purple", "amber"]);
    expect(categoryColour(9)).toBeNull();
  });

  it("give only categories 4 and 5 a label icon", () => {
    expect([1, 2, 3, 4, 5].map(labelIconOf)).toEqual([null, null, null, "accessory", "food"]);
  });
});

describe("parseCategoryFilter", () => {
  it("reads absent and 0 as All, -1 as Hot deal, 1-5 as a category", () => {
    expect(parseCategoryFilter(undefined)).toEqual({ kind: "all" });
    expect(parseCategoryFilter(0)).toEqual({ kind: "all" });
    expect(parseCategoryFilter(-1)).toEqual({ kind: "hot" });
    expect(parseCategoryFilter(4)).toEqual({ kind: "category", categoryId: 4 });
  });

  it("rejects an unknown category naming the parameter", () => {
    expect(() => parseCategoryFilter(6)).toThrow(ValidationError);
    try {
      parseCategoryFilter(-2);
    } catch (error) {
      expect((error as ValidationError).param).toBe("category");
      expect((error as ValidationError).message).toMatch(/^category must be one of/);
    }
  });
});

describe("isListedFor", () => {
  it("hides inactive, deleted and out-of-stock products from every tab", () => {
    for (const filter of [parseCategoryFilter(0), parseCategoryFilter(-1), parseCategoryFilter(2)]) {
      const hot = { ...listed, hot_deal: true };
      expect(isListedFor(filter, { ...hot, is_inactive: true })).toBe(false);
      expect(isListedFor(filter, { ...hot, is_deleted: true })).toBe(false);
      expect(isListedFor(filter, { ...hot, orderable_stock: 0 })).toBe(false);
    }
  });

  it("hides in_all_list 0 from All only", () => {
    const hidden = { ...listed, in_all_list: false, hot_deal: true };
    expect(isListedFor(parseCategoryFilter(0), hidden)).toBe(false);
    expect(isListedFor(parseCategoryFilter(2), hidden)).toBe(true);
    expect(isListedFor(parseCategoryFilter(-1), hidden)).toBe(true);
  });

  it("shows only hot deals under Hot deal and only the category under a category", () => {
    expect(isListedFor(parseCategoryFilter(-1), listed)).toBe(false);
    expect(isListedFor(parseCategoryFilter(-1), { ...listed, hot_deal: true })).toBe(true);
    expect(isListedFor(parseCategoryFilter(1), listed)).toBe(false);
    expect(isListedFor(parseCategoryFilter(2), listed)).toBe(true);
  });
});

describe("compareListingOrder", () => {
  it("puts lower positions first, then the newest", () => {
    const rows = [
      { id: 1, position: 999, created_at: "2026-01-01T00:00:00.000Z" },
      { id: 2, position: 5, created_at: "2026-01-01T00:00:00.000Z" },
      { id: 3, position: 999, created_at: "2026-02-01T00:00:00.000Z" },
    ];
    expect([...rows].sort(compareListingOrder).map((r) => r.id)).toEqual([2, 3, 1]);
  });
});

describe("formats", () => {
  it("writes amounts with thousands separators", () => {
    expect(formatAmount(0)).toBe("0");
    expect(formatAmount(999)).toBe("999");
    expect(formatAmount(1400)).toBe("1,400");
    expect(formatAmount(1234567)).toBe("1,234,567");
    expect(formatAmount(-2600)).toBe("-2,600");
    expect(formatBaht(2600)).toBe("2,600 ฿");
  });
});

describe("the island's clock", () => {
  it("tell the time on Koh Samui (UTC+7) whatever the server's zone", () => {
    expect(formatIslandTime("2026-11-21T10:05:00.000Z")).toBe("17:05");
    expect(formatIslandTime("2026-11-21T20:30:00.000Z")).toBe("03:30");
  });
});
