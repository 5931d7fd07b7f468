/**
 * A sale price in Chromium against the real store: a sale put on over the API shows the sale price with the usual
 * one struck through on the card, the product page, the option picker and the cart, and the order placed from the
 * cart charges it; the admin sets, refuses and ends a sale in the product form; a sale whose end has passed shows
 * the usual price again. Screenshots at 360 px are kept in $SHOT_DIR/sale/ (default: the system's temporary folder).
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct, AdminProductListResponse } from "../../server/domain/contracts/adminProducts";
import type { Product } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { useBrowserStore } from "../helpers/browserStore";
import { overflowingElements } from "../helpers/languageChecks";
import { storeApi } from "../helpers/storeApi";

const ADMIN_EMAIL = "sale-boss@samui.example";
const CUSTOMER_EMAIL = "bargain-hunter@samui.example";
const SCREENS = join(process.env.SHOT_DIR ?? tmpdir(), "sale");

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken, shopId } = storeApi(web);

let adminToken: string;
let customerToken: string;

beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

async function signIn(): Promise<void> {
  adminToken ??= await emailToken(ADMIN_EMAIL);
  customerToken ??= await emailToken(CUSTOMER_EMAIL);
}

async function productNamed(name: string): Promise<Product> {
  const product = (await api<{ products: Product[] }>("/api/products")).products.find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product;
}

async function adminProduct(name: string): Promise<AdminProduct> {
  const { products } = await api<AdminProductListResponse>(`/api/admin/products?limit=100&q=${encodeURIComponent(name)}`, {
    token: adminToken,
  });
  const found = products.find((product) => product.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

/** The option sale call, as the admin's form makes it. */
async function putOnSale(productId: number, optionId: number, sale: { sale_price: number | null; sale_ends_at?: string | null }) {
  await api(`/api/admin/products/${productId}/options/${optionId}/sale`, { method: "PUT", token: adminToken, body: sale });
}

/** A phone signed in as `token` (as after a sign-in), the pickup shop chosen when given. */
async function phoneOf(token: string, shop?: number): Promise<Page> {
  const page = await web.newPage();
  await page.context().addInitScript(
    ({ stored, chosen }) => {
      localStorage.setItem("token", stored);
      if (chosen !== null && !localStorage.getItem("chosen_shop")) {
        localStorage.setItem("chosen_shop", JSON.stringify({ state: { chosenShopId: chosen }, version: 1 }));
      }
    },
    { stored: token, chosen: shop ?? null },
  );
  return page;
}

