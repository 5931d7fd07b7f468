/**
 * The admin's product screens in Chromium against the real store (issue 12): /admin/products with the admin card
 * extras, the option picker's Set default / Delete / CREATE option, Add stock and Move to a shop with the stock
 * history, SET INACTIVE / SET ACTIVE and Delete; /admin/create-product and /admin/products/{id}/edit with their
 * preview and send steps (only changed fields sent, images reordered); the admin cabinet's buttons; access
 * denied to others; and axe on every screen (no serious or critical finding, 44 px targets included).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminProduct, AdminProductListResponse } from "../../server/domain/contracts/adminProducts";
import { insertProduct } from "../../db/repositories/products";
import { ACCESS_DENIED } from "../../server/domain/errors";
import { signInitData } from "../../server/services/telegramInitData";
import { PHONE } from "../helpers/browser";
import { useBrowserStore } from "../helpers/browserStore";
import { startStore } from "../helpers/server";
import { storeApi } from "../helpers/storeApi";
import { recordTelegramEvents, telegramEvents, telegramLaunchUrl } from "../helpers/telegramWebview";
import { TEST_BOT_TOKEN } from "../helpers/session";

const ADMIN_EMAIL = "products-boss@samui.example";
const CUSTOMER_EMAIL = "curious-customer@samui.example";
const FIXTURES = new URL("../fixtures/", import.meta.url);
const PHOTO_JPG = new URL("photo.jpg", FIXTURES).pathname;
const PHOTO_PNG = new URL("photo.png", FIXTURES).pathname;
const SCRIPT_SVG = new URL("script.svg", FIXTURES).pathname;

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken } = storeApi(web);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let adminToken: string;
let customerToken: string;

/** Signs the admin and the customer in once, inside the first test that needs them (expect.poll needs a test). */
async function signIn(): Promise<void> {
  adminToken ??= await emailToken(ADMIN_EMAIL);
  customerToken ??= await emailToken(CUSTOMER_EMAIL);
}

/** A phone whose stored session is `token` (as after a sign-in): the app re-verifies it at start. */
async function phoneOf(token: string): Promise<Page> {
  const page = await web.newPage();
  await page.context().addInitScript((stored) => localStorage.setItem("token", stored), token);
  return page;
}

/** The admin list's products whose name holds `search` (the list pages: the first 100 of them). */
async function adminProducts(search: string): Promise<AdminProduct[]> {
  const query = `?limit=100&q=${encodeURIComponent(search)}`;
  return (await api<AdminProductListResponse>(`/api/admin/products${query}`, { token: adminToken })).products;
}

async function adminProduct(name: string): Promise<AdminProduct> {
  const found = (await adminProducts(name)).find((product) => product.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

/** A product made over the API (multipart, one photo), for the tests that start from an existing one. */
async function createOverApi(name: string, fields: Record<string, string> = {}): Promise<AdminProduct> {
  const form = new FormData();
  const all: Record<string, string> = {
    name,
    description: "Made by the test",
    per_price: "900",
    cost_price: "500",
    instock: "0",
    gift_text: "Free lighter",
    label: "Test label",
    price_text: "1 g",
    hot_deal: "0",
    category_id: "1",
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) form.append(key, value);
  form.append("file-0", new Blob([readFileSync(PHOTO_JPG)], { type: "image/jpeg" }), "photo.jpg");
  const answer = await fetch(`${web.store.url}/api/admin/products`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`create ${name}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { product: AdminProduct }).product;
}

const notices = (page: Page) => page.getByTestId("notification").allTextContents();
const cardOf = (page: Page, id: number) => page.locator(`[data-testid="admin-product"][data-product-id="${id}"]`);

/** Answers the next confirm() or alert() with `accept`, and keeps its text. */
function answerDialogs(page: Page, accept = true): string[] {
  const texts: string[] = [];
  page.on("dialog", (dialog) => {
    texts.push(dialog.message());
    void (accept ? dialog.accept() : dialog.dismiss());
  });
  return texts;
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** axe-core's serious and critical findings on the page as it is now (target-size on, as in a11y.test.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ") ?? v.help}`),
    );
}

/**
 * Keeps the multipart bodies the page sends (a FormData's fields, files as "<file>"): Chromium does not hand
 * the DevTools protocol a body that holds files.
 */
async function recordForms(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const sent: { url: string; method: string; fields: Record<string, string> }[] = [];
    (window as unknown as { sentForms: typeof sent }).sentForms = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        const fields: Record<string, string> = {};
        for (const [name, value] of init.body.entries()) fields[name] = typeof value === "string" ? value : "<file>";
        sent.push({ url: String(input), method: init.method ?? "GET", fields });
      }
      return original(input, init);
    };
  });
}

