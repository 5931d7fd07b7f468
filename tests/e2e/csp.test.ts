/**
 * The mini-app under its Content-Security-Policy in Chromium (issue 14): home, a product, the cart with two
 * lines and a placed order's page (with a staff-attached map frame), in a plain browser and in Telegram mode
 * opened from the development page: not one violation reported by the browser.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowserStore } from "../helpers/browserStore";
import { TEST_BOT_TOKEN } from "../helpers/session";

const BOT_TOKEN = TEST_BOT_TOKEN;
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN, BOT_MODE: "off", ADMIN_TELEGRAM_IDS: "880001" }));

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  // Every frame's (Telegram mode from the development page frames the store).
  return async () => {
    const seen: string[] = [];
    for (const frame of page.frames()) seen.push(...(await frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));
    return [...seen, ...console];
  };
}

const card = (page: Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

describe("the app under its CSP", () => {
  it("loads home, product, cart, and an order page with a map in Telegram mode from the dev page, with zero violations", async () => {
    const page = await web.newPage();
    const violations = await watchViolations(page);

    await page.goto(web.store.url);
    await card(page, "Gelato #41").waitFor();
    await page.getByTestId("product-card").first().locator("img").first().waitFor();
    expect(await violations()).toEqual([]);

    const products = (await (await fetch(`${web.store.url}/api/products`)).json()) as { products: { id: number; name: string }[] };
    const gelato = products.products.find((p) => p.name === "Gelato #41")!;
    await page.goto(`${web.store.url}/products/${gelato.id}`);
    await page.getByTestId("amount-picker").waitFor();
    expect(await violations()).toEqual([]);

    // The cart with two lines.
    await page.goto(web.store.url);
    await card(page, "Gelato #41").getByTestId("add-to-order").click();
    const picker = page.getByRole("dialog", { name: "Choose your shop" });
    await picker.getByTestId("store-choice").filter({ hasText: "Lamai Night Market" }).click();
    await expect.poll(() => card(page, "Gelato #41").getByTestId("add-to-order").textContent()).toBe("Ordered");
    const second = page.getByTestId("product-card").filter({ hasNot: page.getByText("Ordered") }).first();
    await second.getByTestId("add-to-order").click();
    await page.goto(`${web.store.url}/orders`);
    await page.getByTestId("cart-line").nth(1).waitFor();
    expect(await violations()).toEqual([]);

    // Telegram mode through the development page (signed as Telegram signs), then a placed order with a map.
    await page.goto(`${web.store.url}/dev/telegram`);
    await page.locator('input[name="id"]').fill("880001");
    await page.getByRole("button", { name: "Open in messenger mode" }).click();
    await page.frameLocator("#tg-app").getByTestId("balance-chip").waitFor();
    expect(await violations()).toEqual([]);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeTruthy();
    const shops = (await (await fetch(`${web.store.url}/api/shops`)).json()) as { shops: { id: number; name: string }[] };
    const lamai = shops.shops.find((s) => s.name === "Lamai Night Market")!.id;
    const placed = await fetch(`${web.store.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": "csp-order-1" },
      body: JSON.stringify({
        shop_id: lamai,
        items: [{ product_id: gelato.id, option_id: 0, amount: 1 }],
        delivery_option: 1,
        payment_option: 1,
      }),
    });
    const { order } = (await placed.json()) as { order: { id: number } };
    // The admin of this test (the Telegram user above) attaches a map as staff would.
    const map = await fetch(`${web.store.url}/api/staff/orders/${order.id}/map`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ map: '<iframe src="https://www.google.com/maps/embed?pb=!1m18" width="600" height="450"></iframe>' }),
    });
    expect(map.status).toBe(200);
    // In the frame, as the Telegram user sees it.
    const app = page.frames().find((frame) => frame !== page.mainFrame())!;
    await app.goto(`${web.store.url}/order/${order.id}`);
    await app.getByTestId("order-page").waitFor();
    await app.locator('iframe[src^="https://www.google.com/maps/embed"]').waitFor({ state: "attached" });
    expect(await violations()).toEqual([]);
  });

  it("is refused by the browser when a page tries inline script or a foreign frame (the policy is really enforced)", async () => {
    const page = await web.newPage();
    const violations = await watchViolations(page);
    await page.goto(web.store.url);
    await card(page, "Gelato #41").waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__ran = true";
      document.body.appendChild(script);
      const frame = document.createElement("iframe");
      frame.src = "https://evil.example/";
      document.body.appendChild(frame);
    });
    await expect
      .poll(violations)
      .toEqual(expect.arrayContaining([expect.stringContaining("script-src"), expect.stringContaining("frame-src")]));
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  });
});