const cardOf = (page: Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
/** Text as a person reads it: no-break spaces made plain. */
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ").trim();

/** What a price block shows: the price paid, and the struck usual price (null when none is shown). */
async function shownPrice(scope: ReturnType<Page["locator"]>): Promise<{ now: string; usual: string | null }> {
  const usual = scope.getByTestId("product-usual-price");
  return {
    now: plain(await scope.getByTestId("product-price").textContent()),
    usual: (await usual.count()) === 0 ? null : plain(await usual.textContent()),
  };
}

describe("a sale price", () => {
  it("shows on the card, the product page, the option picker and the cart, and the order placed charges it", async () => {
    await signIn();
    const gelato = await productNamed("Gelato #41");
    const jack = await productNamed("Jack Herer");
    await putOnSale(gelato.id, 0, { sale_price: 490 });
    await putOnSale(jack.id, Number(Object.entries(jack.options!).find(([, o]) => o.price_text === "3.5 g")![0]), { sale_price: 1190 });
    const chaweng = await shopId("Chaweng Beach Store");

    const page = await phoneOf(customerToken, chaweng);
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(web.store.url);
    const card = cardOf(page, "Gelato #41");
    await card.waitFor();
    // The usual price is struck through and named for screen readers; the sale price is what the card says it costs.
    expect(await shownPrice(card)).toEqual({ now: "490 ฿", usual: "Usual price 550 ฿" });
    const struck = card.getByTestId("product-usual-price");
    expect(await struck.evaluate((element) => [element.tagName, getComputedStyle(element).textDecorationLine])).toEqual([
      "S",
      "line-through",
    ]);
    // Its name is not drawn: a 1 px box clipped away.
    const name = await struck.getByText("Usual price").evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { width: box.width, height: box.height, clip: getComputedStyle(element).clipPath };
    });
    expect(name).toEqual({ width: 1, height: 1, clip: "inset(50%)" });
    // A product without a sale shows its price alone.
    expect(await shownPrice(cardOf(page, "Glass Bubbler Pipe"))).toEqual({ now: "1,200 ฿", usual: null });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: join(SCREENS, "card-dark.png") });

    // The product page.
    await page.goto(`${web.store.url}/products/${gelato.id}`);
    const details = page.getByTestId("product-details");
    await details.waitFor();
    expect(await shownPrice(details)).toEqual({ now: "490 ฿", usual: "Usual price 550 ฿" });
    expect(await overflowingElements(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENS, "product-dark.png"), fullPage: true });

    // A product with options: the option on sale in the page's option rows and in the picker; the others as they were.
    await page.goto(`${web.store.url}/products/${jack.id}`);
    const rows = page.getByTestId("option-row");
    await rows.first().waitFor();
    expect((await rows.allInnerTexts()).map(plain).map((text) => text.split("\n").at(-1))).toEqual(["450 ฿", "1,400 ฿", "2,600 ฿"]);
    const saleRow = rows.filter({ hasText: "3.5 g" });
    expect(plain(await saleRow.getByTestId("option-row-price").textContent())).toBe("1,190 ฿");
    expect(plain(await saleRow.getByTestId("option-row-usual-price").textContent())).toBe("Usual price 1,400 ฿");
    await page.getByTestId("option-chip").click();
    const picker = page.getByTestId("option-picker");
    const choice = picker.getByTestId("option-choice").filter({ hasText: "3.5 g" });
    await choice.waitFor();
    expect(plain(await choice.getByTestId("option-price").textContent())).toBe("1,190 ฿");
    expect(plain(await choice.getByTestId("option-usual-price").textContent())).toBe("Usual price 1,400 ฿");
    expect(await picker.getByTestId("option-usual-price").count()).toBe(1);
    await choice.click();
    await expect.poll(async () => shownPrice(details)).toEqual({ now: "1,190 ฿", usual: "Usual price 1,400 ฿" });

    // Two Gelatos and one Jack Herer 3.5 g in the cart: lines and total at sale prices, the usual ones struck.
    await page.getByTestId("add-to-order").click();
    await expect.poll(() => page.getByTestId("add-to-order").textContent()).toBe("Ordered");
    await page.goto(`${web.store.url}/products/${gelato.id}`);
    await page.getByTestId("amount-more").click();
    await page.getByTestId("add-to-order").click();
    await expect.poll(() => page.getByTestId("add-to-order").textContent()).toBe("Ordered");
    await page.getByTestId("nav-cart").click();
    const gelatoLine = page.getByTestId("cart-line").filter({ hasText: "Gelato #41" });
    await gelatoLine.getByTestId("cart-line-total").waitFor();
    expect(plain(await gelatoLine.getByTestId("cart-line-each").textContent())).toBe("Usual price 550 ฿ 490 ฿ each");
    expect(plain(await gelatoLine.getByTestId("cart-line-total").textContent())).toBe("980 ฿");
    expect(plain(await gelatoLine.getByTestId("cart-line-usual-total").textContent())).toBe("Usual price 1,100 ฿");
    const jackLine = page.getByTestId("cart-line").filter({ hasText: "Jack Herer" });
    expect(plain(await jackLine.getByTestId("cart-line-total").textContent())).toBe("1,190 ฿");
    await expect.poll(async () => plain(await page.getByTestId("cart-total").textContent())).toBe("Usual price 2,500 ฿2,170 ฿");
    expect(await overflowingElements(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENS, "cart-dark.png"), fullPage: true });

    // Placed: the order charges the sale prices, and its page says the same total.
    await page.getByTestId("cart-shop").filter({ hasText: "Chaweng Beach Store" }).waitFor();
    await page.getByTestId("place-order").click();
    await page.waitForURL(/\/order\/\d+\?first=Y$/);
    const orderId = Number(await page.getByTestId("order-page").getAttribute("data-order-id"));
    const { order } = await api<{ order: Order }>(`/api/orders/${orderId}`, { token: customerToken });
    expect(order.total_price).toBe(2170);
    expect(order.products.map((line) => [line.product_name, line.per_price, line.amount])).toEqual(
      expect.arrayContaining([
        ["Gelato #41", 490, 2],
        ["Jack Herer", 1190, 1],
      ]),
    );
    expect(plain(await page.getByTestId("order-total").textContent())).toContain("2,170 ฿");

    await putOnSale(gelato.id, 0, { sale_price: null });
    await putOnSale(jack.id, Number(Object.entries(jack.options!).find(([, o]) => o.price_text === "3.5 g")![0]), { sale_price: null });
  });

  it("is set, refused with the field named and ended by the admin in the product form; the card follows", async () => {
    await signIn();
    const lights = await adminProduct("Northern Lights");
    const admin = await phoneOf(adminToken);
    await admin.goto(`${web.store.url}/admin/products/${lights.id}/edit`);
    const base = admin.getByTestId("sale-option").and(admin.locator('[data-option-id="0"]'));
    await base.waitFor();
    expect(await admin.getByTestId("sale-option").count()).toBe(3);

    // Not below the usual price: the server's refusal under the price field, nothing saved.
    await base.getByTestId("sale-price").fill("480");
    await base.getByTestId("save-sale").click();
    await expect.poll(() => base.getByTestId("sale-price-error").textContent()).toContain("sale_price");
    expect(await base.getByTestId("sale-price").getAttribute("aria-invalid")).toBe("true");
    // An end in the past: under the end field.
    await base.getByTestId("sale-price").fill("420");
    expect(await base.getByTestId("sale-price-error").count()).toBe(0);
    await base.getByTestId("sale-ends-at").fill("2020-01-01T10:00");
    await base.getByTestId("save-sale").click();
    await expect.poll(() => base.getByTestId("sale-ends-at-error").textContent()).toBe("sale_ends_at must be in the future.");
    expect((await adminProduct("Northern Lights")).sale_price).toBeNull();

    // Saved with an end next year (island time, sent with its +07:00).
    const year = new Date().getUTCFullYear() + 1;
    await base.getByTestId("sale-ends-at").fill(`${year}-03-01T18:30`);
    await base.getByTestId("save-sale").click();
    await expect.poll(() => base.getByTestId("sale-state").textContent()).toBe(`On sale: 420 ฿ until 01.3.${year} 18:30`);
    const saved = await adminProduct("Northern Lights");
    expect([saved.sale_price, saved.sale_ends_at]).toEqual([420, `${year}-03-01T11:30:00.000Z`]);
    await admin.setViewportSize({ width: 360, height: 760 });
    await base.screenshot({ path: join(SCREENS, "admin-form-dark.png") });

    // The customer's card shows it.
    const customer = await phoneOf(customerToken);
    await customer.goto(web.store.url);
    const card = cardOf(customer, "Northern Lights");
    await card.waitFor();
    expect(await shownPrice(card)).toEqual({ now: "420 ฿", usual: "Usual price 480 ฿" });

    // Ended in the form: the usual price alone again.
    await base.getByTestId("end-sale").click();
    await expect.poll(() => base.getByTestId("sale-state").count()).toBe(0);
    expect(await base.getByTestId("sale-price").inputValue()).toBe("");
    expect((await adminProduct("Northern Lights")).sale_price).toBeNull();
    await customer.reload();
    await card.waitFor();
    expect(await shownPrice(card)).toEqual({ now: "480 ฿", usual: null });
  });

  it("is given to a new product's base option in the create form, checked before the preview and shown on it", async () => {
    await signIn();
    const admin = await phoneOf(adminToken);
    await admin.goto(`${web.store.url}/admin/create-product`);
    await admin.getByTestId("product-form").waitFor();
    for (const [field, value] of [
      ["name", "Sale Kush"],
      ["description", "Priced to go"],
      ["per_price", "1200"],
      ["cost_price", "700"],
      ["instock", "3"],
      ["price_text", "3.5 g"],
      ["gift_text", "None"],
      ["label", "Promo shelf"],
      ["sale_price", "1200"],
    ] as const) {
      await admin.getByTestId(`field-${field}`).fill(value);
    }
    await admin.getByTestId("image-input").setInputFiles([new URL("../fixtures/photo.jpg", import.meta.url).pathname]);
    await expect.poll(() => admin.getByTestId("picked-image").locator("img").count()).toBe(1);
    // Not below the price: said under the sale price field before any preview.
    await admin.getByTestId("preview-product").click();
    await expect
      .poll(() => admin.getByTestId("field-sale_price-error").textContent())
      .toBe("sale_price must be a whole number of Baht, at least 1 and below the list price (1200 Baht).");
    await admin.getByTestId("field-sale_price").fill("990");
    const year = new Date().getUTCFullYear() + 1;
    await admin.getByTestId("field-sale_ends_at").fill(`${year}-01-15T09:00`);
    await admin.getByTestId("preview-product").click();
    const preview = admin.getByTestId("product-preview");
    await preview.waitFor();
    expect(await shownPrice(preview)).toEqual({ now: "990 ฿", usual: "Usual price 1,200 ฿" });
    await admin.getByTestId("send-product").click();
    await admin.waitForURL(/\/admin\/products$/);
    const made = await adminProduct("Sale Kush");
    expect([made.per_price, made.sale_price, made.sale_ends_at]).toEqual([1200, 990, `${year}-01-15T02:00:00.000Z`]);
  });

  it("ends by the clock: past its end the usual price is back once the catalogue is read again", async () => {
    await signIn();
    const tin = await productNamed("Herbal Cookie Tin");
    await putOnSale(tin.id, 0, { sale_price: 399 });
    const page = await phoneOf(customerToken);
    await page.goto(web.store.url);
    const card = cardOf(page, "Herbal Cookie Tin");
    await card.waitFor();
    expect(await shownPrice(card)).toEqual({ now: "399 ฿", usual: "Usual price 450 ฿" });

    // The sale given an end 2 s ahead (with its offset), while the page shows it.
    const endsAt = Date.now() + 2_000;
    await putOnSale(tin.id, 0, { sale_price: 399, sale_ends_at: new Date(endsAt).toISOString().replace("Z", "+00:00") });
    expect((await api<{ product: Product }>(`/api/products/${tin.id}`)).product.sale_price).toBe(399);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + 300));
    await page.reload();
    await card.waitFor();
    expect(await shownPrice(card)).toEqual({ now: "450 ฿", usual: null });
    expect((await api<{ product: Product }>(`/api/products/${tin.id}`)).product.sale_price).toBeNull();
  });
});
