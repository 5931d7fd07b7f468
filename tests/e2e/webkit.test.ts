/**
 * The main screens in WebKit, the engine of Telegram on iOS (tests/helpers/webkit.ts: Debian's WebKitGTK). WebKit
 * painted the cards' wishlist heart (a backdrop-filter) undimmed above the age gate and drew the footer's language
 * select as a native control; home, a product page and the cart must also simply work there. The customer is
 * signed in (the heart is drawn for customers only) and has not yet answered the gate.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStore } from "../helpers/server";
import { emailSession } from "../helpers/session";
import { openWebKit, type WebKitPage } from "../helpers/webkit";

let store: Awaited<ReturnType<typeof startStore>>;
let page: WebKitPage;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The mean of each pixel's largest channel difference between two screenshots, inside `box` (CSS pixels). */
async function difference(a: Buffer, b: Buffer, box: Box, cssWidth: number): Promise<number> {
  const [one, two] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  const scale = one!.info.width / cssWidth;
  let sum = 0;
  let count = 0;
  for (let y = Math.round(box.y * scale); y < Math.round((box.y + box.height) * scale); y++) {
    for (let x = Math.round(box.x * scale); x < Math.round((box.x + box.width) * scale); x++) {
      const at = (y * one!.info.width + x) * 3;
      sum += Math.max(...[0, 1, 2].map((c) => Math.abs(one!.data[at + c]! - two!.data[at + c]!)));
      count++;
    }
  }
  return sum / count;
}

beforeAll(async () => {
  store = await startStore();
  page = await openWebKit();
}, 60_000);
afterAll(async () => {
  await page?.close();
  await store?.stop();
});

describe("the store in WebKit", () => {
  it("dims the cards' wishlist heart under the age gate like the rest of the page", async () => {
    const { token } = await emailSession(store.db, "webkit@example.com");
    await page.goto(store.url);
    await page.evaluate("localStorage.setItem('token', arguments[0])", token);
    await page.goto(store.url);
    await page.waitFor("the age gate over the first card and its heart", `
      const img = document.querySelector("[data-testid=product-card] img");
      return document.querySelector("[role=dialog] [data-testid=age-yes]") && document.querySelector("[data-testid=wishlist-button]")
        && (!img || img.complete);
    `);
    await new Promise((r) => setTimeout(r, 500)); // the gate's fade-in
    const heart = await page.evaluate<Box>(`
      const { x, y, width, height } = document.querySelector("[data-testid=wishlist-button]").getBoundingClientRect();
      return { x, y, width, height };
    `);
    const cssWidth = await page.evaluate<number>("return innerWidth");
    const underGate = await page.screenshot();
    await page.evaluate(`document.querySelector("[data-testid=age-yes]").click()`);
    await page.waitFor("the age gate to close", `return !document.querySelector("[role=dialog]")`);
    await new Promise((r) => setTimeout(r, 500));
    const open = await page.screenshot();
    // Painted above the gate, the heart's pixels would be the same with and without it. (This WebKitGTK, drawing in
    // software on a virtual display, dims the heart even with the backdrop-filter the cards once had: the check
    // holds the gate above the cards' layers here, and iOS's compositing is left to docs/decisions.md.)
    expect(await difference(underGate, open, heart, cssWidth)).toBeGreaterThan(20);
  });

  it("draws the footer's language select with the store's own look, not as a native control", async () => {
    const appearance = await page.evaluate<string>(`
      const select = document.querySelector("[data-testid^=language-picker] , footer select");
      const style = getComputedStyle(select);
      return style.appearance || style.webkitAppearance;
    `);
    expect(appearance).toBe("none");
  });

  it("opens a product page and the cart", async () => {
    const id = await page.evaluate<string>(`return document.querySelector("[data-testid=product-card]").dataset.productId`);
    await page.goto(`${store.url}/products/${id}`);
    await page.waitFor("the product page", `return document.querySelector("[data-testid=product-details]")`);
    await page.goto(`${store.url}/orders`);
    await page.waitFor("the empty cart", `return document.querySelector("[data-testid=cart-empty]")`);
  });
});
