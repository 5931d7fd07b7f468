/**
 * The cart as Telegram's CloudStorage keeps it (issue 26, webapp/src/lib/cloudCart.ts): what a device writes stays
 * within Telegram's limits and reads back as the same cart; a value that is not this app's document of this
 * version is ignored; and which cart wins at start.
 */
import { describe, expect, it } from "vitest";
import {
  CLOUD_CART_KEYS,
  CLOUD_CART_MAX_PARTS,
  cloudCartValues,
  cloudCartWins,
  parseCloudCart,
  sameCart,
  type CloudCart,
  type CloudCartLine,
} from "../../webapp/src/lib/cloudCart";

const SAVED_AT = 1_795_000_000_000;

const cart = (lines: CloudCartLine[], shop: number | null = 3, savedAt = SAVED_AT): CloudCart => ({ savedAt, shop, lines });

function linesOf(count: number): CloudCartLine[] {
  return Array.from({ length: count }, (_, i) => ({ id: 1_000_000 + i, picked_option: String(2_000_000 + i), amount: 1 + (i % 999) }));
}

/** What Telegram would hand back after the values were saved under their keys. */
function stored(values: [string, string][]): Record<string, string> {
  return Object.fromEntries(values);
}

describe("a cart written to CloudStorage", () => {
  it("is one versioned JSON value with the time it was saved, the shop and the lines", () => {
    const lines = [{ id: 12, picked_option: "0", amount: 2 }, { id: 40, picked_option: "7", amount: 1 }];
    const { values, trimmed } = cloudCartValues(cart(lines));
    expect(trimmed).toBe(0);
    expect(values).toEqual([["cart", `{"v":1,"savedAt":${SAVED_AT},"shop":3,"parts":1,"lines":[[12,"0",2],[40,"7",1]]}`]]);
  });

  it("reads back as the same cart, an empty one and 'every shop' included", () => {
    for (const original of [cart(linesOf(3)), cart([], null), cart(linesOf(1), null)]) {
      expect(parseCloudCart(stored(cloudCartValues(original).values))).toEqual(original);
    }
  });

  it("continues in cart_2 … when it is longer than one value, each value within 4096 characters and the head written last", () => {
    const long = cart(linesOf(300));
    const { values, trimmed } = cloudCartValues(long);
    expect(trimmed).toBe(0);
    expect(values.map(([key]) => key)).toEqual(["cart_2", "cart"]);
    for (const [key, value] of values) {
      expect(value.length).toBeLessThanOrEqual(4096);
      expect(key).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    }
    expect(parseCloudCart(stored(values))).toEqual(long);
  });

  it("leaves out the lines past the fourth value, saving the first ones in cart order", () => {
    const huge = cart(linesOf(1_000));
    const { values, trimmed } = cloudCartValues(huge);
    expect(values.map(([key]) => key)).toEqual(["cart_2", "cart_3", "cart_4", "cart"]);
    expect(values.every(([, value]) => value.length <= 4096)).toBe(true);
    const back = parseCloudCart(stored(values))!;
    expect(back.lines.length + trimmed).toBe(1_000);
    expect(back.lines.length).toBeGreaterThan(500);
    expect(back.lines).toEqual(huge.lines.slice(0, back.lines.length));
    expect(CLOUD_CART_KEYS).toHaveLength(CLOUD_CART_MAX_PARTS);
  });
});

