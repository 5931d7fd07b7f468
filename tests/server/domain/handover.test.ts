import { describe, expect, it } from "vitest";
import {
  adminMayChange,
  bonusCovers,
  handoverActions,
  maskEmail,
  parseDiscountPercent,
  staffsShop,
} from "../../../server/domain/handover";
import { isMapEmbedUrl, parseMapEmbed } from "../../../server/domain/maps";
import { canTransition, TRANSITIONS } from "../../../server/domain/orders";

const state = (status: "P" | "N" | "W" | "S" | "C", payment_status: "P" | "S" = "P", delivery_status: "P" | "A" | "S" = "P") => ({
  status,
  payment_status,
  delivery_status,
});

describe("the transition table", () => {
  it("lets staff take a new order and finish a new or taken one, and nothing else", () => {
    expect(canTransition("N", "W", "staff")).toBe(true);
    expect(canTransition("W", "S", "staff")).toBe(true);
    expect(canTransition("N", "S", "staff")).toBe(true);
    for (const from of ["P", "S", "C", "W"] as const) expect(canTransition(from, "W", "staff")).toBe(false);
    for (const from of ["P", "S", "C"] as const) expect(canTransition(from, "S", "staff")).toBe(false);
    expect(canTransition("W", "C", "staff")).toBe(false);
    expect(canTransition("W", "C", "customer")).toBe(false);
  });

  it("never leaves S or C", () => {
    expect(TRANSITIONS.filter((t) => t.from === "S" || t.from === "C")).toEqual([]);
  });
});

describe("what staff may do", () => {
  it("offers take only on N, contact only on W, edits only on open orders, and admin extras only to admins", () => {
    expect(handoverActions(state("N"), false)).toEqual({
      take: true,
      finish: true,
      statuses: true,
      map: true,
      contact: false,
      discount: false,
      cancel: false,
    });
    expect(handoverActions(state("W"), true)).toEqual({
      take: false,
      finish: true,
      statuses: true,
      map: true,
      contact: true,
      discount: true,
      cancel: true,
    });
    expect(handoverActions(state("W", "S", "S"), true)).toMatchObject({ discount: false, cancel: false, finish: true });
    for (const closed of ["S", "C"] as const) {
      expect(Object.values(handoverActions(state(closed), true)).some(Boolean)).toBe(false);
    }
  });

  it("lets an admin change an order only while payment or delivery is not S", () => {
    expect(adminMayChange(state("N", "S", "A"))).toBe(true);
    expect(adminMayChange(state("N", "S", "S"))).toBe(false);
    expect(adminMayChange(state("P"))).toBe(true);
    expect(adminMayChange(state("S"))).toBe(false);
  });

  it("sees a shop's orders when it staffs the shop, or is an admin", () => {
    expect(staffsShop({ userId: 1, isAdmin: false, shopIds: [2] }, 2)).toBe(true);
    expect(staffsShop({ userId: 1, isAdmin: false, shopIds: [2] }, 3)).toBe(false);
    expect(staffsShop({ userId: 1, isAdmin: true, shopIds: [] }, 3)).toBe(true);
  });

  it("offers bonus when the balance covers what is to pay", () => {
    expect(bonusCovers(500, 500)).toBe(true);
    expect(bonusCovers(499, 500)).toBe(false);
  });
});

describe("the discount", () => {
  it.each([[0], [10], [100], ["25"], [" 7 "]])("takes %j", (value) => {
    expect(parseDiscountPercent(value)).toBe(Number(value));
  });
  it.each([[12.5], [-1], [101], ["abc"], ["12.5"], [""], [null], [true], [Number.NaN]])("refuses %j with 'Некорректное число'", (value) => {
    expect(() => parseDiscountPercent(value)).toThrow("Некорректное число");
  });
});

describe("the order map", () => {
  it("keeps only the embed address of a Google Maps iframe", () => {
    const code = '<iframe src="https://www.google.com/maps/embed?pb=!1m18&amp;x=1" width="600" style="border:0" allowfullscreen></iframe>';
    expect(parseMapEmbed(code)).toBe("https://www.google.com/maps/embed?pb=!1m18&x=1");
    expect(parseMapEmbed("<IFRAME SRC='https://maps.google.com/maps/embed/v1/place?q=Samui'></IFRAME>")).toBe("https://maps.google.com/maps/embed/v1/place?q=Samui");
  });
  it.each([
    ['<iframe src="https://www.google.com/maps/embed?pb=1"></iframe><script>x</script>'],
    ['<iframe src="javascript:alert(1)"></iframe>'],
    ['<iframe src="https://user:pw@www.google.com/maps/embed?pb=1"></iframe>'],
    ['<iframe src="https://www.google.com:8443/maps/embed?pb=1"></iframe>'],
    ['<iframe src="https://www.google.com/maps/embedded?pb=1"></iframe>'],
    ['<iframe srcdoc="<b>x</b>"></iframe>'],
    ["https://www.google.com/maps/embed?pb=1"],
  ])("refuses %s", (code) => {
    expect(() => parseMapEmbed(code)).toThrow("Invalid map code");
  });
  it("tells a stored embed address from anything else", () => {
    expect(isMapEmbedUrl("https://www.google.com/maps/embed?pb=1")).toBe(true);
    expect(isMapEmbedUrl("<iframe>")).toBe(false);
    expect(isMapEmbedUrl("")).toBe(false);
    expect(isMapEmbedUrl("https://www.google.com/maps/embedX?pb=1")).toBe(false);
    expect(isMapEmbedUrl("https://www.google.com:444/maps/embed?pb=1")).toBe(false);
    expect(isMapEmbedUrl("https://u:p@www.google.com/maps/embed?pb=1")).toBe(false);
  });
});

describe("masked e-mail", () => {
  it("keeps the first 6 and the last 5 characters", () => {
    expect(maskEmail("customer.alice@samui.example")).toBe("custom********ample");
    expect(maskEmail("abcdefgh@x.io")).toBe("abcdef**@x.io");
  });
  it("always hides part of a short address", () => {
    const masked = maskEmail("a@b.io");
    expect(masked).toContain("*");
    expect(masked).not.toBe("a@b.io");
  });
});
