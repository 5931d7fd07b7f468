/**
 * Accessibility in Chromium at a phone's size (issue 16): axe-core injected into the page on home, a product,
 * the cart with two lines, a placed order's page, the age gate and the login modal (both its steps), in the
 * app's own dark theme and in Telegram's light theme. Not one violation of serious or critical impact: text
 * contrast, names of icon buttons and links, labels of fields, target sizes, roles.
 *
 * axe-core 4.14 is evaluated in the page through the DevTools protocol (page.evaluate of its source):
 * page.addScriptTag would insert an inline script, which the store's Content-Security-Policy (script-src 'self')
 * rightly refuses. @axe-core/playwright is not used: it declares Node ≥ 22.
 *
 * The light theme is Telegram's: the four pages open in Telegram mode with the theme in the launch data, as
 * Telegram opens the mini-app; the login modal (never shown inside Telegram) gets the same theme through the
 * app's own mapping of Telegram's colours onto its CSS variables (webapp/src/lib/theme.ts).
 * Issue 26 adds what only Telegram shows (notices off, the courier form's Telegram buttons, Share) in both of its themes.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_OPTIONS } from "../../server/domain/orders";
import { signInitData } from "../../server/services/telegramInitData";
import { themeVariables } from "../../webapp/src/lib/theme";
import { useBrowserStore } from "../helpers/browserStore";
import { recordTelegramEvents, TELEGRAM_DARK, TELEGRAM_LIGHT, telegramLaunchUrl } from "../helpers/telegramWebview";
import { TEST_BOT_TOKEN } from "../helpers/session";

const BOT_TOKEN = TEST_BOT_TOKEN;
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN, BOT_MODE: "off" }));

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");


/** The Telegram user of this file: the four pages in Telegram mode are theirs. */
const TELEGRAM_ID = 616_161;

interface Customer {
  token: string;
  productId: number;
  orderId: number;
  /** localStorage of a returning customer with a shop chosen and two lines in the cart. */
  storage: Record<string, string>;
}
let customer: Customer;

function launchData(): string {
  return signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: TELEGRAM_ID, first_name: "Nok", last_name: "Saelim" }) },
    BOT_TOKEN,
  );
}

