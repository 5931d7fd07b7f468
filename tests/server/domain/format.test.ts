import { describe, expect, it } from "vitest";
import { formatAmount, formatBaht, getDisplayLocale, setDisplayLocale, shortenAddress } from "../../../server/domain/format";
import { formatOrderDate } from "../../../server/domain/orders";

describe("amounts and dates in each language", () => {
  it("write Baht as each language does: the spec's in English, grouped by no-break spaces in Russian, the sign first in Thai", () => {
    expect(formatBaht(12345, "en")).toBe("12,345 ฿");
    expect(formatBaht(12345, "ru")).toBe("12\u00a0345\u00a0฿");
    expect(formatBaht(12345, "th")).toBe("฿12,345");
    expect(formatAmount(-1234567, "en")).toBe("-1,234,567");
    expect(formatAmount(999, "ru")).toBe("999");
  });

  it("write dates as the spec's DD.M.YYYY in English, DD.MM.YYYY in Russian and D/M/YYYY in Thai, every year Gregorian", () => {
    const morning = "2026-01-05T02:07:00.000Z"; // 09:07 on the island
    expect(formatOrderDate(morning, true, "en")).toBe("05.1.2026 9:07");
    expect(formatOrderDate(morning, true, "ru")).toBe("05.01.2026 09:07");
    expect(formatOrderDate(morning, true, "th")).toBe("5/1/2026 09:07");
    expect(formatOrderDate(morning, false, "th")).not.toContain("2569");
  });

  it("use the mini-app's display language when no language is passed, English until one is set", () => {
    const before = getDisplayLocale();
    try {
      setDisplayLocale("en");
      expect(formatBaht(1500)).toBe("1,500 ฿");
      setDisplayLocale("th");
      expect(formatBaht(1500)).toBe("฿1,500");
      expect(formatOrderDate("2026-11-21T10:36:00.000Z")).toBe("21/11/2026 17:36");
    } finally {
      setDisplayLocale(before);
    }
  });
});

describe("addresses", () => {
  it("are shortened to their first 5 and last 9 characters (spec §9); a short one stays whole", () => {
    const link = "https://www.google.com/maps/place/Some+Villa/@9.53,100.06,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d9.53!4d100.06";
    expect(shortenAddress(link)).toBe("https…!4d100.06");
    expect(shortenAddress("https://maps.app.goo.gl/AbCd123")).toBe("https…l/AbCd123");
    expect(shortenAddress("Villa 7, Bophut")).toBe("Villa 7, Bophut");
  });
});
