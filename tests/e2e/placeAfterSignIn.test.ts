/**
 * Signing in from Place order places the order (issue 38): a visitor who presses Place order and signs in by the
 * mailed code gets the order without pressing again, exactly one, sent with the key of that press; when a price
 * changed meanwhile the cart says what changed and waits for the customer to press again.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AdminProduct } from "../../server/domain/contracts/adminProducts";
import type { Order } from "../../server/domain/contracts/orders";
import { useBrowserStore } from "../helpers/browserStore";
import { storeApi } from "../helpers/storeApi";
import { completeEmailLogin, storedToken } from "../helpers/webSignIn";

const ADMIN_EMAIL = "resume-boss@samui.example";
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken } = storeApi(web);

const card = (page: Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** A visitor's cart with one product from Chaweng, on the cart page; records each placement's Idempotency-Key. */
async function visitorCart(name: string): Promise<{ page: Page; keys: string[] }> {
  const page = await web.newPage();
  const keys: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/orders") {
      keys.push(request.headers()["idempotency-key"] ?? "");
    }
  });
  await page.goto(web.store.url);
  await card(page, name).getByTestId("add-to-order").click();
  await page.getByTestId("store-choice").filter({ hasText: "Chaweng Beach Store" }).click();
  await expect.poll(() => card(page, name).getByTestId("add-to-order").textContent()).toBe("Ordered");
  await page.getByTestId("nav-cart").click();
  await page.getByTestId("cart-shop").first().waitFor();
  await expect.poll(() => page.getByTestId("pickup-point").textContent()).toContain("Chaweng Beach Store");
  return { page, keys };
}

async function ordersOf(page: Page): Promise<Order[]> {
  return (await api<{ orders: Order[] }>("/api/orders", { token: await storedToken(page) })).orders;
}

describe("Place order, then signing in", () => {
  it("places the order by itself after the sign-in: exactly one, with the key of the press", async () => {
    const { page, keys } = await visitorCart("Blue Dream");
    const total = await page.getByTestId("cart-total").textContent();
    await page.getByTestId("place-order").click();
    await page.getByRole("dialog", { name: "Log in" }).waitFor();
    expect(keys).toEqual([]);
    await completeEmailLogin(page, web.smtp, "resumed-buyer@samui.example");

    // No second press: the order page of the one new order.
    await page.waitForURL(/\/order\/\d+\?first=Y$/, { timeout: 15_000 });
    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe(`/order/${orders[0]!.id}`);
    expect(orders[0]!.products.map((line) => line.product_name)).toEqual(["Blue Dream"]);
    expect(`${orders[0]!.total_price.toLocaleString("en-US")} ฿`).toBe(total);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("stops and says what changed when a price changed while the visitor signed in; the next press places it", async () => {
    const adminToken = await emailToken(ADMIN_EMAIL);
    const { page, keys } = await visitorCart("Gelato #41");
    const before = await page.getByTestId("cart-total").textContent();
    await page.getByTestId("place-order").click();
    await page.getByRole("dialog", { name: "Log in" }).waitFor();

    // Meanwhile the admin raises the price of the product's base option.
    const products = await api<{ products: AdminProduct[] }>("/api/admin/products?limit=100&q=Gelato", { token: adminToken });
    const gelato = products.products.find((product) => product.name === "Gelato #41")!;
    const form = new FormData();
    form.append("per_price", String(gelato.per_price + 100));
    const changed = await fetch(`${web.store.url}/api/admin/products/${gelato.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(changed.status).toBe(200);

    await completeEmailLogin(page, web.smtp, "careful-buyer@samui.example");
    const notice = page.getByTestId("cart-changed-while-signing-in");
    await notice.waitFor();
    const was = `${gelato.per_price.toLocaleString("en-US")} ฿`;
    const now = `${(gelato.per_price + 100).toLocaleString("en-US")} ฿`;
    expect(await notice.textContent()).toContain("Something changed while you signed in, so the order was not placed.");
    expect(await notice.textContent()).toContain(`Gelato #41: the price is now ${now} (was ${was}).`);
    expect(await notice.textContent()).toContain(`The total is now ${now} (was ${before}).`);
    expect(new URL(page.url()).pathname).toBe("/orders");
    expect(keys).toEqual([]);
    expect(await ordersOf(page)).toHaveLength(0);
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe(now);

    // The customer has seen it and presses again: one order at the new price.
    await page.getByTestId("place-order").click();
    await page.waitForURL(/\/order\/\d+\?first=Y$/, { timeout: 15_000 });
    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.total_price).toBe(gelato.per_price + 100);
  });
});
