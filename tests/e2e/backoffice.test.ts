/**
 * The back office end to end in Chromium (issue 12): an admin signs in by e-mail, creates a product with two
 * photos (a real JPEG and PNG) and an option, adds stock to the warehouse and moves 3 to a pickup shop; a customer
 * in another browser sees it on the home page with the right count and a WebP card picture; an order of it is
 * completed; the admin sets it inactive and the customer's list drops it within one poll (no reload); the admin
 * opens Statistics from the cabinet and sees the order's figures and the charts.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AdminProduct, AdminProductListResponse } from "../../server/domain/contracts/adminProducts";
import { PHONE } from "../helpers/browser";
import { useBrowserStore } from "../helpers/browserStore";
import { storeApi } from "../helpers/storeApi";
import { signInByEmail, storedToken } from "../helpers/webSignIn";

const ADMIN_EMAIL = "journey-boss@samui.example";
const BUYER_EMAIL = "journey-buyer@samui.example";
const PRODUCT = "Journey Kush";
const FIXTURES = new URL("../fixtures/", import.meta.url);

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken } = storeApi(web);

/** The customer's phone beside the admin's: an adult who answered the age gate, not signed in. */
async function customerPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const browser = web.context.browser();
  if (!browser) throw new Error("the fixture's profile has no browser");
  const context = await browser.newContext(PHONE);
  await context.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
  return { context, page: await context.newPage() };
}

const notices = (page: Page) => page.getByTestId("notification").allTextContents();

