/**
 * The home page on a catalogue of a few hundred products (tests/helpers/catalogue.ts): it draws what is on screen
 * (the DOM stays bounded to the end of the list), a card's product page and Return land on the same card, the 15 s
 * refresh changes only the card whose product changed, and a category and a shop show the right products.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem, Shop } from "../../server/domain/contracts/catalog";
import { setStock } from "../../db/repositories/products";
import { launchChromium, PHONE } from "../helpers/browser";
import { addCatalogue } from "../helpers/catalogue";
import { startStore } from "../helpers/server";

/** The bound for home, whatever the catalogue's size. */
const MAX_ELEMENTS = 3000;

let store: Awaited<ReturnType<typeof startStore>>;
let browser: Browser;
let page: Page;
let shops: Shop[];
let onlyInLast: number[];

async function apiProducts(query = ""): Promise<ProductListItem[]> {
  return ((await (await fetch(`${store.url}/api/products${query}`)).json()) as { products: ProductListItem[] }).products;
}

/** The names of the cards drawn now, top to bottom. */
function drawnNames(): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-testid=product-card]")]
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((card) => card.querySelector("h3")?.textContent?.trim() ?? ""),
  );
}

/** Waits until the page stopped moving (the windowed list settles its measured cards after a jump). */
async function settled(): Promise<void> {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const same = y === last;
      last = y;
      return same;
    }, { interval: 300 })
    .toBe(true);
}

const elementCount = () => page.evaluate(() => document.getElementsByTagName("*").length);

