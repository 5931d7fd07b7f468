/**
 * The storefront in Chromium at a phone's size against the real store (issue 4): browse and filter, a product
 * page, the option picker, the store picker, the list's scroll position, and the wishlist of a customer
 * signed in by an e-mail code read from a real SMTP server on loopback.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import { useBrowserStore } from "../helpers/browserStore";
import { signInByEmail, storedToken } from "../helpers/webSignIn";

const ADMIN_EMAIL = "boss@samui.example";

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, ADMIN_EMAILS: ADMIN_EMAIL }));
let page: Page;

/** A fresh profile of an adult who answered the age gate before (tests/e2e/auth.test.ts covers the gate). */
async function newPage(): Promise<Page> {
  page = await web.newPage();
  return page;
}

async function apiProducts(query = ""): Promise<ProductListItem[]> {
  return ((await (await fetch(`${web.store.url}/api/products${query}`)).json()) as { products: ProductListItem[] }).products;
}

async function productNamed(name: string): Promise<ProductListItem> {
  const product =
    (await apiProducts("?category=0")).find((p) => p.name === name) ?? (await apiProducts("?category=2")).find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product;
}

async function shopId(name: string): Promise<number> {
  const { shops } = (await (await fetch(`${web.store.url}/api/shops`)).json()) as { shops: { id: number; name: string }[] };
  const shop = shops.find((s) => s.name === name);
  if (!shop) throw new Error(`no shop ${name}`);
  return shop.id;
}

const cardNames = () =>
  page.getByTestId("product-card").evaluateAll((cards) => cards.map((card) => card.querySelector("h3")?.textContent?.trim() ?? ""));
const card = (name: string) => page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
const notices = () => page.getByTestId("notification").allTextContents();
const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
const choiceNames = (testId: string) => page.getByTestId(testId).getByTestId("shop-row-name").allTextContents();

