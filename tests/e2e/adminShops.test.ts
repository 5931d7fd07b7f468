/**
 * Shop management, the statistics page and the cabinet's store view in Chromium against the real store
 * (issue 12): an admin creates a shop with a logo (a map link that is no Google Maps link refused with the
 * server's text), edits it, fails to delete a shop with an open order ('Error.' and the reason) and deletes the
 * new one; /admin/stat shows the spec's titles and figures equal to a hand computation over completed orders,
 * with the charts (uPlot, fetched on that page only) and the CSV; a shop admin's cabinet shows their shop, its
 * map and incomes and the wholesale link; an allow-listed account switches Personal/Store and manages shops; a
 * customer is refused. axe on every screen: no serious or critical finding (44 px targets included).
 *
 * SHOT_DIR=/some/folder saves a phone-sized screenshot of each screen there (for looking at them).
 */
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminShop, AdminShopListResponse, AdminShopSavedResponse } from "../../server/domain/contracts/adminShops";
import type { AdminStatsResponse } from "../../server/domain/contracts/adminStats";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { StaffOrder } from "../../server/domain/contracts/staff";
import { ACCESS_DENIED } from "../../server/domain/errors";
import { formatAmount, formatBaht } from "../../server/domain/format";
import { SHOP_TEXTS } from "../../server/domain/shops";
import { useBrowserStore } from "../helpers/browserStore";
import { storeApi } from "../helpers/storeApi";

const ADMIN_EMAIL = "shops-boss@samui.example";
const ALLOWLISTED_EMAIL = "partner-one@samui.example";
const OWNER_EMAIL = "bophut-owner@samui.example";
const MANAGER_EMAIL = "lamai-seller@samui.example";
const CUSTOMER_EMAIL = "plain-customer@samui.example";
const WHOLESALE_URL = "https://wholesale.samui.example/prices";
const MAP_EMBED = "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3935.2!2d100.0597!3d9.5357";
const PHOTO_PNG = new URL("../fixtures/photo.png", import.meta.url).pathname;

const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  BOT_MODE: "off",
  ADMIN_EMAILS: ADMIN_EMAIL,
  ALLOWLIST_EMAILS: ALLOWLISTED_EMAIL,
  WHOLESALE_URL,
}));
const { api, emailToken } = storeApi(web);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SHOT_DIR = process.env.SHOT_DIR;

let adminToken: string;
let customerToken: string;

// Signed in inside each test (emailToken polls the mailbox, which only a test may do); once is enough.
beforeEach(async () => {
  adminToken ??= await emailToken(ADMIN_EMAIL);
  customerToken ??= await emailToken(CUSTOMER_EMAIL);
});

/** A phone whose stored session is `token` (as after a sign-in), whose Google Maps frames get a stand-in page. */
async function phoneOf(token: string): Promise<Page> {
  const page = await web.newPage();
  await page.context().addInitScript((stored) => localStorage.setItem("token", stored), token);
  await standInGoogleMaps(page.context());
  return page;
}

async function standInGoogleMaps(context: BrowserContext): Promise<void> {
  await context.route("https://www.google.com/maps/embed**", (route) => route.fulfill({ contentType: "text/html", body: "<p>map</p>" }));
}

async function shots(page: Page, name: string): Promise<void> {
  if (!SHOT_DIR) return;
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOT_DIR, `${name}.png`), fullPage: true });
}

const notices = (page: Page) => page.getByTestId("notification").allTextContents();

async function adminShops(): Promise<AdminShop[]> {
  return (await api<AdminShopListResponse>("/api/admin/shops", { token: adminToken })).shops;
}

async function shopNamed(name: string): Promise<AdminShop> {
  const shop = (await adminShops()).find((candidate) => candidate.name === name);
  if (!shop) throw new Error(`no shop ${name}`);
  return shop;
}

async function productsAt(shopId: number): Promise<ProductListItem[]> {
  return (await api<{ products: ProductListItem[] }>(`/api/products?stock_id=${shopId}`)).products;
}