describe("a CloudStorage value that is not the app's cart", () => {
  const good = `{"v":1,"savedAt":${SAVED_AT},"shop":3,"parts":1,"lines":[[12,"0",2]]}`;

  it("is taken when it is the app's document (the control)", () => {
    expect(parseCloudCart({ cart: good })).toEqual(cart([{ id: 12, picked_option: "0", amount: 2 }]));
  });

  it("is ignored when nothing was saved (Telegram answers an empty string) or it is not JSON", () => {
    for (const value of [undefined, "", "hello", "{", "[]", "null", "42", '"cart"', "<html>"]) {
      expect(parseCloudCart({ cart: value })).toBeNull();
    }
  });

  it("is ignored when it comes from an older (or unknown) version", () => {
    expect(parseCloudCart({ cart: good.replace('"v":1', '"v":0') })).toBeNull();
    expect(parseCloudCart({ cart: good.replace('"v":1', '"v":2') })).toBeNull();
    expect(parseCloudCart({ cart: good.replace('"v":1,', "") })).toBeNull();
    // Version 0 was the cart store's own shape: the lines as objects.
    expect(parseCloudCart({ cart: JSON.stringify({ lines: [{ id: 12, picked_option: "0", amount: 2 }] }) })).toBeNull();
  });

  it("is ignored when it is larger than Telegram keeps", () => {
    const padded = good.replace('"lines"', `"pad":"${"x".repeat(4096)}","lines"`);
    expect(parseCloudCart({ cart: padded })).toBeNull();
  });

  it("is ignored when a field or a line is not what the app writes", () => {
    const bad = [
      good.replace(`"savedAt":${SAVED_AT}`, '"savedAt":"yesterday"'),
      good.replace(`"savedAt":${SAVED_AT}`, '"savedAt":-5'),
      good.replace('"shop":3', '"shop":0'),
      good.replace('"shop":3', '"shop":"3"'),
      good.replace('"parts":1', '"parts":9'),
      good.replace('[[12,"0",2]]', '"12,0,2"'),
      good.replace('[[12,"0",2]]', '[[12,0,2]]'),
      good.replace('[[12,"0",2]]', '[[12,"0"]]'),
      good.replace('[[12,"0",2]]', '[[0,"0",2]]'),
      good.replace('[[12,"0",2]]', '[[12.5,"0",2]]'),
      good.replace('[[12,"0",2]]', '[[3000000000,"0",2]]'),
      good.replace('[[12,"0",2]]', '[[12,"-1",2]]'),
      good.replace('[[12,"0",2]]', '[[12,"07",2]]'),
      good.replace('[[12,"0",2]]', '[[12,"0",0]]'),
      good.replace('[[12,"0",2]]', '[[12,"0",1001]]'),
      good.replace('[[12,"0",2]]', '[[12,"0",2],[12,"0",3]]'),
    ];
    for (const value of bad) expect(parseCloudCart({ cart: value }), value).toBeNull();
  });

  it("is ignored when its continuation is missing or from another save", () => {
    const { values } = cloudCartValues(cart(linesOf(300)));
    const [[, part2], [, head]] = values as [[string, string], [string, string]];
    expect(parseCloudCart({ cart: head })).toBeNull();
    expect(parseCloudCart({ cart: head, cart_2: part2.replace(String(SAVED_AT), String(SAVED_AT - 1)) })).toBeNull();
    expect(parseCloudCart({ cart: head, cart_2: part2.replace('"part":2', '"part":3') })).toBeNull();
    expect(parseCloudCart({ cart: head, cart_2: part2 })).not.toBeNull();
  });
});

describe("which cart a device keeps (at start and each time it reads again)", () => {
  const cloudWithItems = cart(linesOf(2));
  const emptyCloud = cart([]);
  const items = [{}];

  it("takes a saved cart with items when its own is empty", () => {
    expect(cloudCartWins({ lines: [], changedAt: null }, cloudWithItems)).toBe(true);
    expect(cloudCartWins({ lines: [], changedAt: SAVED_AT - 1 }, cloudWithItems)).toBe(true);
  });

  it("keeps the newest when both have items", () => {
    expect(cloudCartWins({ lines: items, changedAt: SAVED_AT + 1 }, cloudWithItems)).toBe(false);
    expect(cloudCartWins({ lines: items, changedAt: SAVED_AT - 1 }, cloudWithItems)).toBe(true);
    expect(cloudCartWins({ lines: items, changedAt: SAVED_AT }, cloudWithItems)).toBe(false);
  });

  it("empties a cart that was not changed since an order emptied the saved one, but never one of unknown age", () => {
    expect(cloudCartWins({ lines: items, changedAt: SAVED_AT - 1 }, emptyCloud)).toBe(true);
    expect(cloudCartWins({ lines: items, changedAt: null }, emptyCloud)).toBe(false);
  });

  it("keeps its own when nothing usable was saved", () => {
    expect(cloudCartWins({ lines: [], changedAt: null }, null)).toBe(false);
    expect(cloudCartWins({ lines: items, changedAt: null }, null)).toBe(false);
  });
});

describe("whether a saved cart that wins changes what the device shows", () => {
  const lines = [{ id: 12, picked_option: "0", amount: 2 }, { id: 40, picked_option: "7", amount: 1 }];

  it("does not when it has the same lines, in any order, and the same shop", () => {
    expect(sameCart(cart(lines), cart([...lines].reverse(), 3, SAVED_AT + 5))).toBe(true);
    expect(sameCart(cart([], null), cart([], null))).toBe(true);
  });

  it("does when a line, an amount, an option or the shop differs", () => {
    expect(sameCart(cart(lines), cart(lines.slice(1)))).toBe(false);
    expect(sameCart(cart(lines), cart([])), "ordered elsewhere").toBe(false);
    expect(sameCart(cart(lines), cart([{ ...lines[0]!, amount: 3 }, lines[1]!]))).toBe(false);
    expect(sameCart(cart(lines), cart([{ ...lines[0]!, picked_option: "5" }, lines[1]!]))).toBe(false);
    expect(sameCart(cart(lines), cart(lines, null))).toBe(false);
  });
});