describe("browsing the storefront", () => {
  it("filters, opens a product, picks an option and a shop, and comes back to the list where it was", async () => {
    await newPage();
    await page.goto(web.store.url);
    await page.getByTestId("product-card").first().waitFor();
    expect(await cardNames()).toEqual((await apiProducts()).map((p) => p.name));

    // Filter by a category, then back to All.
    await page.getByTestId("category-tag").filter({ hasText: "Sativa" }).click();
    await expect.poll(cardNames).toEqual((await apiProducts("?category=1")).map((p) => p.name));
    await page.getByTestId("category-tag").filter({ hasText: "All" }).click();
    await expect.poll(cardNames).toEqual((await apiProducts()).map((p) => p.name));

    // Down the list to a product with options, and into its page.
    const northernLights = await productNamed("Northern Lights");
    await card("Northern Lights").scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    await expect.poll(scrollY).toBeGreaterThan(300);
    await page.waitForTimeout(100);
    const listY = await scrollY();
    await card("Northern Lights").getByRole("link", { name: "More details" }).click();
    await page.waitForURL(`${web.store.url}/products/${northernLights.id}`);
    await page.getByTestId("product-details").waitFor();
    expect(await page.getByTestId("product-price").textContent()).toBe("480 ฿");

    // The option picker: every option, the base one ('0') included, cheapest first, with stock and prices.
    await page.getByTestId("option-chip").click();
    const sheet = page.getByTestId("option-picker");
    await sheet.waitFor();
    const choices = sheet.getByTestId("option-choice");
    const optionIds = Object.entries(northernLights.options ?? {})
      .sort(([, a], [, b]) => a.per_price - b.per_price)
      .map(([id]) => id);
    expect(await choices.evaluateAll((els) => els.map((el) => el.getAttribute("data-option-id")))).toEqual(["0", ...optionIds]);
    expect(await sheet.getByTestId("option-price").allTextContents()).toEqual(["480 ฿", "1,500 ฿", "2,800 ฿"]);
    expect(await sheet.getByTestId("option-price-text").allTextContents()).toEqual(["1 g", "3.5 g", "7 g"]);
    expect(await sheet.getByTestId("option-stock").allTextContents()).toEqual(["44 in stock", "9 in stock", "2 in stock"]);
    await choices.filter({ hasText: "3.5 g" }).click();
    // Picking closes the sheet; a moment later it is gone altogether.
    await expect.poll(() => page.getByTestId("option-picker").count()).toBe(0);
    expect(await page.getByTestId("option-chip-value").textContent()).toBe("3.5 g");
    expect(await page.getByTestId("product-price").textContent()).toBe("1,500 ฿");

    // The store picker offers only the shops holding that option, never the warehouse.
    await page.getByTestId("chosen-shop").click();
    const picker = page.getByRole("dialog", { name: "Choose your shop" });
    await picker.getByTestId("store-choice").first().waitFor();
    expect(await choiceNames("store-picker")).toEqual(["Lamai Night Market", "Fisherman's Village"]);
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });

    // Back on the list: where the customer left it, the card showing the picked option.
    await page.getByTestId("return-button").click();
    await page.waitForURL(`${web.store.url}/`);
    await expect.poll(scrollY).toBe(listY);
    expect(await card("Northern Lights").getByTestId("option-chip-value").textContent()).toBe("3.5 g");
    expect(await card("Northern Lights").getByTestId("product-price").textContent()).toBe("1,500 ฿");

    // The shop count picks a shop while none is chosen; the chosen shop filters the list.
    const cardTop = () => card("Northern Lights").evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const topBefore = await cardTop();
    await card("Northern Lights").getByTestId("shop-count").click();
    await picker.getByTestId("store-choice").first().waitFor();
    expect(await choiceNames("store-picker")).toEqual(["Lamai Night Market", "Fisherman's Village"]);
    await picker.getByTestId("store-choice").filter({ hasText: "Fisherman's Village" }).click();
    await picker.waitFor({ state: "detached" });
    const bophut = await shopId("Fisherman's Village");
    const atBophut = (await apiProducts(`?stock_id=${bophut}`)).map((p) => p.name);
    await expect.poll(cardNames).toEqual(atBophut);
    // Cards above it went, but the card the shop was chosen from stays where it stood: no jump to the list's top.
    expect(atBophut.indexOf("Northern Lights")).toBeLessThan((await apiProducts()).findIndex((p) => p.name === "Northern Lights"));
    expect(Math.abs((await cardTop()) - topBefore)).toBeLessThanOrEqual(1);
    expect((await page.getByTestId("all-shops-bar").textContent())?.trim()).toBe("Fisherman's VillageAll shops (4)");

    // The choice survives a reload.
    await page.reload();
    await page.getByTestId("all-shops-bar").waitFor();
    await expect.poll(cardNames).toEqual((await apiProducts(`?stock_id=${bophut}`)).map((p) => p.name));

    // With a shop chosen, options out of stock there are shown disabled.
    await card("Northern Lights").getByTestId("option-chip").click();
    await sheet.waitFor();
    const soldOut = sheet.getByTestId("option-choice").filter({ hasText: "7 g" });
    expect(await soldOut.isDisabled()).toBe(true);
    expect(await soldOut.getByTestId("option-stock").textContent()).toBe("Sold out");
    await sheet.getByTestId("sheet-close").click();
    await expect.poll(() => page.getByTestId("option-picker").count()).toBe(0);

    // ...and the shop count lists the shops holding the picked option.
    await card("Northern Lights").getByTestId("shop-count").click();
    const holding = page.getByRole("dialog", { name: "Shops that have it" });
    await holding.waitFor();
    expect(await choiceNames("shops-holding")).toEqual(["Lamai Night Market", "Fisherman's Village"]);
    await page.keyboard.press("Escape");

    // 'All shops (4)' goes back to every shop.
    await page.getByRole("button", { name: "All shops (4)" }).click();
    await expect.poll(cardNames).toEqual((await apiProducts()).map((p) => p.name));
    expect(await page.getByTestId("all-shops-bar").count()).toBe(0);
  });
});

