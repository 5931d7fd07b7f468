import { describe, expect, it } from "vitest";
import {
  conversionPercent,
  isReflink,
  maskReferralEmail,
  paidInMoney,
  referralIncome,
  referralRefusal,
  viewDay,
} from "../../../server/domain/referrals";

const facts = { userId: 1, partnerId: 2, currentPartnerId: null, partnerAncestors: [], hasCompletedOrder: false };

describe("who may become whose referral", () => {
  it("registers a new customer with someone else's code", () => {
    expect(referralRefusal(facts)).toBeNull();
  });
  it.each([
    ["an unknown code", { partnerId: null }, "unknown_code"],
    ["the user's own code", { partnerId: 1 }, "own_code"],
    ["a second referrer", { currentPartnerId: 3 }, "already_referred"],
    ["a 2-cycle", { partnerAncestors: [1] }, "cycle"],
    ["a longer cycle", { partnerAncestors: [5, 4, 1] }, "cycle"],
    ["a customer who already bought", { hasCompletedOrder: true }, "already_bought"],
  ])("refuses %s", (_what, change, reason) => {
    expect(referralRefusal({ ...facts, ...change })).toBe(reason);
  });
});

describe("the income", () => {
  it("is the rate of what was paid in money, rounded down", () => {
    expect(referralIncome(paidInMoney(1234, 0), 3)).toBe(37);
    expect(referralIncome(paidInMoney(33, 0), 3)).toBe(0);
    expect(referralIncome(paidInMoney(1234, 1234), 3)).toBe(0);
    expect(referralIncome(paidInMoney(1000, 400), 3)).toBe(18);
  });
});

describe("figures", () => {
  it("shows conversion with one decimal, 0 without views", () => {
    expect(conversionPercent(0, 0)).toBe(0);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(1, 1)).toBe(100);
  });
  it("masks referral e-mails to their first 4 characters", () => {
    expect(maskReferralEmail("longname@samui.example")).toBe("long********");
    expect(maskReferralEmail(null)).toBeNull();
  });
  it("counts views by the island's day", () => {
    expect(viewDay(Date.parse("2026-11-23T16:59:00Z"))).toBe("2026-11-23");
    expect(viewDay(Date.parse("2026-11-23T17:01:00Z"))).toBe("2026-11-24");
  });
  it("accepts only short URL-safe codes", () => {
    expect(isReflink("ab3k9xyz")).toBe(true);
    for (const bad of ["abc", "a".repeat(33), "../etc", "кириллица", "a b c d"]) expect(isReflink(bad)).toBe(false);
  });
});