beforeAll(async () => {
  const base = web.store.url;
  const signedIn = await fetch(`${base}/api/auth/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData: launchData() }),
  });
  const { token } = (await signedIn.json()) as { token: string };
  const { products } = (await (await fetch(`${base}/api/products`)).json()) as {
    products: { id: number; stock: Record<string, unknown> }[];
  };
  const shopId = Number(Object.keys(products[0]!.stock)[0]);
  const two = products.filter((p) => String(shopId) in p.stock).slice(0, 2);
  const placed = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": "a11y-order-1" },
    body: JSON.stringify({
      shop_id: shopId,
      items: two.map((p) => ({ product_id: p.id, option_id: 0, amount: 1 })),
      delivery_option: 1,
      payment_option: 1,
    }),
  });
  const { order } = (await placed.json()) as { order: { id: number } };
  customer = {
    token,
    productId: two[0]!.id,
    orderId: order.id,
    storage: {
      token,
      chosen_shop: JSON.stringify({ state: { chosenShopId: shopId }, version: 1 }),
      cart: JSON.stringify({
        state: {
          lines: two.map((p) => ({ id: p.id, picked_option: "0", amount: 1 })),
          settings: { delivery_option: 1, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
          placement: null,
        },
        version: 2,
      }),
    },
  };
});

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Once every finite animation (a modal rising, a sheet sliding) has ended: colours are final. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** axe-core's serious and critical findings on the page as it is now, one line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    // target-size (WCAG 2.2: 24×24 px or enough room around) is off by default in axe: on here, as in Lighthouse.
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

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Every card picture of the list has loaded (or failed to its text): the list is complete. */
async function listShown(page: Page): Promise<void> {
  await page.getByTestId("product-card").first().waitFor();
  await page.getByTestId("product-card").first().locator("img").first().waitFor();
}

type Theme = "dark" | "light";

/** A new page whose first load finds `storage` in localStorage (a returning customer's session, cart and shop). */
async function seededPage(storage: Record<string, string>): Promise<Page> {
  const page = await web.newPage();
  await page.addInitScript((storage) => {
    if (sessionStorage.getItem("a11y-seeded")) return;
    sessionStorage.setItem("a11y-seeded", "1");
    for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  }, storage);
  return page;
}

/** A page of a returning customer: in the app's dark theme a plain browser, in the light one Telegram mode. */
async function openAs(theme: Theme, path: string, locale?: "ru" | "th"): Promise<Page> {
  // The language the app last showed (webapp/src/lib/i18n.ts); the server follows it as Accept-Language.
  const page = await seededPage(locale ? { ...customer.storage, locale } : customer.storage);
  if (theme === "dark") {
    await page.goto(`${web.store.url}${path}`);
    return page;
  }
  await recordTelegramEvents(web.context);
  const themeParams = encodeURIComponent(JSON.stringify(TELEGRAM_LIGHT));
  const url = `${telegramLaunchUrl(web.store.url, path, launchData())}&tgWebAppThemeParams=${themeParams}`;
  await page.goto(url);
  await page.getByTestId("balance-chip").waitFor();
  return page;
}

/** The light theme as the app maps it, on a plain browser page (for what Telegram mode never shows). */
async function applyLightTheme(page: Page): Promise<void> {
  await page.evaluate((variables) => {
    for (const [name, value] of Object.entries(variables)) document.documentElement.style.setProperty(name, value);
  }, themeVariables(TELEGRAM_LIGHT, "light"));
}

describe.each<Theme>(["dark", "light"])("accessibility in the %s theme", (theme) => {
  it("home: the product list", async () => {
    const page = await openAs(theme, "/");
    await listShown(page);
    await expectNoSeriousViolations(page, `home (${theme})`);
  });

  it("a product page", async () => {
    const page = await openAs(theme, `/products/${customer.productId}`);
    await page.getByTestId("amount-picker").waitFor();
    await expectNoSeriousViolations(page, `product (${theme})`);
  });

  it("the cart with two lines", async () => {
    const page = await openAs(theme, "/orders");
    await page.getByTestId("cart-line").nth(1).waitFor();
    await page.getByTestId("cart-shop").first().waitFor();
    await expectNoSeriousViolations(page, `cart (${theme})`);
  });

  it("a placed order's page", async () => {
    const page = await openAs(theme, `/order/${customer.orderId}`);
    await page.getByTestId("order-page").waitFor();
    await page.getByTestId("order-store-name").waitFor();
    await expectNoSeriousViolations(page, `order (${theme})`);
  });

  it("the age gate and the login modal, both steps", async () => {
    const page = await web.newPage({ ageConfirmed: false });
    await page.goto(web.store.url);
    if (theme === "light") await applyLightTheme(page);
    await page.getByRole("dialog", { name: "Smokers Area" }).waitFor();
    await expectNoSeriousViolations(page, `age gate (${theme})`);
    await page.getByRole("button", { name: "YES" }).click();

    await listShown(page);
    await page.getByTestId("header-login").click();
    const modal = page.getByRole("dialog", { name: "Log in" });
    await modal.waitFor();
    await expectNoSeriousViolations(page, `login modal, e-mail step (${theme})`);
    await modal.getByTestId("login-email").fill("a11y@example.com");
    await modal.getByRole("button", { name: "Verify" }).click();
    await modal.getByTestId("login-code-step").waitFor();
    await expectNoSeriousViolations(page, `login modal, code step (${theme})`);
  });
});

// Issue 24: the same checks with Russian and Thai texts (longer words, another script, `lang` on the page).
describe.each(["ru", "th"] as const)("accessibility in %s", (locale) => {
  it.each<Theme>(["dark", "light"])("home, the cart and a placed order in the %s theme", async (theme) => {
    const home = await openAs(theme, "/", locale);
    await listShown(home);
    expect(await home.evaluate(() => document.documentElement.lang)).toBe(locale);
    await expectNoSeriousViolations(home, `home (${locale}, ${theme})`);

    const cart = await openAs(theme, "/orders", locale);
    await cart.getByTestId("cart-line").nth(1).waitFor();
    await cart.getByTestId("cart-shop").first().waitFor();
    await expectNoSeriousViolations(cart, `cart (${locale}, ${theme})`);

    const order = await openAs(theme, `/order/${customer.orderId}`, locale);
    await order.getByTestId("order-store-name").waitFor();
    expect(await order.evaluate(() => document.documentElement.lang)).toBe(locale);
    await expectNoSeriousViolations(order, `order (${locale}, ${theme})`);
  });
});

// Issue 26: what only Telegram shows (the order page's notices-off line, the courier form's Telegram buttons, the
// cabinet's Share), in Telegram's own light and dark themes.
describe.each<Theme>(["light", "dark"])("Telegram's own pieces in its %s theme (issue 26)", (theme) => {
  async function openInTelegram(path: string, storage: Record<string, string>): Promise<Page> {
    const page = await seededPage(storage);
    await recordTelegramEvents(web.context);
    const themeParams = encodeURIComponent(JSON.stringify(theme === "light" ? TELEGRAM_LIGHT : TELEGRAM_DARK));
    await page.goto(`${telegramLaunchUrl(web.store.url, path, launchData())}&tgWebAppThemeParams=${themeParams}`);
    await page.getByTestId("balance-chip").waitFor();
    return page;
  }

  it("notices off on an order, the courier form's Share my phone and Use my location, the referral box's Share", async () => {
    // A session of its own: the pages before signed in from their launch data, each a session of the same person.
    const signedIn = await fetch(`${web.store.url}/api/auth/telegram`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ initData: launchData() }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    const refused = await fetch(`${web.store.url}/api/me/write-access`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ allowed: false }),
    });
    expect(refused.status).toBe(200);
    const order = await openInTelegram(`/order/${customer.orderId}`, customer.storage);
    await order.getByTestId("order-notices-off").waitFor();
    await expectNoSeriousViolations(order, `order, notices off (${theme})`);

    const cart = JSON.parse(customer.storage.cart!) as { state: { settings: Record<string, unknown> } };
    cart.state.settings.delivery_option = DELIVERY_OPTIONS.courier;
    const courier = await openInTelegram("/orders", { ...customer.storage, cart: JSON.stringify(cart) });
    await courier.getByTestId("courier-phone").click();
    await courier.getByTestId("share-phone").waitFor();
    await expectNoSeriousViolations(courier, `courier phone form (${theme})`);
    await courier.keyboard.press("Escape");
    await courier.getByRole("dialog").waitFor({ state: "detached" });
    await courier.getByTestId("courier-address").click();
    await courier.getByTestId("use-location").waitFor();
    await expectNoSeriousViolations(courier, `courier address form (${theme})`);

    const cabinet = await openInTelegram("/cabinet", customer.storage);
    await cabinet.getByTestId("referral-share").waitFor();
    await expectNoSeriousViolations(cabinet, `cabinet with Share (${theme})`);
  });
});