async function sentForms(page: Page): Promise<{ url: string; method: string; fields: Record<string, string> }[]> {
  return page.evaluate(
    () => (window as unknown as { sentForms: { url: string; method: string; fields: Record<string, string> }[] }).sentForms,
  );
}

describe("admin product screens", () => {
  beforeEach(signIn);

  it("others see 'Отказано в доступе.' and no admin buttons; the server refuses them too", async () => {
    const page = await phoneOf(customerToken);
    for (const path of ["/admin/products", "/admin/create-product", "/admin/products/1/edit"]) {
      await page.goto(`${web.store.url}${path}`);
      await expect.poll(() => page.getByTestId("access-denied").textContent()).toBe(ACCESS_DENIED);
      expect(await page.getByTestId("admin-products").count()).toBe(0);
    }
    await expect(api("/api/admin/products", { token: customerToken })).rejects.toThrow(/403/);
  });

  it("the admin cabinet leads to Statistics, Create product and Manage Products; no Set homeicon in a browser", async () => {
    const page = await phoneOf(adminToken);
    await page.goto(`${web.store.url}/admin-cabinet`);
    await page.getByTestId("link-manage-products").waitFor();
    expect(await page.getByTestId("link-statistics").getAttribute("href")).toBe("/admin/stat");
    expect(await page.getByTestId("set-home-icon").count()).toBe(0);
    await page.getByTestId("link-manage-products").click();
    await page.getByTestId("admin-product").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/products");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("creates a product: the spec's checks before the preview, the preview with both photos, SEND, the server's text", async () => {
    const page = await phoneOf(adminToken);
    await recordForms(page);
    const dialogs = answerDialogs(page);
    await page.goto(`${web.store.url}/admin/create-product`);
    await page.getByTestId("product-form").waitFor();
    expect(await page.getByTestId("field-position").inputValue()).toBe("999");
    expect(await page.getByTestId("image-input").getAttribute("accept")).toBe("image/*");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId("preview-product").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Set name");
    await page.getByTestId("field-name").fill("Form Kush");
    await page.getByTestId("field-description").fill("Grown on the hill");
    await page.getByTestId("field-per_price").fill("abc");
    await page.getByTestId("preview-product").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Incorrect Per Price");
    // The field it is about says so too, marked and focused, until it is edited.
    const price = page.getByTestId("field-per_price");
    expect(await page.getByTestId("field-per_price-error").textContent()).toBe("Incorrect Per Price");
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    expect(await price.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await price.evaluate((field) => document.getElementById(field.getAttribute("aria-describedby")!)?.textContent)).toBe(
      "Incorrect Per Price",
    );
    expect(await page.getByTestId("field-name-error").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("field-per_price").fill("1200");
    expect(await page.getByTestId("field-per_price-error").count()).toBe(0);
    expect(await price.getAttribute("aria-invalid")).toBeNull();
    await page.getByTestId("field-cost_price").fill("700");
    await page.getByTestId("field-instock").fill("4");
    await page.getByTestId("field-price_text").fill("3.5 g");
    await page.getByTestId("field-gift_text").fill("Free grinder");
    await page.getByTestId("field-label").fill("Top shelf");
    // The clear button empties its field.
    await page.getByRole("button", { name: "Clear Label" }).click();
    expect(await page.getByTestId("field-label").inputValue()).toBe("");
    await page.getByTestId("field-label").fill("Top shelf");
    await page.getByTestId("field-category").selectOption("3");
    await page.getByTestId("field-hot_deal").getByRole("radio", { name: "YES" }).click();
    await page.getByTestId("field-in_all_list").getByRole("radio", { name: "NO" }).click();
    await page.getByTestId("field-position").fill("5");
    await page.getByTestId("preview-product").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Add at least one image");

    await page.getByTestId("image-input").setInputFiles([PHOTO_JPG, PHOTO_PNG]);
    await expect.poll(() => page.getByTestId("picked-image").locator("img").count()).toBe(2);
    await page.getByTestId("preview-product").click();
    const preview = page.getByTestId("product-preview");
    await preview.waitFor();
    expect(await preview.getByTestId("preview-name").textContent()).toBe("Form Kush");
    expect(await preview.getByTestId("preview-image").count()).toBe(2);
    // The picked photos show (the page's Content-Security-Policy lets them in).
    await expect
      .poll(() =>
        preview.getByTestId("preview-image").evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true]);
    expect(await preview.textContent()).toContain("(HIDE IN ALL LIST)");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId("send-product").click();
    await expect.poll(async () => (await sentForms(page)).length).toBe(1);
    const [{ url, method, fields }] = (await sentForms(page)) as [{ url: string; method: string; fields: Record<string, string> }];
    expect([method, url]).toEqual(["POST", "/api/admin/products"]);
    expect(fields).toMatchObject({
      name: "Form Kush",
      per_price: "1200",
      cost_price: "700",
      hot_deal: "1",
      in_all_list: "0",
      category_id: "3",
      position: "5",
    });
    expect(Object.keys(fields).filter((name) => name.startsWith("file-"))).toEqual(["file-0", "file-1"]);
    await expect.poll(() => notices(page), { timeout: 15_000 }).toContain("Product was successfuly uploaded");
    await page.waitForURL(/\/admin\/products$/);
    expect(dialogs).toEqual([]);

    const made = await adminProduct("Form Kush");
    expect(made.images).toHaveLength(2);
    const card = cardOf(page, made.id);
    await card.waitFor();
    expect(await card.getByTestId("admin-marks").textContent()).toContain("(HIDE IN ALL LIST)");
    expect(await card.getByTestId("admin-position").textContent()).toBe("Position 5");
  });

  it("a refused upload is an alert with the server's text, and nothing is made", async () => {
    const page = await phoneOf(adminToken);
    const dialogs = answerDialogs(page);
    await page.goto(`${web.store.url}/admin/create-product`);
    for (const [field, value] of Object.entries({
      name: "Svg Haze",
      description: "x",
      per_price: "1",
      cost_price: "1",
      instock: "1",
      price_text: "1 g",
      gift_text: "g",
      label: "l",
    })) {
      await page.getByTestId(`field-${field}`).fill(value);
    }
    await page.getByTestId("image-input").setInputFiles([SCRIPT_SVG]);
    await page.getByTestId("preview-product").click();
    await page.getByTestId("send-product").click();
    await expect.poll(() => dialogs.length, { timeout: 15_000 }).toBe(1);
    expect(dialogs[0]).toMatch(/\S/);
    expect(dialogs[0]).not.toMatch(/^The store answered/);
    expect(await adminProducts("Svg Haze")).toEqual([]);
    // Still on the preview, nothing lost.
    expect(await page.getByTestId("send-product").isVisible()).toBe(true);
  });

  it("options: the picker opens without options; CREATE waits for numbers; Set default; the default cannot be deleted", async () => {
    const product = await createOverApi("Option Dream");
    const page = await phoneOf(adminToken);
    await page.goto(`${web.store.url}/admin/products`);
    const card = cardOf(page, product.id);
    await card.getByTestId("admin-options").click();
    const sheet = page.getByTestId("admin-option-sheet");
    await sheet.waitFor();
    expect(await sheet.getByTestId("admin-option").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await sheet.getByTestId("open-create-option").click();
    const create = page.getByTestId("create-option");
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    await page.getByTestId("option-cost").fill("1000");
    await page.getByTestId("option-price").fill("1800");
    expect(await create.isDisabled()).toBe(true);
    await page.getByTestId("option-amount").fill("lots");
    expect(await create.isDisabled()).toBe(true);
    await page.getByTestId("option-amount").fill("6");
    await page.getByTestId("option-price-text").fill("7 g");
    expect(await create.isDisabled()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await create.click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Product option was succesfuly created");

    const options = () => sheet.getByTestId("admin-option");
    await expect.poll(() => options().count()).toBe(2);
    const created = (await adminProduct("Option Dream")).options.find((option) => option.id !== 0)!;
    expect(created).toMatchObject({ per_price: 1800, cost_price: 1000, price_text: "7 g", instock: 6 });
    const row = sheet.locator(`[data-option-id="${created.id}"]`);
    await row.getByRole("button", { name: "Set default" }).click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Default option was changed");
    expect((await adminProduct("Option Dream")).default_option).toBe(String(created.id));

    // The default option cannot go: the server's words in the banner, nothing deleted.
    const dialogs = answerDialogs(page);
    await row.getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(() => notices(page), { timeout: 10_000 })
      .toContain("Cannot delete Default product option. Please set new default option and then delete");
    expect(dialogs).toHaveLength(1);
    expect(await options().count()).toBe(2);

    // Back to the base option as default, then the extra one can be deleted.
    await sheet.locator('[data-option-id="0"]').getByRole("button", { name: "Set default" }).click();
    await expect.poll(async () => (await adminProduct("Option Dream")).default_option).toBe("0");
    await row.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Option was deleted");
    await expect.poll(() => options().count()).toBe(1);
  });

  it("stock: Add stock to the warehouse by default, Move to a shop, and the history lists both", async () => {
    const product = await createOverApi("Stock Haze");
    const shops = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops;
    const pickup = shops[0]!;
    const page = await phoneOf(adminToken);
    await page.goto(`${web.store.url}/admin/products`);
    const card = cardOf(page, product.id);
    await card.getByTestId("add-stock").click();
    const form = page.getByTestId("stock-form");
    await form.waitFor();
    expect(await form.textContent()).toContain("Please enter number of products you want to add:");
    expect(await page.getByTestId("stock-shop").inputValue()).toBe("1");
    expect(await page.getByTestId("stock-submit").isDisabled()).toBe(true);
    await page.getByTestId("stock-amount").fill("2.5");
    expect(await page.getByTestId("stock-submit").isDisabled()).toBe(true);
    await page.getByTestId("stock-amount").fill("10");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("stock-submit").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("You've added 10 products.");

    await card.getByTestId("move-stock").click();
    await page.getByTestId("stock-shop").selectOption(String(pickup.id));
    await page.getByTestId("stock-amount").fill("3");
    await page.getByTestId("stock-submit").click();
    await page.getByTestId("stock-form").waitFor({ state: "detached" });
    const base = (await adminProduct("Stock Haze")).options.find((option) => option.id === 0)!;
    expect(base.stock.find((at) => at.shop_id === 1)?.amount).toBe(7);
    expect(base.stock.find((at) => at.shop_id === pickup.id)?.amount).toBe(3);

    // More than the warehouse holds: the server's reason as a banner, the dialog stays, nothing moves.
    await card.getByTestId("move-stock").click();
    await page.getByTestId("stock-shop").selectOption(String(pickup.id));
    await page.getByTestId("stock-amount").fill("50");
    const before = (await notices(page)).length;
    await page.getByTestId("stock-submit").click();
    await expect.poll(async () => (await notices(page)).length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await page.getByTestId("stock-form").isVisible()).toBe(true);
    const unchanged = (await adminProduct("Stock Haze")).options.find((option) => option.id === 0)!;
    expect(unchanged.stock.find((at) => at.shop_id === 1)?.amount).toBe(7);
    await page.getByTestId("modal").getByRole("button", { name: "Close" }).click();
    await page.getByTestId("stock-form").waitFor({ state: "detached" });

    await card.getByTestId("toggle-history").click();
    const entries = card.getByTestId("stock-history-entry");
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3);
    const texts = await entries.allTextContents();
    expect(texts.some((text) => text.startsWith("Added") && text.includes("+10"))).toBe(true);
    expect(texts.some((text) => text.startsWith("Moved") && text.includes(pickup.name) && text.includes("+3"))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A long history comes a page (20) at a time: the rest loads as the list's end comes into view.
    for (let i = 0; i < 20; i++) {
      await api("/api/admin/stock", { method: "POST", token: adminToken, body: { product_id: product.id, option_id: 0, amount: 1 } });
    }
    const all = await api<{ entries: unknown[] }>(`/api/admin/stock/history?product_id=${product.id}&limit=100`, { token: adminToken });
    expect(all.entries.length).toBeGreaterThan(20);
    const firstPage = page.waitForResponse(
      (response) => response.url().includes("/api/admin/stock/history") && !response.url().includes("cursor"),
    );
    await page.reload();
    await cardOf(page, product.id).getByTestId("toggle-history").click();
    expect(((await (await firstPage).json()) as { entries: unknown[] }).entries).toHaveLength(20);
    await page.getByTestId("show-more").scrollIntoViewIfNeeded().catch(() => undefined);
    await expect
      .poll(() => cardOf(page, product.id).getByTestId("stock-history-entry").count(), { timeout: 10_000 })
      .toBe(all.entries.length);
  });

  it("a product no pickup shop holds says customers cannot see it; one tap moves the warehouse's stock and it shows on home", async () => {
    const product = await createOverApi("Unseen Kush", { instock: "10" });
    const shops = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops;
    const page = await phoneOf(adminToken);
    await page.goto(`${web.store.url}/admin/products`);
    const card = cardOf(page, product.id);
    const notice = card.getByTestId("admin-unseen");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Not in any pickup shop: customers cannot see it yet");
    expect(await seriousViolations(page)).toEqual([]);

    // 'Move to a shop' opens the move dialog with the warehouse's 10 filled in and a pickup shop chosen.
    await notice.getByRole("button", { name: "Move to a shop" }).click();
    const form = page.getByTestId("stock-form");
    await form.waitFor();
    expect(await page.getByTestId("stock-amount").inputValue()).toBe("10");
    expect(await page.getByTestId("stock-option").inputValue()).toBe("0");
    const target = await page.getByTestId("stock-shop").inputValue();
    expect(target).not.toBe("1");
    await page.getByTestId("stock-submit").click();
    await form.waitFor({ state: "detached" });
    await notice.waitFor({ state: "detached" });
    const base = (await adminProduct("Unseen Kush")).options.find((option) => option.id === 0)!;
    expect(base.stock.find((at) => at.shop_id === Number(target))?.amount).toBe(10);
    expect(base.stock.find((at) => at.shop_id === 1)?.amount ?? 0).toBe(0);

    // Customers see it now, on home.
    await page.goto(web.store.url);
    const shown = page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name: "Unseen Kush", exact: true }) });
    await expect.poll(() => shown.count(), { timeout: 20_000 }).toBe(1);
    expect(shops.some((shop) => String(shop.id) === target)).toBe(true);

    // A product made straight into a pickup shop has no notice; Add stock to the warehouse of an unseen one says so.
    const atShop = await createOverApi("Seen Haze", { instock: "4", shop_id: target });
    const warehouseOnly = await createOverApi("Warehouse Haze", { instock: "0" });
    await page.goto(`${web.store.url}/admin/products`);
    await cardOf(page, atShop.id).getByTestId("admin-marks").waitFor();
    expect(await cardOf(page, atShop.id).getByTestId("admin-unseen").count()).toBe(0);
    const other = cardOf(page, warehouseOnly.id);
    await other.getByTestId("admin-unseen").waitFor();
    expect(await other.getByTestId("unseen-move").count()).toBe(0);
    await other.getByTestId("add-stock").click();
    await page.getByTestId("stock-amount").fill("5");
    await page.getByTestId("stock-submit").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Not in any pickup shop: customers cannot see it yet");
    await other.getByTestId("unseen-move").waitFor();
  });

  it("SET INACTIVE and SET ACTIVE, then Delete after a confirmation", async () => {
    const product = await createOverApi("Toggle Skunk", { instock: "0" });
    const page = await phoneOf(adminToken);
    await page.goto(`${web.store.url}/admin/products`);
    const card = cardOf(page, product.id);
    await card.getByTestId("toggle-active").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Product Disabled");
    await expect.poll(() => card.getByTestId("admin-marks").textContent()).toContain("INACTIVE");
    expect(await card.getByTestId("toggle-active").textContent()).toBe("SET ACTIVE");
    expect((await adminProduct("Toggle Skunk")).is_inactive).toBe("1");
    await card.getByTestId("toggle-active").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Product activated");
    expect((await adminProduct("Toggle Skunk")).is_inactive).toBe("0");

    // A dismissed confirmation deletes nothing.
    const refusals = answerDialogs(page, false);
    await card.getByTestId("delete-product").click();
    await expect.poll(() => refusals.length).toBe(1);
    expect((await adminProduct("Toggle Skunk")).is_deleted).toBe("0");
    page.removeAllListeners("dialog");
    answerDialogs(page, true);
    await card.getByTestId("delete-product").click();
    await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("Product was deleted");
    await expect.poll(() => card.getByTestId("admin-marks").textContent()).toContain("DELETED");
    // Still on the admin list, marked.
    expect((await adminProduct("Toggle Skunk")).is_deleted).toBe("1");
  });

  it("edit: only changed fields are sent, images reorder, the product updates", async () => {
    const product = await createOverApi("Edit Widow");
    const page = await phoneOf(adminToken);
    await recordForms(page);
    answerDialogs(page);
    await page.goto(`${web.store.url}/admin/products/${product.id}/edit`);
    await page.getByTestId("product-form").waitFor();
    expect(await page.getByTestId("field-name").inputValue()).toBe("Edit Widow");
    expect(await page.getByTestId("existing-image").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId("field-name").fill("Edit Widow XL");
    await page.getByTestId("field-per_price").fill("950");
    // Emptied fields are not sent (spec §5: only non-empty, changed fields).
    await page.getByTestId("field-gift_text").fill("");
    await page.getByTestId("image-input").setInputFiles([PHOTO_PNG]);
    await page.getByTestId("preview-product").click();
    await page.getByTestId("product-preview").waitFor();
    expect(await page.getByTestId("preview-image").count()).toBe(2);
    await expect
      .poll(() =>
        page.getByTestId("preview-image").evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true]);
    // The emptied gift text keeps the product's in the preview, as on the server.
    expect(await page.getByTestId("product-preview").textContent()).toContain("Free lighter");
    await page.getByTestId("send-product").click();
    await expect.poll(async () => (await sentForms(page)).length).toBe(1);
    const [{ url, method, fields }] = (await sentForms(page)) as [{ url: string; method: string; fields: Record<string, string> }];
    expect([method, url]).toEqual(["PUT", `/api/admin/products/${product.id}`]);
    expect(fields).toEqual({ name: "Edit Widow XL", per_price: "950", "file-0": "<file>" });
    await expect.poll(() => notices(page), { timeout: 15_000 }).toContain("Product was successfuly updated");
    await page.waitForURL(/\/admin\/products$/);

    const updated = await adminProduct("Edit Widow XL");
    expect(updated).toMatchObject({ per_price: 950, gift_text: "Free lighter", description: "Made by the test" });
    expect(updated.images).toHaveLength(2);

    await page.goto(`${web.store.url}/admin/products/${product.id}/edit`);
    const first = await page.getByTestId("existing-image").first().getAttribute("data-image-id");
    await page.getByRole("button", { name: "Move photo 1 right" }).click();
    await expect.poll(() => page.getByTestId("existing-image").nth(1).getAttribute("data-image-id")).toBe(first);
    const reordered = await adminProduct("Edit Widow XL");
    expect([...reordered.images].sort((a, b) => a.position - b.position)[1]!.id).toBe(Number(first));
    await page.getByRole("button", { name: "Remove photo 2" }).click();
    await expect.poll(() => page.getByTestId("existing-image").count()).toBe(1);
    expect((await adminProduct("Edit Widow XL")).images).toHaveLength(1);
  });

  it("search by name narrows the list in any case, says when nothing matches, and the list pages as it scrolls", async () => {
    for (let i = 1; i <= 24; i++) {
      await insertProduct(web.store.db, { name: `${i % 2 ? "Северное Сияние" : "Paging Filler"} ${i}`, category_id: 2 }, {
        per_price: 400 + i,
        cost_price: 200,
        price_text: "1 g",
        gift_text: "",
      });
    }
    const page = await phoneOf(adminToken);
    await page.goto(`${web.store.url}/admin/products?category=2`);
    await page.getByTestId("admin-product").first().waitFor();
    const cards = page.getByTestId("admin-product");
    const inCategory = (await api<AdminProductListResponse>("/api/admin/products?category=2&limit=100", { token: adminToken })).products;
    expect(inCategory.length).toBeGreaterThan(20);
    expect(await cards.count()).toBe(20);
    // The list's end comes into view: the next page joins it, each product once.
    await page.getByTestId("show-more").scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(inCategory.length);
    const shown = await cards.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-product-id"))));
    expect(shown).toEqual(inCategory.map((product) => product.id));
    expect(await page.getByTestId("show-more").count()).toBe(0);

    await page.getByTestId("admin-product-search").fill("сИЯНИЕ");
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(12);
    expect((await cards.allTextContents()).every((text) => text.includes("Северное Сияние"))).toBe(true);
    // The search stays in the address, so coming back (or reloading) shows the same cards.
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("сИЯНИЕ");
    await page.reload();
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(12);
    expect(await page.getByTestId("admin-product-search").inputValue()).toBe("сИЯНИЕ");
    await page.getByTestId("admin-product-search").fill("no such strain");
    const empty = () => page.getByTestId("products-empty").textContent();
    await expect.poll(empty, { timeout: 10_000 }).toBe("No products match “no such strain”");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("Set homeicon: only for HOME_ICON_USER_ID inside Telegram 8.0; it asks Telegram and reports what came of it", async () => {
    // A store of its own: the home icon belongs to user 1, the first to sign in (the Telegram admin below).
    const botToken = TEST_BOT_TOKEN;
    const telegramAdmin = 424_242;
    const store = await startStore({
      BOT_TOKEN: botToken,
      BOT_MODE: "off",
      ADMIN_TELEGRAM_IDS: String(telegramAdmin),
      HOME_ICON_USER_ID: "1",
    });
    const browser = (await web.newPage()).context().browser();
    if (!browser) throw new Error("the fixture's profile has no browser");
    const context = await browser.newContext(PHONE);
    try {
      await recordTelegramEvents(context);
      await context.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
      const page = await context.newPage();
      const initData = signInitData(
        { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: telegramAdmin, first_name: "Boss" }) },
        botToken,
      );
      await page.goto(telegramLaunchUrl(store.url, "/admin-cabinet", initData));
      const button = page.getByTestId("set-home-icon");
      await button.waitFor();
      const me = await (
        await fetch(`${store.url}/api/me`, {
          headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` },
        })
      ).json();
      expect(me.user ?? me).toMatchObject({ userId: 1, canSetHomeIcon: true });

      await button.click();
      // The status first; Telegram answers that the icon is missing, then the dialog is asked for and accepted.
      await expect.poll(async () => (await telegramEvents(page)).map((event) => event.type)).toContain("web_app_check_home_screen");
      await page.evaluate(() =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent: (type: string, data: unknown) => void } } }
        ).Telegram.WebView.receiveEvent("home_screen_checked", { status: "missed" }),
      );
      await expect.poll(async () => (await telegramEvents(page)).map((event) => event.type)).toContain("web_app_add_to_home_screen");
      await page.evaluate(() =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent: (type: string, data: unknown) => void } } }
        ).Telegram.WebView.receiveEvent("home_screen_added", {}),
      );
      await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("The store was added to your home screen");

      // Already there: no second dialog.
      const asked = (await telegramEvents(page)).filter((event) => event.type === "web_app_add_to_home_screen").length;
      await button.click();
      await expect
        .poll(async () => (await telegramEvents(page)).filter((event) => event.type === "web_app_check_home_screen").length)
        .toBe(2);
      await page.evaluate(() =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent: (type: string, data: unknown) => void } } }
        ).Telegram.WebView.receiveEvent("home_screen_checked", { status: "added" }),
      );
      await expect.poll(() => notices(page), { timeout: 10_000 }).toContain("The store is already on your home screen");
      expect((await telegramEvents(page)).filter((event) => event.type === "web_app_add_to_home_screen").length).toBe(asked);

      // Telegram older than 8.0: no button.
      const old = await context.newPage();
      await old.goto(telegramLaunchUrl(store.url, "/admin-cabinet", initData).replace("tgWebAppVersion=8.0", "tgWebAppVersion=7.10"));
      await old.getByTestId("link-manage-products").waitFor();
      expect(await old.getByTestId("set-home-icon").count()).toBe(0);
    } finally {
      await context.close();
      await store.stop();
    }
  });
});
