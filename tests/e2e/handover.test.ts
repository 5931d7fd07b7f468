/**
 * The hand-over in Chromium against the real store (issue 11): a customer places a pickup order, a manager of
 * that shop signs in from the pickup QR's link, takes the order in the manager cabinet, attaches a map, takes
 * the money, gives the products and confirms ORDER DONE; the customer then sees Done and the product counts one
 * more completed order. Also: Telegram's QR scanner leads to the hand-over screen, Contact client closes the
 * app, a customer opening their own QR link lands on their order, and no staff code reaches a customer's download.
 */
import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Product, ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { HANDOVER_TEXTS, maskEmail } from "../../server/domain/handover";
import { signInitData } from "../../server/services/telegramInitData";
import { PHONE } from "../helpers/browser";
import { useBrowserStore } from "../helpers/browserStore";
import { completeEmailLogin, storedToken } from "../helpers/webSignIn";
import { recordTelegramEvents, telegramEvents, telegramLaunchUrl } from "../helpers/telegramWebview";
import { storeApi } from "../helpers/storeApi";
import { TEST_BOT_TOKEN } from "../helpers/session";

/** A published example token: the server only checks its form. */
const BOT_TOKEN = TEST_BOT_TOKEN;
const ADMIN_EMAIL = "boss@samui.example";
const MAP_URL = "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3935.2!2d100.0597!3d9.5357!2m3!1f0!2f0!3f0";
/** What Google Maps gives under Share → Embed a map. */
const MAP_CODE =
  `<iframe src="${MAP_URL}" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy" ` +
  `referrerpolicy="no-referrer-when-downgrade"></iframe>`;

// BOT_MODE off: Telegram sign-in and the bot's outbox need the token, not a bot polling a Telegram out of reach.
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));

const { api, emailToken, shopId, telegramToken } = storeApi(web);

function telegramInitData(id: number, firstName: string): string {
  return signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id, first_name: firstName }) }, BOT_TOKEN);
}

async function product(name: string): Promise<ProductListItem> {
  const found = (await api<{ products: ProductListItem[] }>("/api/products")).products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

const completedOrders = async (productId: number) => (await api<{ product: Product }>(`/api/products/${productId}`)).product.stats.orders;
const notices = (page: Page) => page.getByTestId("notification").allTextContents();
const section = (page: Page, status: string) => page.locator(`[data-testid="staff-section"][data-status="${status}"]`);
const rowOf = (page: Page, status: string, orderId: number) =>
  section(page, status).locator(`[data-testid="staff-order-row"][data-order-id="${orderId}"]`);

/**
 * A second phone next to the fixture's (which closes only its own profile): an adult who answered the age gate,
 * whose Google Maps frames get a stand-in page (no internet here). Closed by the caller.
 */
async function secondPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const browser = web.context.browser();
  if (!browser) throw new Error("the fixture's profile has no browser");
  const context = await browser.newContext(PHONE);
  await context.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
  await standInGoogleMaps(context);
  return { context, page: await context.newPage() };
}

async function standInGoogleMaps(context: BrowserContext): Promise<void> {
  await context.route("https://www.google.com/maps/embed**", (route) => route.fulfill({ contentType: "text/html", body: "<p>map</p>" }));
}

