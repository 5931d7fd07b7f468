/** Phone and location from Telegram (issue 26): what the courier form may take from the messenger. */
import { describe, expect, it } from "vitest";
import { coordinatesText, isPhoneNumber, MAX_PHONE_LENGTH, mapsLinkAt, normaliseSharedPhone } from "../../../server/domain/contact";
import { isMapsLink } from "../../../server/domain/maps";

describe("a phone Telegram shared", () => {
  it.each([
    ["bare digits, as some clients send it", "66812345678", "+66812345678"],
    ["the international form", "+66812345678", "+66812345678"],
    ["spaces around it", "  +66 81 234 5678 ", "+66 81 234 5678"],
  ])("%s is kept dialable", (_, raw, kept) => {
    expect(normaliseSharedPhone(raw)).toBe(kept);
  });

  it.each([
    ["nothing", "   "],
    ["a control character", "+66812\n345678"],
    ["longer than a typed phone may be", "1".repeat(MAX_PHONE_LENGTH)],
    ["too few digits to dial", "+66 1"],
  ])("%s is not taken", (_, raw) => {
    expect(normaliseSharedPhone(raw)).toBeNull();
  });
});

describe("a phone a courier can dial", () => {
  it("is digits, spaces, dashes and parentheses, a + in front, and 9 to 15 digits in all", () => {
    const dialable = ["+66 81 234 5678", "0812345678", "081-234-5678", "077 123 456", "+1 (415) 555-2671", "+" + "1".repeat(15)];
    expect(dialable.filter((phone) => !isPhoneNumber(phone))).toEqual([]);
    const not = ["call me maybe", "+66 1", "12345678", "1".repeat(16), "66+812345678", "+66 81 234 567x", "+66.81.234.5678", ""];
    expect(not.filter((phone) => isPhoneNumber(phone))).toEqual([]);
  });
});

describe("a point from Telegram", () => {
  it("becomes a Google Maps link the courier form accepts, and a line a courier reads", () => {
    const link = mapsLinkAt(9.5120002, -0.1);
    expect(link).toBe("https://maps.google.com/?q=9.512000,-0.100000");
    expect(isMapsLink(link)).toBe(true);
    expect(coordinatesText(-33.8688, 151.2093)).toBe("-33.868800, 151.209300");
  });
});