beforeAll(async () => {
  store = await startStore();
  shops = ((await (await fetch(`${store.url}/api/shops`)).json()) as { shops: Shop[] }).shops;
  await addCatalogue(store.db, { count: 300, shopIds: shops.map((shop) => shop.id) });
  // A few products only the last shop holds: choosing it must show them, and only what it holds.
  onlyInLast = await addCatalogue(store.db, { count: 5, shopIds: [shops.at(-1)!.id], prefix: "Only here" });
  browser = await launchChromium();
  page = await browser.newPage(PHONE);
  await page.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe("home with a few hundred products", () => {
  it("holds a bounded DOM while scrolling to the end, where the last product is", async () => {
    const all = await apiProducts();
    expect(all.length).toBeGreaterThan(300);
    await page.goto(store.url);
    await page.getByTestId("product-card").first().waitFor();
    expect(await drawnNames()).toEqual(all.slice(0, (await drawnNames()).length).map((p) => p.name));

    let most = 0;
    for (let step = 0; step < 400; step++) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight * 1.5);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      await page.waitForTimeout(30);
      most = Math.max(most, await elementCount());
      if (atEnd && (await drawnNames()).at(-1) === all.at(-1)!.name) break;
    }
    expect(await drawnNames()).toContain(all.at(-1)!.name);
    expect(most).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect((await drawnNames()).length).toBeLessThan(20);
  }, 120_000);

  it("opens a card's product page and Return lands on the same card", async () => {
    await page.goto(store.url);
    // The first cards are drawn taller than they will be (as when a font or a picture has not arrived yet): back
    // from the product page they are drawn again at their own height, and the same card must still be found.
    await page.addStyleTag({ content: "[data-testid=product-card] h3 { padding-bottom: 150px }" });
    await page.getByTestId("product-card").first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 40_000));
    await settled();
    await page.evaluate(() =>
      document.querySelectorAll("style").forEach((style) => style.textContent?.includes("150px") && style.remove()),
    );
    await settled();
    const before = await page.evaluate(() => {
      const card = [...document.querySelectorAll<HTMLElement>("[data-testid=product-card]")].find(
        (c) => c.getBoundingClientRect().top > 60,
      )!;
      return { id: card.dataset.productId!, top: Math.round(card.getBoundingClientRect().top) };
    });
    // A tap where the button is: Playwright's click would first scroll a button under the bottom bar into view,
    // and the place remembered would rightly be that scrolled one.
    await page.locator(`[data-product-id="${before.id}"]`).getByText("More details").dispatchEvent("click");
    await page.waitForURL(new RegExp(`/products/${before.id}$`));
    await page.getByTestId("return-button").click();
    await page.waitForURL(`${store.url}/`);
    await expect
      .poll(() =>
        page.evaluate((id) => {
          const card = document.querySelector<HTMLElement>(`[data-product-id="${id}"]`);
          return card ? Math.round(card.getBoundingClientRect().top) : null;
        }, before.id),
      )
      .toBe(before.top);
  });

  it("a refresh that changes one product's stock changes only its card", async () => {
    await page.goto(store.url);
    await page.getByTestId("product-card").first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 3000));
    await page.waitForTimeout(300);
    // Every drawn card is marked, and every change under a card is noted by the card's product.
    const drawn = await page.evaluate(() => {
      const cards = [...document.querySelectorAll<HTMLElement>("[data-testid=product-card]")];
      cards.forEach((card) => (card.dataset.mark = "before"));
      const changed = new Set<string>();
      (window as unknown as { changedCards: Set<string> }).changedCards = changed;
      new MutationObserver((records) => {
        for (const record of records) {
          const node = record.target instanceof Element ? record.target : record.target.parentElement;
          const card = node?.closest<HTMLElement>("[data-product-id]");
          if (card && record.attributeName !== "data-mark") changed.add(card.dataset.productId!);
        }
      }).observe(document.querySelector(".product-list")!, { subtree: true, childList: true, characterData: true, attributes: true });
      return cards.map((card) => card.dataset.productId!);
    });
    expect(drawn.length).toBeGreaterThan(2);
    const target = Number(drawn[1]);
    const card = page.locator(`[data-product-id="${target}"]`);
    const stock = card.getByTestId("product-instock");
    const stockBefore = await stock.textContent();
    for (const shop of shops) await setStock(store.db, shop.id, target, 0, 70);

    // The poll is every 15 s: the card shows the new stock within one.
    await expect.poll(() => stock.textContent(), { timeout: 25_000, interval: 500 }).not.toBe(stockBefore);
    const after = await page.evaluate(() => ({
      changed: [...(window as unknown as { changedCards: Set<string> }).changedCards],
      marked: [...document.querySelectorAll<HTMLElement>("[data-testid=product-card]")]
        .filter((c) => c.dataset.mark === "before")
        .map((c) => c.dataset.productId!),
    }));
    expect(after.changed).toEqual([String(target)]);
    expect(after.marked).toEqual(drawn);
  }, 40_000);

  it("a category and a shop show their products", async () => {
    await page.goto(store.url);
    await page.getByTestId("product-card").first().waitFor();
    await page.getByTestId("category-tag").filter({ hasText: "Indica" }).click();
    const indica = (await apiProducts("?category=2")).map((p) => p.name);
    await expect.poll(async () => indica.slice(0, (await drawnNames()).length)).toEqual(await drawnNames());
    expect(new Set((await apiProducts("?category=2")).map((p) => p.category_id))).toEqual(new Set([2]));

    const last = shops.at(-1)!;
    await page.evaluate((id) => localStorage.setItem("chosen_shop", JSON.stringify({ state: { chosenShopId: id }, version: 1 })), last.id);
    await page.goto(store.url);
    await page.getByTestId("all-shops-bar").waitFor();
    await expect.poll(() => page.getByTestId("all-shops-bar").textContent()).toContain(`All shops (${shops.length})`);
    const inShop = (await apiProducts(`?stock_id=${last.id}`)).map((p) => p.name);
    expect(inShop).toEqual(expect.arrayContaining(onlyInLast.map((_, i) => `Only here ${i + 1}`)));
    await expect.poll(async () => inShop.slice(0, (await drawnNames()).length)).toEqual(await drawnNames());
    // Another shop does not hold them.
    const other = (await apiProducts(`?stock_id=${shops[0]!.id}`)).map((p) => p.name);
    expect(other.some((name) => name.startsWith("Only here"))).toBe(false);
  });
});
