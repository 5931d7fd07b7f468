/**
 * The product page's action in reach (issue 38): at 360×640 and 390×844 the amount picker and Add to order are
 * never under the bottom navigation's see-through edge. Where the button shows at first sight it is clear of the
 * bar, and scrolled to it is too; at its centre the page hits the button itself, not the bar.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedStock } from "../../server/domain/catalog";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import { launchChromium, PHONE } from "../helpers/browser";
import { startStore } from "../helpers/server";

let store: Awaited<ReturnType<typeof startStore>>;
let browser: Browser;

beforeAll(async () => {
  store = await startStore();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The button's and the bar's rects in the viewport, and what the page hits at the button's centre. */
async function measure(page: Page): Promise<{ button: Rect; bar: Rect; hitIsButton: boolean; viewport: number }> {
  return page.evaluate(() => {
    const rect = (el: Element): Rect => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const button = document.querySelector('[data-testid="product-details"] [data-testid="add-to-order"]')!;
    const bar = document.querySelector('[data-testid="bottom-nav"]')!;
    const b = rect(button);
    const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    return { button: b, bar: rect(bar), hitIsButton: hit !== null && button.contains(hit), viewport: window.innerHeight };
  });
}

const intersects = (a: Rect, b: Rect) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

describe.each([
  { width: 360, height: 640 },
  { width: 390, height: 844 },
])("the product page at $width×$height", (size) => {
  it("keeps Add to order and the amount picker above the bottom bar, at first sight and scrolled to", async () => {
    const context = await browser.newContext({ ...PHONE, viewport: size });
    await context.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
    const page = await context.newPage();
    try {
      const { products } = (await (await fetch(`${store.url}/api/products`)).json()) as { products: ProductListItem[] };
      const product = products.find((p) => listedStock(p.stock, "0", null) > 0)!;
      await page.goto(`${store.url}/products/${product.id}`);
      const button = page.getByTestId("product-details").getByTestId("add-to-order");
      await button.waitFor();
      await page.getByTestId("amount-picker").waitFor();

      // At first sight: if any of the button shows, all of it is clear of the bar and it is what a tap hits.
      const first = await measure(page);
      expect(first.bar.top).toBeLessThan(first.viewport);
      if (first.button.top < first.viewport) {
        expect(intersects(first.button, first.bar), JSON.stringify(first)).toBe(false);
        expect(first.hitIsButton).toBe(true);
      }

      // Scrolled into view (as far as it takes, and a little further down the page): still clear of the bar.
      await button.scrollIntoViewIfNeeded();
      const shown = await measure(page);
      expect(intersects(shown.button, shown.bar), JSON.stringify(shown)).toBe(false);
      expect(shown.button.bottom).toBeLessThanOrEqual(shown.bar.top);
      expect(shown.hitIsButton).toBe(true);
      const picker = await page.getByTestId("amount-picker").boundingBox();
      expect(picker!.y + picker!.height).toBeLessThanOrEqual(shown.bar.top);

      // Where the page is scrolled so the buy card's top just shows, the row rides above the bar.
      await page.evaluate(() => {
        const card = document.querySelector(".product-details__buy")!;
        window.scrollBy(0, card.getBoundingClientRect().top - window.innerHeight + 160);
      });
      const partly = await measure(page);
      if (partly.button.top < partly.viewport) {
        expect(intersects(partly.button, partly.bar), JSON.stringify(partly)).toBe(false);
        expect(partly.hitIsButton).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});