/** A pickup order placed over the API by `token` (cash), answered with its id. */
async function placeOrder(token: string, shopId: number, items: { product_id: number; amount: number }[], key: string): Promise<number> {
  const { order } = await api<{ order: { id: number } }>("/api/orders", {
    method: "POST",
    token,
    headers: { "idempotency-key": key },
    body: { shop_id: shopId, items: items.map((item) => ({ ...item, option_id: 0 })), delivery_option: 1, payment_option: 1 },
  });
  return order.id;
}

/** axe-core's serious and critical findings on the page as it is now, one line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Found = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Found[] }> } }).axe;
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

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

describe("shop management", () => {
  it("an admin creates a shop with a logo, edits it, is refused deleting a shop with an open order and deletes the new one", async () => {
    // An open order at Chaweng: that shop cannot go.
    const chaweng = await shopNamed("Chaweng Beach Store");
    const [onShelf] = await productsAt(chaweng.id);
    await placeOrder(customerToken, chaweng.id, [{ product_id: onShelf!.id, amount: 1 }], "e2e-shops-open-order");

    const page = await phoneOf(adminToken);
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${web.store.url}/shop/list`);
    const rows = page.getByTestId("shop-row");
    await rows.first().waitFor();
    expect(await page.getByTestId("shop-row-name").allTextContents()).toEqual(
      expect.arrayContaining(["Central Warehouse", "Chaweng Beach Store", "Lamai Night Market"]),
    );
    expect(await rows.filter({ hasText: "Central Warehouse" }).getByText("Warehouse", { exact: true }).count()).toBe(1);
    // Each row shows the id the admin CLI and the API ask for.
    const listed = await adminShops();
    const idsShown = await rows.evaluateAll((elements) =>
      elements.map((row) => [Number(row.getAttribute("data-shop-id")), row.querySelector("[data-testid=shop-row-id]")?.textContent]),
    );
    expect(idsShown).toEqual(listed.map((shop) => [shop.id, `ID ${shop.id}`]));
    expect(await rows.filter({ hasText: "Chaweng Beach Store" }).getByTestId("shop-row-id").textContent()).toBe(`ID ${chaweng.id}`);
    await shots(page, "shop-list");
    await expectAccessible(page, "/shop/list");

    // CREATE SHOP waits for a logo; the server refuses a map link that is no Google Maps link, with its text.
    await page.getByTestId("shop-create-link").click();
    await page.waitForURL(`${web.store.url}/shop/create`);
    const submit = page.getByTestId("shop-submit");
    expect(await submit.textContent()).toBe("CREATE SHOP");
    expect(await submit.isDisabled()).toBe(true);
    // Images only: anything else is dropped with a word, and CREATE SHOP still waits.
    await page.getByTestId("shop-logo").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a logo") });
    await expect.poll(() => notices(page)).toContain("Pick an image file (JPEG, PNG or WebP).");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId("shop-logo").setInputFiles(PHOTO_PNG);
    await page.getByTestId("shop-logo-preview").waitFor();
    expect(await page.getByTestId("shop-region").inputValue()).toBe("1");
    expect(await page.getByTestId("shop-region").locator("option").allTextContents()).toEqual(["Koh Samui"]);
    await page.getByTestId("shop-name").fill("Bophut Fisherman's Village");
    await page.getByTestId("shop-district").fill("Bophut");
    await page.getByTestId("shop-address").fill("12 Fisherman's Village Rd");
    await page.getByTestId("shop-map-link").fill("javascript:alert(1)");
    await page.getByTestId("shop-admin").fill(OWNER_EMAIL);
    await shots(page, "shop-create");
    await expectAccessible(page, "/shop/create");
    await submit.click();
    await expect.poll(() => notices(page)).toContain(SHOP_TEXTS.mapLink);
    expect(new URL(page.url()).pathname).toBe("/shop/create");
    expect((await adminShops()).some((shop) => shop.name === "Bophut Fisherman's Village")).toBe(false);

    await page.getByTestId("shop-map-link").fill(MAP_EMBED);
    await submit.click();
    await expect.poll(() => notices(page)).toContain(SHOP_TEXTS.created);
    await page.waitForURL(`${web.store.url}/shop/list`);
    const created = await shopNamed("Bophut Fisherman's Village");
    expect(created).toMatchObject({
      district: "Bophut",
      address: "12 Fisherman's Village Rd",
      map_link: MAP_EMBED,
      admin_email: OWNER_EMAIL,
      city_id: 1,
    });
    expect(created.path).toMatch(/^\/assets\/shop\//);
    const createdRow = page.locator(`[data-testid="shop-row"][data-shop-id="${created.id}"]`);
    await createdRow.waitFor();
    expect(await createdRow.getByTestId("shop-row-id").textContent()).toBe(`ID ${created.id}`);
    expect(await createdRow.locator("img").getAttribute("src")).toBe(created.path);
    // Customers' pickers have it at once.
    expect((await api<{ shops: { id: number }[] }>("/api/shops")).shops.map((shop) => shop.id)).toContain(created.id);

    // Edit: the form holds the shop; save changes.
    await createdRow.click();
    await page.waitForURL(`${web.store.url}/shop/edit/${created.id}`);
    expect(await page.getByTestId("shop-name").inputValue()).toBe("Bophut Fisherman's Village");
    expect(await page.getByTestId("shop-id").textContent()).toBe(`ID ${created.id}`);
    expect(await page.getByTestId("shop-admin").inputValue()).toBe(OWNER_EMAIL);
    expect(await page.getByTestId("shop-logo-preview").getAttribute("src")).toBe(created.path);
    await page.getByTestId("shop-address").fill("14 Fisherman's Village Rd");
    await shots(page, "shop-edit");
    await expectAccessible(page, "/shop/edit");
    await page.getByTestId("shop-submit").click();
    await expect.poll(() => notices(page)).toContain(SHOP_TEXTS.updated);
    expect((await shopNamed("Bophut Fisherman's Village")).address).toBe("14 Fisherman's Village Rd");

    // Chaweng has an open order: 'Error.' and the server's reason; the shop stays.
    await page.goto(`${web.store.url}/shop/edit/${chaweng.id}`);
    await page.getByTestId("shop-delete").click();
    await expect.poll(() => notices(page)).toContain(`${SHOP_TEXTS.error} ${SHOP_TEXTS.openOrders(1)}`);
    expect((await shopNamed("Chaweng Beach Store")).is_deleted).toBe(false);

    // The warehouse offers no DELETE.
    await page.goto(`${web.store.url}/shop/edit/1`);
    await page.getByTestId("shop-not-deletable").waitFor();
    expect(await page.getByTestId("shop-delete").count()).toBe(0);

    // The new shop goes: marked in the list, gone from the customers' pickers.
    await page.goto(`${web.store.url}/shop/edit/${created.id}`);
    await page.getByTestId("shop-delete").click();
    await expect.poll(() => notices(page)).toContain(SHOP_TEXTS.deleted);
    await page.waitForURL(`${web.store.url}/shop/list`);
    await createdRow.getByTestId("shop-row-deleted").waitFor();
    expect((await api<{ shops: { id: number }[] }>("/api/shops")).shops.map((shop) => shop.id)).not.toContain(created.id);
  });
});

describe("statistics", () => {
  it("shows the spec's figures equal to a hand computation over completed orders, the charts and the CSV", async () => {
    // Two completed orders at Lamai (one with a 10% discount) and one left open, which does not count.
    const lamai = await shopNamed("Lamai Night Market");
    const [first, second] = await productsAt(lamai.id);
    await emailToken(MANAGER_EMAIL);
    await api(`/api/admin/shops/${lamai.id}/staff`, { method: "POST", token: adminToken, body: { email: MANAGER_EMAIL, role: "manager" } });
    const managerToken = await emailToken(MANAGER_EMAIL);
    const one = await placeOrder(customerToken, lamai.id, [{ product_id: first!.id, amount: 2 }], "e2e-stats-1");
    const two = await placeOrder(
      customerToken,
      lamai.id,
      [
        { product_id: first!.id, amount: 1 },
        { product_id: second!.id, amount: 1 },
      ],
      "e2e-stats-2",
    );
    await placeOrder(customerToken, lamai.id, [{ product_id: second!.id, amount: 1 }], "e2e-stats-open");
    await api(`/api/admin/orders/${two}/discount`, { method: "PUT", token: adminToken, body: { percent: 10 } });
    const done: StaffOrder[] = [];
    for (const id of [one, two]) {
      done.push(
        (await api<{ order: StaffOrder }>(`/api/staff/orders/${id}/finish`, { method: "POST", token: managerToken, body: { by: "cash" } }))
          .order,
      );
    }
    // By hand, from the orders as the staff see them.
    const listed = done.reduce((sum, order) => sum + order.total_price, 0);
    const charged = done.reduce((sum, order) => sum + order.discounted_price, 0);
    const cost = done.reduce((sum, order) => sum + order.total_cost_price, 0);
    expect(charged).toBeLessThan(listed);

    const page = await phoneOf(adminToken);
    const uplotRequests: string[] = [];
    page.on("request", (request) => {
      if (/\/static\/uplot-[\w-]+\.js$/.test(request.url())) uplotRequests.push(request.url());
    });
    // The cabinet and the admin cabinet do not fetch the chart library.
    await page.goto(`${web.store.url}/cabinet`);
    await page.getByTestId("cabinet-user").waitFor();
    await page.goto(`${web.store.url}/admin-cabinet`);
    await page.getByTestId("admin-title").waitFor();
    expect(uplotRequests).toEqual([]);

    // 'Loading store statistics...' while the figures are on their way: the first answer waits for the test.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/api\/admin\/stats\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${web.store.url}/admin/stat`);
    await page.getByTestId("stats-loading").waitFor();
    expect(await page.getByTestId("stats-loading").textContent()).toBe("Loading store statistics...");
    answer();
    await page.getByTestId("stats").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("STATISTICS");
    expect(await page.getByText("Total statistics:", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Product statistics:", { exact: true }).count()).toBe(1);

    // Today at Lamai: exactly the two completed orders.
    await page.getByTestId("stats-range-today").click();
    await page.getByTestId("stats-shop").selectOption(String(lamai.id));
    await expect.poll(() => page.getByTestId("stats-orders").textContent()).toBe("2");
    await page.locator('[data-testid="stats"][data-loading="false"]').waitFor();
    expect(await page.getByTestId("total_sales_amount").textContent()).toBe(formatBaht(listed));
    expect(await page.getByTestId("total_sales_discounted_price").textContent()).toBe(formatBaht(charged));
    expect(await page.getByTestId("total_sales_cost_price").textContent()).toBe(formatBaht(cost));
    expect(await page.getByTestId("stats-margin").textContent()).toBe(formatBaht(charged - cost));

    // The product table is the server's, row for row, and the items sold add up by hand.
    const { products, days } = await api<AdminStatsResponse>(`/api/admin/stats?shop_id=${lamai.id}`, { token: adminToken });
    const rows = page.getByTestId("stats-product-row");
    expect(await rows.count()).toBe(products.length);
    for (const [index, product] of products.entries()) {
      expect(await rows.nth(index).locator("th, td").allTextContents()).toEqual([
        product.product,
        formatAmount(product.total_amount),
        formatBaht(product.cost_price_sum),
        formatBaht(product.discounted_price_sum),
      ]);
    }
    expect(products.find((row) => row.product_id === first!.id)?.total_amount).toBe(3);
    expect(products.find((row) => row.product_id === second!.id)?.total_amount).toBe(1);
    expect(products.reduce((sum, row) => sum + row.discounted_price_sum, 0)).toBe(charged);
    expect(days.reduce((sum, day) => sum + day.sales, 0)).toBe(charged);

    // Both charts are drawn, with the chart library fetched once, on this page.
    await page.locator('[data-testid="sales-chart"][data-ready="true"] canvas').waitFor();
    await page.locator('[data-testid="top-products-chart"][data-ready="true"] canvas').waitFor();
    expect(uplotRequests).toHaveLength(1);
    await shots(page, "stats");
    await expectAccessible(page, "/admin/stat");

    // Download CSV: the file the server makes for the same range and shop.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("stats-csv").click()]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.split(/\r?\n/)[0]).toContain("product");
    expect(csv).toContain(first!.name);
    expect(csv).toContain(second!.name);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
  });
});

describe("the cabinet's store view", () => {
  it("shows a shop admin their shop with its map and incomes and the wholesale link, without the switch", async () => {
    await emailToken(OWNER_EMAIL);
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: "Maenam Garden",
      city_id: "1",
      district: "Maenam",
      address: "5 Maenam Beach Rd",
      map_link: MAP_EMBED,
      admin: OWNER_EMAIL,
    }))
      form.append(key, value);
    form.append("file-0", new Blob([readFileSync(PHOTO_PNG)], { type: "image/png" }), "logo.png");
    const answer = await fetch(`${web.store.url}/api/admin/shops`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(answer.status).toBe(201);
    const { shop } = (await answer.json()) as AdminShopSavedResponse;

    const page = await phoneOf(await emailToken(OWNER_EMAIL));
    await page.goto(`${web.store.url}/cabinet`);
    const view = page.getByTestId("store-view");
    await view.waitFor();
    await expect.poll(() => page.getByTestId("store-view-name").textContent()).toBe("Maenam Garden");
    expect(await page.getByTestId("store-view-address").textContent()).toBe("5 Maenam Beach Rd, Maenam, Koh Samui");
    const map = view.getByTestId("order-map");
    await map.waitFor();
    expect(await map.getAttribute("src")).toBe(MAP_EMBED);
    expect(await view.locator("img").getAttribute("src")).toBe(shop.path);
    expect(await page.getByTestId("store-incomes").getAttribute("href")).toBe("/refstat/store");
    expect(await page.getByTestId("wholesale-link").getAttribute("href")).toBe(WHOLESALE_URL);
    // The switch and 'manage shops' are the allow-listed accounts' only; the personal boxes stay.
    expect(await page.getByTestId("cabinet-switch").count()).toBe(0);
    expect(await page.getByTestId("manage-shops").count()).toBe(0);
    await page.getByTestId("all-orders").waitFor();
    await shots(page, "cabinet-store-view");
    await expectAccessible(page, "/cabinet (shop admin)");
  });

  it("lets an allow-listed account switch Personal/Store and manage shops, but not see statistics", async () => {
    const page = await phoneOf(await emailToken(ALLOWLISTED_EMAIL));
    await page.goto(`${web.store.url}/cabinet`);
    const personal = page.getByTestId("cabinet-view-personal");
    await personal.waitFor();
    expect(await personal.getAttribute("aria-checked")).toBe("true");
    await page.getByTestId("all-orders").waitFor();
    expect(await page.getByTestId("wholesale-link").getAttribute("href")).toBe(WHOLESALE_URL);

    await page.getByTestId("cabinet-view-store").click();
    await page.getByTestId("store-view-none").waitFor();
    expect(await page.getByTestId("all-orders").count()).toBe(0);
    expect(await page.getByTestId("cabinet-view-store").getAttribute("aria-checked")).toBe("true");
    await shots(page, "cabinet-allowlisted-store");
    await expectAccessible(page, "/cabinet (allow-listed, Store)");

    await page.getByTestId("manage-shops").click();
    await page.waitForURL(`${web.store.url}/shop/list`);
    await page.getByTestId("shop-list").waitFor();

    await page.goto(`${web.store.url}/admin/stat`);
    await page.getByTestId("access-denied").waitFor();
    expect(await page.getByTestId("access-denied").textContent()).toBe(ACCESS_DENIED);
  });

  it("shows a customer none of it, and refuses them the shop and statistics screens", async () => {
    const page = await phoneOf(customerToken);
    const staffChunk: string[] = [];
    page.on("request", (request) => {
      if (/\/static\/(staffScreens|uplot)-[\w-]+\.js$/.test(request.url())) staffChunk.push(request.url());
    });
    await page.goto(`${web.store.url}/cabinet`);
    await page.getByTestId("all-orders").waitFor();
    for (const part of ["cabinet-switch", "store-view", "manage-shops", "wholesale-link"])
      expect(await page.getByTestId(part).count(), part).toBe(0);
    expect(staffChunk, "a customer's cabinet fetches no staff or chart code").toEqual([]);

    for (const path of ["/shop/list", "/shop/create", "/shop/edit/2", "/admin/stat"]) {
      await page.goto(`${web.store.url}${path}`);
      await page.getByTestId("access-denied").waitFor();
      expect(await page.getByTestId("access-denied").textContent(), path).toBe(ACCESS_DENIED);
    }
    await shots(page, "denied");
  });
});