describe("back office end to end", () => {
  it("an admin creates, stocks and hides a product; a customer follows; Statistics shows its sale", async () => {
    // The admin signs in by e-mail and opens the admin cabinet.
    const admin = await web.newPage();
    admin.on("dialog", (dialog) => void dialog.accept());
    await admin.goto(web.store.url);
    await signInByEmail(admin, web.smtp, ADMIN_EMAIL);
    const adminToken = await storedToken(admin);
    await admin.goto(`${web.store.url}/admin-cabinet`);

    // Create product: the form, two photos, the preview, SEND.
    await admin.getByTestId("link-create-product").click();
    await admin.getByTestId("product-form").waitFor();
    const fields = {
      name: PRODUCT,
      description: "Sun-grown on the island",
      per_price: "1200",
      cost_price: "700",
      instock: "0",
      price_text: "3.5 g",
      gift_text: "Free grinder",
      label: "Island pick",
      position: "1",
    };
    for (const [field, value] of Object.entries(fields)) await admin.getByTestId(`field-${field}`).fill(value);
    await admin
      .getByTestId("image-input")
      .setInputFiles([new URL("photo.jpg", FIXTURES).pathname, new URL("photo.png", FIXTURES).pathname]);
    await admin.getByTestId("preview-product").click();
    await admin.getByTestId("product-preview").waitFor();
    await admin.getByTestId("send-product").click();
    await expect.poll(() => notices(admin), { timeout: 15_000 }).toContain("Product was successfuly uploaded");
    await admin.waitForURL(/\/admin\/products$/);

    const found = `/api/admin/products?q=${encodeURIComponent(PRODUCT)}`;
    const products = (await api<AdminProductListResponse>(found, { token: adminToken })).products;
    const product = products.find((candidate) => candidate.name === PRODUCT) as AdminProduct;
    expect(product.images).toHaveLength(2);
    expect(product.images.every((image) => image.filename.endsWith(".webp") && image.card_filename?.endsWith(".webp"))).toBe(true);
    const card = admin.locator(`[data-testid="admin-product"][data-product-id="${product.id}"]`);

    // An option, through the option picker's CREATE option.
    await card.getByTestId("admin-options").click();
    await admin.getByTestId("open-create-option").click();
    await admin.getByTestId("option-cost").fill("1800");
    await admin.getByTestId("option-price").fill("3000");
    await admin.getByTestId("option-amount").fill("0");
    await admin.getByTestId("option-price-text").fill("7 g");
    await admin.getByTestId("create-option").click();
    await expect.poll(() => notices(admin), { timeout: 10_000 }).toContain("Product option was succesfuly created");
    await admin.getByTestId("sheet-close").click();

    // Stock: 10 into the warehouse, then 3 of them to a pickup shop.
    const shop = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops[0]!;
    await card.getByTestId("add-stock").click();
    await admin.getByTestId("stock-option").selectOption("0");
    await admin.getByTestId("stock-amount").fill("10");
    await admin.getByTestId("stock-submit").click();
    await expect.poll(() => notices(admin), { timeout: 10_000 }).toContain("You've added 10 products.");
    await card.getByTestId("move-stock").click();
    await admin.getByTestId("stock-option").selectOption("0");
    await admin.getByTestId("stock-shop").selectOption(String(shop.id));
    await admin.getByTestId("stock-amount").fill("3");
    await admin.getByTestId("stock-submit").click();
    await admin.getByTestId("stock-form").waitFor({ state: "detached" });

    // A customer in another browser: the product on the home page, 3 in stock, its card picture a WebP.
    const customer = await customerPhone();
    try {
      await customer.page.goto(web.store.url);
      const customerCard = customer.page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`);
      await customerCard.waitFor();
      expect(await customerCard.getByTestId("product-instock").textContent()).toBe("3 in stock");
      const picture = customerCard.locator("img.gallery__image").first();
      await expect
        .poll(() => picture.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))
        .toBe(true);
      const currentSrc = await picture.evaluate((image) => (image as HTMLImageElement).currentSrc);
      // The card shows the card-size WebP itself, even on this phone's dense screen.
      expect(currentSrc).toBe(`${web.store.url}/assets/product/${product.id}/${product.images[0]!.card_filename!}`);
      const served = await customer.page.request.get(currentSrc);
      expect(served.headers()["content-type"]).toBe("image/webp");
      // The product page offers both files (srcset) and lets the screen choose.
      const productPage = await customer.context.newPage();
      await productPage.goto(`${web.store.url}/products/${product.id}`);
      const first = product.images[0]!;
      const pagePicture = productPage.locator(`img.gallery__image[src$="/${first.filename}"]`).first();
      await pagePicture.waitFor({ state: "attached" });
      expect(await pagePicture.getAttribute("srcset")).toBe(
        `/assets/product/${product.id}/${first.card_filename!} 480w, /assets/product/${product.id}/${first.filename} 1600w`,
      );
      await productPage.close();

      // A completed order of it (placed and handed over through the API).
      const buyerToken = await emailToken(BUYER_EMAIL);
      const placed = await api<{ order: { id: number } }>("/api/orders", {
        method: "POST",
        token: buyerToken,
        headers: { "idempotency-key": "backoffice-journey-1" },
        body: { shop_id: shop.id, items: [{ product_id: product.id, option_id: 0, amount: 1 }], delivery_option: 1, payment_option: 1 },
      });
      await api(`/api/staff/orders/${placed.order.id}/take`, { method: "POST", token: adminToken });
      await api(`/api/staff/orders/${placed.order.id}/finish`, { method: "POST", token: adminToken, body: { by: "cash" } });
      await expect.poll(() => customerCard.getByTestId("product-instock").textContent(), { timeout: 20_000 }).toBe("2 in stock");

      // SET INACTIVE: the customer's list (no reload) drops it within a poll.
      await card.getByTestId("toggle-active").click();
      await expect.poll(() => notices(admin), { timeout: 10_000 }).toContain("Product Disabled");
      await expect.poll(() => customerCard.count(), { timeout: 20_000, interval: 500 }).toBe(0);
    } finally {
      await customer.context.close();
    }

    // Statistics from the admin cabinet: the figures of the completed order and the charts.
    await admin.goto(`${web.store.url}/admin-cabinet`);
    const statsAnswer = admin.waitForResponse((response) => new URL(response.url()).pathname === "/api/admin/stats" && response.ok());
    await admin.getByTestId("link-statistics").click();
    await admin.waitForURL(/\/admin\/stat$/);
    const stats = (await (await statsAnswer).json()) as {
      totals: { total_sales_cost_price: number; total_sales_amount: number; total_sales_discounted_price: number };
    };
    const row = admin.locator(`[data-testid="stats-product-row"][data-product-id="${product.id}"]`);
    await row.waitFor();
    const rowText = await row.textContent();
    expect(rowText).toContain(PRODUCT);
    expect(rowText).toContain("1,200");
    expect(rowText).toContain("700");
    // At the narrowest phone's width every column fits: no sum is cut at the edge of a table that scrolls sideways.
    await admin.setViewportSize({ width: 360, height: 780 });
    const table = admin.locator(".stats-table__scroll");
    const [shown, whole] = await table.evaluate((box) => [box.clientWidth, box.scrollWidth]);
    expect(whole).toBe(shown);
    // The totals on screen are the server's, and hold this sale.
    expect(stats.totals.total_sales_discounted_price).toBeGreaterThanOrEqual(1200);
    expect(stats.totals.total_sales_cost_price).toBeGreaterThanOrEqual(700);
    for (const name of ["total_sales_cost_price", "total_sales_amount", "total_sales_discounted_price"] as const) {
      expect((await admin.getByTestId(name).textContent())?.replace(/\D/g, "")).toBe(String(stats.totals[name]));
    }
    // The charts (uPlot draws on a canvas).
    const chart = admin.getByTestId("sales-chart");
    await expect.poll(() => chart.getAttribute("data-ready")).toBe("true");
    expect(await chart.locator("canvas, svg").count()).toBeGreaterThan(0);
  });
});
