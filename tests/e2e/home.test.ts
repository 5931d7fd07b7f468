import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import { launchChromium, PHONE } from "../helpers/browser";
import { startStore } from "../helpers/server";

let store: Awaited<ReturnType<typeof startStore>>;
let browser: Browser;
let page: Page;

async function apiNames(query = ""): Promise<string[]> {
  const { products } = (await (await fetch(`${store.url}/api/products${query}`)).json()) as { products: ProductListItem[] };
  return products.map((p) => p.name);
}

async function cardNames(): Promise<string[]> {
  const cards = page.getByTestId("product-card");
  return cards.evaluateAll((nodes) => nodes.map((n) => n.querySelector("h2, h3")?.textContent?.trim() ?? ""));
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchChromium();
  page = await browser.newPage(PHONE);
  // An adult who confirmed the age gate before: this file is about browsing, tests/e2e/auth.test.ts about the gate.
  await page.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe("the home page in Chromium at 390×844", () => {
  it("shows the seeded in-stock products in the API's order", async () => {
    await page.goto(store.url);
    await page.getByTestId("product-card").first().waitFor();
    expect(await cardNames()).toEqual(await apiNames());
    expect(await cardNames()).not.toContain("Green Crack");
  });

  it("shows the category tags in the spec's order", async () => {
    const tags = await page.getByTestId("category-tag").allTextContents();
    expect(tags.map((t) => t.trim())).toEqual(["All", "Hot deal", "Sativa", "Indica", "Hybrid", "Food", "Accessories"]);
    expect(await page.getByTestId("category-tag").first().getAttribute("aria-pressed")).toBe("true");
  });

  it("filters by a category and by hot deals", async () => {
    await page.getByTestId("category-tag").filter({ hasText: "Food" }).click();
    await expect.poll(cardNames).toEqual(await apiNames("?category=5"));
    expect(await page.getByTestId("category-tag").filter({ hasText: "Food" }).getAttribute("aria-pressed")).toBe("true");

    await page.getByTestId("category-tag").filter({ hasText: "Hot deal" }).click();
    await expect.poll(cardNames).toEqual(await apiNames("?category=-1"));

    await page.getByTestId("category-tag").filter({ hasText: "Indica" }).click();
    await expect.poll(cardNames).toContain("Bubba Kush"); // hidden from All only
  });

  it("has the fixed bottom navigation and the footer linking to /documents", async () => {
    await expect.poll(() => page.getByTestId("bottom-nav").isVisible()).toBe(true);
    const footerLink = page.locator("footer a", { hasText: "2025" });
    expect(await footerLink.getAttribute("href")).toBe("/documents");
  });

  it("opens a product page from its card", async () => {
    await page.getByTestId("category-tag").filter({ hasText: "All" }).click();
    const first = page.getByTestId("product-card").first();
    const name = (await first.locator("h2, h3").first().textContent())!.trim();
    await first.getByText("More details").click();
    await page.waitForURL(/\/products\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { name }).count()).toBeGreaterThan(0);
  });

  it("shows the 404 page for an unknown route and for an unknown product", async () => {
    await page.goto(`${store.url}/no/such/page`);
    await expect.poll(() => page.locator("body").textContent()).toMatch(/404/);
    await page.goto(`${store.url}/products/99999`);
    await page.waitForURL(/\/404$/);
  });
});