describe("the product page gallery", () => {
  it("moves on by itself, loops, and says why an image is missing", async () => {
    await newPage();
    const jack = await productNamed("Jack Herer");
    // The list sends a product's pictures in their order, the cover first.
    const [first, second, third] = jack.images;
    // The second image is gone from the server, the third fails there.
    await page.route(`**/assets/product/${jack.id}/${second!.filename}`, (route) => route.fulfill({ status: 404, body: "" }));
    await page.route(`**/assets/product/${jack.id}/${third!.filename}`, (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto(`${web.store.url}/products/${jack.id}`);
    const gallery = page.getByTestId("product-details").getByTestId("gallery");
    await gallery.waitFor();
    expect(await gallery.getAttribute("data-current")).toBe("0");
    expect(await gallery.locator(`img[src$="${first!.filename}"]`).count()).toBeGreaterThan(0);

    // Autoplay: the next image after 3 s, and after the last one the first again.
    await expect.poll(() => gallery.getAttribute("data-current"), { timeout: 5_000 }).toBe("1");
    await expect.poll(() => gallery.getByTestId("image-failure").allTextContents()).toEqual(
      expect.arrayContaining(["Image Not Found", "Something Went Wrong"]),
    );
    expect(await gallery.textContent()).toContain("Please Try Again Later");
    await expect.poll(() => gallery.getAttribute("data-current"), { timeout: 5_000 }).toBe("2");
    await expect.poll(() => gallery.getAttribute("data-current"), { timeout: 5_000 }).toBe("0");
    // Phones get dots, not thumbnails.
    expect(await page.getByTestId("gallery-thumbs").count()).toBe(0);
  });
});

describe("the wishlist", () => {
  it("is there for a signed-in customer: add, then remove after the confirmation", async () => {
    await newPage();
    await page.goto(web.store.url);
    await page.getByTestId("product-card").first().waitFor();
    // A visitor has no wishlist control.
    expect(await page.getByTestId("wishlist-button").count()).toBe(0);

    await signInByEmail(page, web.smtp, "wisher@samui.example");
    const jack = card("Jack Herer");
    await jack.getByTestId("wishlist-button").waitFor();
    expect(await jack.getByTestId("wishlist-button").getAttribute("aria-pressed")).toBe("false");
    await jack.getByTestId("wishlist-button").click();
    await expect.poll(notices).toContain("Product was added to wishlist");
    await expect.poll(() => jack.getByTestId("wishlist-button").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByTestId("wishlist-count").textContent()).toBe("1");
    await expect.poll(() => jack.getByTestId("product-wishlist").textContent()).toBe("1");

    // Kept by the server for this customer.
    const token = await storedToken(page);
    const fromServer = async () =>
      (
        (await (await fetch(`${web.store.url}/api/wishlist`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          product_ids: number[];
        }
      ).product_ids;
    expect(await fromServer()).toEqual([(await productNamed("Jack Herer")).id]);

    // The wishlist page lists it.
    await page.getByTestId("nav-wishlist").click();
    await page.waitForURL(`${web.store.url}/wishlist`);
    await expect.poll(cardNames).toEqual(["Jack Herer"]);

    // Removing asks first; saying no keeps it.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await card("Jack Herer").getByTestId("wishlist-button").click();
    await expect.poll(() => asked).toEqual(["Remove the product from the whishlist?"]);
    expect(await card("Jack Herer").getByTestId("wishlist-button").getAttribute("aria-pressed")).toBe("true");
    expect(await fromServer()).toHaveLength(1);

    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await card("Jack Herer").getByTestId("wishlist-button").click();
    await expect.poll(notices).toContain("Product was removed from wishlist");
    await expect.poll(() => page.getByTestId("wishlist-empty").textContent()).toContain("No products in wishlist");
    expect(asked).toEqual(["Remove the product from the whishlist?", "Remove the product from the whishlist?"]);
    expect(await page.getByTestId("wishlist-count").count()).toBe(0);
    expect(await fromServer()).toEqual([]);
  });

  it("has no control for an admin", async () => {
    await newPage();
    await page.goto(web.store.url);
    await page.getByTestId("product-card").first().waitFor();
    await signInByEmail(page, web.smtp, ADMIN_EMAIL);
    await page.reload();
    await page.getByTestId("balance-chip").waitFor();
    await page.getByTestId("product-card").first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId("wishlist-button").count()).toBe(0);
  });
});