describe("hand-over end to end", () => {
  it("a manager signs in from the QR link, takes the order, attaches a map and completes it; the customer sees Done", async () => {
    const customerEmail = "pickup-customer@samui.example";
    const managerEmail = "chaweng-manager@samui.example";
    const gelato = await product("Gelato #41");
    const doneBefore = await completedOrders(gelato.id);

    // The customer orders Gelato #41 for pickup at Chaweng, signing in by e-mail on the way.
    const customer = await web.newPage();
    await standInGoogleMaps(web.context);
    await customer.goto(web.store.url);
    const card = customer.getByTestId("product-card").filter({ has: customer.getByRole("heading", { name: "Gelato #41", exact: true }) });
    await card.getByTestId("add-to-order").click();
    await customer.getByTestId("store-choice").filter({ hasText: "Chaweng Beach Store" }).click();
    await expect.poll(() => card.getByTestId("add-to-order").textContent()).toBe("Ordered");
    await customer.getByTestId("nav-cart").click();
    await customer.getByTestId("cart-shop").first().waitFor();
    await customer.getByTestId("place-order").click();
    // The placement goes on by itself after the sign-in (issue 38).
    await completeEmailLogin(customer, web.smtp, customerEmail);
    await customer.waitForURL(/\/order\/\d+\?first=Y$/);
    const orderId = Number(new URL(customer.url()).pathname.split("/").at(-1));
    const { order } = await api<{ order: Order }>(`/api/orders/${orderId}`, { token: await storedToken(customer) });
    const qrLink = `${web.store.url}${order.manage_path}`;

    // The customer opening their own QR link is no staff: the server says so and the order view opens.
    await customer.goto(qrLink);
    await customer.waitForURL(`${web.store.url}/order/${orderId}`);
    await expect.poll(() => notices(customer)).toContain("Отказано в доступе.");
    expect(await customer.getByTestId("order-status").textContent()).toBe("New");

    // The admin makes the manager (who signed in once) staff of Chaweng.
    await emailToken(managerEmail);
    const admin = await emailToken(ADMIN_EMAIL);
    await api(`/api/admin/shops/${await shopId("Chaweng Beach Store")}/staff`, {
      method: "POST",
      token: admin,
      body: { email: managerEmail, role: "manager" },
    });

    const { context: managerContext, page: manager } = await secondPhone();
    try {
      // Signed out, the QR link asks for the login first, then shows the hand-over screen.
      await manager.goto(qrLink);
      await manager.getByTestId("manage-sign-in").waitFor();
      await completeEmailLogin(manager, web.smtp, managerEmail);
      const screen = manager.getByTestId("handover");
      await screen.waitFor();
      expect(await screen.getAttribute("data-status")).toBe("N");
      expect(await manager.getByTestId("customer-email").textContent()).toBe(maskEmail(customerEmail));
      expect(await manager.getByTestId("responsible-manager").textContent()).toBe("nobody yet");
      expect(await manager.getByTestId("handover-line-name").allTextContents()).toEqual(["Gelato #41"]);
      expect(await manager.getByTestId("handover-line-cost").textContent()).toBe("Cost 240 ฿");
      expect(await manager.getByTestId("handover-total").textContent()).toBe("550 ฿");

      // The manager cabinet: the order waits under AWAITING ORDERS with its hold; no Scan QR in a browser.
      await manager.getByTestId("return-button").click();
      await manager.waitForURL(`${web.store.url}/admin-cabinet`);
      expect(await manager.getByTestId("admin-title").textContent()).toBe("MANAGER PAGE");
      const waiting = rowOf(manager, "N", orderId);
      await waiting.waitFor();
      expect(await waiting.getByTestId("staff-row-hold").textContent()).toMatch(/^0[23]:\d\d$/);
      expect(await manager.getByTestId("scan-qr").count()).toBe(0);
      await waiting.getByTestId("take-order").click();
      await expect.poll(() => notices(manager)).toContain(HANDOVER_TEXTS.tookOrder);
      await rowOf(manager, "W", orderId).waitFor();
      expect(await rowOf(manager, "N", orderId).count()).toBe(0);
      expect(await rowOf(manager, "W", orderId).getByTestId("staff-row-manager").textContent()).toBe(`Manager: ${managerEmail}`);

      // Back through the QR link: a map that is no Google Maps embed is refused, a real one is attached.
      await manager.goto(qrLink);
      await screen.waitFor();
      expect(await screen.getAttribute("data-status")).toBe("W");
      expect(await manager.getByTestId("responsible-manager").textContent()).toBe(managerEmail);
      await manager.getByTestId("map-code").fill('<iframe src="https://evil.example/maps/embed?x=1"></iframe>');
      await manager.getByTestId("attach-map").click();
      await expect.poll(() => notices(manager)).toContain(HANDOVER_TEXTS.invalidMap);
      await manager.getByTestId("map-code").fill(MAP_CODE);
      await manager.getByTestId("attach-map").click();
      await expect.poll(() => notices(manager)).toContain(HANDOVER_TEXTS.mapAttached);
      const frame = manager.getByTestId("order-map");
      await frame.waitFor();
      expect(await frame.getAttribute("src")).toBe(MAP_URL);
      expect(await frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin");
      expect(await frame.getAttribute("referrerpolicy")).toBe("no-referrer");

      // Step 2 waits for step 1; ORDER DONE for both.
      const done = manager.getByTestId("order-done");
      expect(await done.isDisabled()).toBe(true);
      expect(await manager.getByTestId("products-given").isDisabled()).toBe(true);
      // No bonus offered: the customer's balance does not cover the total.
      expect(await manager.getByTestId("money-bonus").count()).toBe(0);
      await manager.getByTestId("money-cash").check();
      await manager.getByTestId("products-given").check();
      expect(await done.isEnabled()).toBe(true);
      // Unticking the money unticks the products too.
      await manager.getByTestId("money-cash").uncheck();
      expect(await manager.getByTestId("products-given").isChecked()).toBe(false);
      expect(await done.isDisabled()).toBe(true);
      await manager.getByTestId("money-cash").check();
      await manager.getByTestId("products-given").check();
      await done.click();

      const dialog = manager.getByRole("dialog", { name: "Order done" });
      await dialog.waitFor();
      expect(await dialog.getByTestId("done-responsible").textContent()).toBe(managerEmail);
      expect(await dialog.getByTestId("done-money").textContent()).toBe("I HAVE TAKEN MONEY");
      expect(await dialog.getByTestId("done-items").textContent()).toBe("1 item");
      expect(await dialog.getByText("CLIENT HAPPY").count()).toBe(1);
      await dialog.getByTestId("confirm-done").click();
      await expect.poll(() => screen.getAttribute("data-status")).toBe("S");
      expect(await manager.getByTestId("order-done").count()).toBe(0);
      expect(await manager.getByTestId("map-code").count()).toBe(0);
      expect(await manager.getByTestId("payment-status-text").textContent()).toBe("Paid");
      expect(await manager.getByTestId("handover-payment").textContent()).toBe("Cash");
      expect(await manager.getByTestId("delivery-status-text").textContent()).toBe("Delivered");
    } finally {
      await managerContext.close();
    }

    // The customer's page: Done, with the shop's map in its sandboxed frame.
    await customer.goto(`${web.store.url}/order/${orderId}`);
    await expect.poll(() => customer.getByTestId("order-status").textContent()).toBe("Done");
    expect(await customer.getByTestId("order-map").getAttribute("src")).toBe(MAP_URL);
    expect(await customer.getByTestId("order-map").getAttribute("sandbox")).toBe("allow-scripts allow-same-origin");

    // Gelato #41 counts one more completed order.
    await expect.poll(() => completedOrders(gelato.id)).toBe(doneBefore + 1);
  });

  it("inside Telegram scans the pickup QR into the hand-over screen, takes the order, contacts the client, takes bonus", async () => {
    // A Telegram customer's pickup order, placed over the API; an owner of Lamai who signed in with Telegram.
    const customerToken = await telegramToken(telegramInitData(818181, "Kanya"));
    const lamai = await shopId("Lamai Night Market");
    const { order } = await api<{ order: Order }>("/api/orders", {
      method: "POST",
      token: customerToken,
      headers: { "idempotency-key": "e2e-handover-telegram-1" },
      body: {
        shop_id: lamai,
        items: [{ product_id: (await product("Gelato #41")).id, option_id: 0, amount: 1 }],
        delivery_option: 1,
        payment_option: 1,
      },
    });
    const ownerInitData = telegramInitData(929292, "Preecha");
    await telegramToken(ownerInitData);
    const admin = await emailToken(ADMIN_EMAIL);
    await api(`/api/admin/shops/${lamai}/staff`, { method: "POST", token: admin, body: { telegram_id: 929292, role: "owner" } });

    const page = await web.newPage();
    await recordTelegramEvents(web.context);
    const events = async () => (await telegramEvents(page)).map((e) => e.type);
    const receive = (type: string, data: unknown) =>
      page.evaluate(
        ([eventType, eventData]) =>
          (
            window as unknown as { Telegram: { WebView: { receiveEvent: (type: string, data: unknown) => void } } }
          ).Telegram.WebView.receiveEvent(eventType as string, eventData),
        [type, data] as const,
      );

    await page.goto(telegramLaunchUrl(web.store.url, "/admin-cabinet", ownerInitData));
    await rowOf(page, "N", order.id).waitFor();
    await page.getByTestId("scan-qr").click();
    await expect.poll(events).toContain("web_app_open_scan_qr_popup");

    // Another site's code keeps the scanner open; this store's pickup QR closes it and opens the order.
    await receive("qr_text_received", { data: `https://evil.example${order.manage_path}` });
    await receive("qr_text_received", { data: `${web.store.url}/order/${order.id}` });
    expect(await events()).not.toContain("web_app_close_scan_qr_popup");
    expect(new URL(page.url()).pathname).toBe("/admin-cabinet");
    await receive("qr_text_received", { data: `${web.store.url}${order.manage_path}` });
    await page.waitForURL(`${web.store.url}${order.manage_path}`);
    await expect.poll(events).toContain("web_app_close_scan_qr_popup");

    const screen = page.getByTestId("handover");
    await screen.waitFor();
    expect(await page.getByTestId("responsible-manager").textContent()).toBe("nobody yet");
    await page.getByTestId("take-order").click();
    await expect.poll(() => notices(page)).toContain(HANDOVER_TEXTS.tookOrder);
    await expect.poll(() => screen.getAttribute("data-status")).toBe("W");
    expect(await page.getByTestId("responsible-manager").textContent()).toBe("Preecha");

    // Contact client: the bot is asked to send the button, and the mini-app closes so the chat shows.
    await page.getByTestId("contact-client").click();
    await expect.poll(events).toContain("web_app_close");

    // Kanya has bonus for it now: the owner takes it in bonus, and the card says so, not the Cash she picked.
    expect(await page.getByTestId("handover-payment").textContent()).toBe("Cash");
    const { user: kanya } = await api<{ user: { userId: number } }>("/api/me", { token: customerToken });
    const credit = { amount: order.discounted_price, reason: "Sorry for the wait" };
    await api(`/api/admin/users/${kanya.userId}/bonus`, { method: "POST", token: admin, body: credit });
    await page.reload();
    await page.getByTestId("money-bonus").check();
    await page.getByTestId("products-given").check();
    await page.getByTestId("order-done").click();
    await page.getByTestId("confirm-done").click();
    await expect.poll(() => screen.getAttribute("data-status")).toBe("S");
    expect(await page.getByTestId("handover-payment").textContent()).toBe("Bonus");
  });
});

describe("the customer's download", () => {
  it("is one script and its preloads with no staff screen in them: those come in their own chunk", async () => {
    // The build the store serves (tests/setup/buildWebapp.ts builds into WEBAPP_DIR when it is set).
    const dist = process.env.WEBAPP_DIR || "webapp/dist";
    const html = await readFile(`${dist}/index.html`, "utf8");
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/static\/([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts, "index.html should load one script").toHaveLength(1);
    // The entry preloads the start's chunk (webapp/vite.config.ts, docs/webapp.md "Chunks"): together, the first visit.
    const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="\/static\/([^"]+\.js)"/g)].map((match) => match[1]!);
    const files = await Promise.all([...scripts, ...preloads].map((file) => readFile(`${dist}/static/${file}`, "utf8")));
    const entry = files.join("\n");
    for (const staffText of ["CANNABONUS", "AWAITING ORDERS", "I HAVE GIVEN ALL PRODUCTS"]) expect(entry).not.toContain(staffText);
    // …and the chunks the entry loads on demand have them: the staff screens (named by the lazy routes' chunk,
    // app/moreRoutes.tsx), and their messages (issue 24), one small chunk per language.
    const onDemand = [...new Set([...entry.matchAll(/[\w-]+\.js/g)].map((match) => match[0]))].filter((file) => !scripts.includes(file));
    const lazyCode = await Promise.all(onDemand.map((file) => readFile(`${dist}/static/${file}`, "utf8").catch(() => "")));
    const staffChunk = /staffScreens-[\w-]+\.js/.exec([entry, ...lazyCode].join("\n"))?.[0];
    expect(staffChunk).toBeDefined();
    expect(await readFile(`${dist}/static/${staffChunk}`, "utf8")).toContain("staff.done.bonus");
    const messageChunks = [...entry.matchAll(/staff-[\w-]+\.js/g)].map((match) => match[0]);
    expect(new Set(messageChunks).size).toBe(3);
    const messages = await Promise.all(messageChunks.map((chunk) => readFile(`${dist}/static/${chunk}`, "utf8")));
    expect(messages.filter((text) => text.includes("CANNABONUS") && text.includes("AWAITING ORDERS"))).toHaveLength(1);
  });
});
