/**
 * Write access (issue 26) in Chromium in Telegram mode, on the real webview protocol: right after an order is
 * placed with Telegram's MainButton, the app posts `web_app_request_write_access` when the launch data's
 * `allows_write_to_pm` is not true (and not when it is); Telegram's answer (`write_access_requested`, delivered
 * through receiveEvent) is stored on the user, and the order page says why it asks, that notices are off after a
 * refusal, and offers 'Turn on notices'. A plain browser shows none of it. Screenshots of the order page with
 * the notices-off line at 360 px, light and dark, in English, Russian and Thai go to SHOT_DIR.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/domain/contracts/auth";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";
import {
  recordTelegramEvents,
  sendTelegramEvent,
  TELEGRAM_LIGHT,
  telegramEvents,
  telegramLaunchUrl,
  waitForTelegramEvent,
} from "../helpers/telegramWebview";

const SHOT_DIR = process.env.SHOT_DIR ?? join(tmpdir(), "write-access");
const REQUEST = "web_app_request_write_access";

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off" }));
const { api } = storeApi(web);

let nextTelegramId = 828_000;
let lamai: number;
let gelato: ProductListItem;
/** Orders placed over the API take Jack Herer at Chaweng: Lamai's few Gelatos are for the cart's placements. */
let chaweng: number;
let jack: ProductListItem;

beforeAll(async () => {
  const shops = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops;
  lamai = shops.find((s) => s.name === "Lamai Night Market")!.id;
  chaweng = shops.find((s) => s.name === "Chaweng Beach Store")!.id;
  const products = (await api<{ products: ProductListItem[] }>("/api/products")).products;
  gelato = products.find((p) => p.name === "Gelato #41")!;
  jack = products.find((p) => p.name === "Jack Herer")!;
});

interface Customer {
  initData: string;
  token: string;
}

/** A Telegram user signed in as the app signs in at launch; `allows` is initData's allows_write_to_pm. */
async function customer(allows: boolean | undefined, languageCode = "en"): Promise<Customer> {
  const user = {
    id: nextTelegramId++,
    first_name: "Nok",
    language_code: languageCode,
    ...(allows === undefined ? {} : { allows_write_to_pm: allows }),
  };
  const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(user) }, TEST_BOT_TOKEN);
  const { token } = await api<{ token: string }>("/api/auth/telegram", { method: "POST", body: { initData } });
  return { initData, token };
}

const me = async (who: Customer) => (await api<{ user: SessionUser }>("/api/me", { token: who.token })).user;

/** A cart of one Gelato #41 for pickup at Lamai, as the app keeps it. */
function cartStorage(): Record<string, string> {
  return {
    chosen_shop: JSON.stringify({ state: { chosenShopId: lamai }, version: 1 }),
    cart: JSON.stringify({
      state: {
        lines: [{ id: gelato.id, picked_option: "0", amount: 1 }],
        settings: { delivery_option: 1, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
        placement: null,
      },
      version: 2,
    }),
  };
}

/** The mini-app as Telegram opens it at `path`, at 360 px; light is Telegram's light theme, dark the app's own. */
async function openInTelegram(who: Customer, path: string, theme: "light" | "dark" = "light", storage: Record<string, string> = {}) {
  const page = await web.newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem("write-access-seeded")) return;
    sessionStorage.setItem("write-access-seeded", "1");
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, storage);
  await recordTelegramEvents(web.context);
  let url = telegramLaunchUrl(web.store.url, path, who.initData);
  if (theme === "light") url += `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(TELEGRAM_LIGHT))}`;
  await page.goto(url);
  await page.getByTestId("balance-chip").waitFor();
  return page;
}

/** Places the cart with Telegram's MainButton, as a customer does inside Telegram; on the order page after. */
async function placeWithMainButton(page: Page): Promise<void> {
  await page.getByTestId("cart-shop").first().waitFor();
  await expect
    .poll(async () => (await telegramEvents(page)).filter((event) => event.type === "web_app_setup_main_button").at(-1)?.data)
    .toMatchObject({ is_visible: true, is_active: true });
  await sendTelegramEvent(page, "main_button_pressed", undefined);
  await page.waitForURL(/\/order\/\d+\?first=Y$/);
  await page.getByTestId("order-page").waitFor();
}

const requests = async (page: Page) => (await telegramEvents(page)).filter((event) => event.type === REQUEST).length;

describe("asking for write access after placing", () => {
  it("asks at once when allows_write_to_pm is false; a cancel is stored and the page says notices are off", async () => {
    const who = await customer(false);
    const page = await openInTelegram(who, "/orders", "light", cartStorage());
    await placeWithMainButton(page);

    await waitForTelegramEvent(page, REQUEST);
    // While Telegram's dialog is open, the order page says why.
    const why = "Allow messages from the bot to tell you when your order is ready";
    expect(await page.getByTestId("order-notices-why").textContent()).toBe(why);
    expect(await page.getByTestId("order-notices-off").count()).toBe(0);

    await sendTelegramEvent(page, "write_access_requested", { status: "cancelled" });
    const off = page.getByTestId("order-notices-off");
    await off.waitFor();
    expect(await off.textContent()).toContain("Notices are off");
    expect(await off.getByRole("button").textContent()).toBe("Turn on notices");
    expect(await me(who)).toMatchObject({ writeAccess: "refused", notices: "off" });
    expect(await requests(page)).toBe(1);

    // 'Turn on notices' asks again; allowing is stored and the line goes.
    await off.getByRole("button").click();
    await waitForTelegramEvent(page, REQUEST, { after: 1 });
    await page.getByTestId("order-notices-why").waitFor();
    await sendTelegramEvent(page, "write_access_requested", { status: "allowed" });
    await expect.poll(async () => (await me(who)).writeAccess).toBe("allowed");
    expect((await me(who)).notices).toBe("on");
    await page.getByTestId("order-notices-why").waitFor({ state: "detached" });
    expect(await page.getByTestId("order-notices-off").count()).toBe(0);
  });

  it("asks when the launch data says nothing of it, and an 'allowed' answer is stored with no notices-off line", async () => {
    const who = await customer(undefined);
    const page = await openInTelegram(who, "/orders", "dark", cartStorage());
    await placeWithMainButton(page);
    await waitForTelegramEvent(page, REQUEST);
    await sendTelegramEvent(page, "write_access_requested", { status: "allowed" });
    await expect.poll(async () => (await me(who)).writeAccess).toBe("allowed");
    await page.getByTestId("order-notices-why").waitFor({ state: "detached" });
    expect(await page.getByTestId("order-notices-off").count()).toBe(0);
  });

  it("does not ask when allows_write_to_pm is true, and the order page says nothing of notices", async () => {
    const who = await customer(true);
    expect(await me(who)).toMatchObject({ writeAccess: "allowed", notices: "on" });
    const page = await openInTelegram(who, "/orders", "light", cartStorage());
    await placeWithMainButton(page);
    await page.getByTestId("order-store-name").waitFor();
    // Long enough for the ask's chunk to arrive and post, had it been going to.
    await page.waitForTimeout(1_500);
    expect(await requests(page)).toBe(0);
    expect(await page.locator(".order-notices").count()).toBe(0);
  });

  it("asks when a pending order gets its delivery and payment on its page: that places it too", async () => {
    const who = await customer(false);
    const body = { shop_id: chaweng, items: [{ product_id: jack.id, option_id: 0, amount: 1 }], delivery_option: 0, payment_option: 0 };
    const headers = { "idempotency-key": "write-access-pending" };
    const { order } = await api<{ order: Order }>("/api/orders", { method: "POST", token: who.token, headers, body });
    expect(order.status).toBe("P");
    const page = await openInTelegram(who, `/order/${order.id}`);
    const form = page.getByTestId("pending-settings");
    await form.waitFor();
    expect(await requests(page)).toBe(0);
    await form.getByTestId("delivery-options").getByRole("radio", { name: "Self pickup" }).click();
    await form.getByTestId("payment-options").getByRole("radio", { name: "Cash" }).click();
    await form.getByTestId("save-order-settings").click();
    await expect.poll(() => page.getByTestId("order-status").textContent()).toBe("New");
    await waitForTelegramEvent(page, REQUEST);
    await sendTelegramEvent(page, "write_access_requested", { status: "cancelled" });
    await page.getByTestId("order-notices-off").waitFor();
    expect(await me(who)).toMatchObject({ writeAccess: "refused", notices: "off" });
  });

  it("shows nothing of it in a plain browser, even to someone who refused", async () => {
    const who = await customer(false);
    await api("/api/me/write-access", { method: "PUT", token: who.token, body: { allowed: false } });
    const order = await placeOverApi(who, "plain-browser");
    const page = await web.newPage();
    await page.addInitScript((token) => localStorage.setItem("token", token), who.token);
    await page.goto(`${web.store.url}/order/${order.id}`);
    await page.getByTestId("order-store-name").waitFor();
    await page.getByTestId("balance-chip").waitFor();
    expect(await page.locator(".order-notices").count()).toBe(0);
  });
});

async function placeOverApi(who: Customer, key: string): Promise<Order> {
  const body = { shop_id: chaweng, items: [{ product_id: jack.id, option_id: 0, amount: 1 }], delivery_option: 1, payment_option: 1 };
  const headers = { "idempotency-key": key };
  return (await api<{ order: Order }>("/api/orders", { method: "POST", token: who.token, headers, body })).order;
}

describe("the notices-off line at 360 px", () => {
  beforeAll(() => requireThaiFonts());

  const texts = {
    en: ["Notices are off", "Turn on notices"],
    ru: ["Уведомления выключены", "Включить уведомления"],
    th: ["การแจ้งเตือนปิดอยู่", "เปิดการแจ้งเตือน"],
  } as const;

  for (const locale of ["en", "ru", "th"] as const) {
    // One customer who refused, and one order, per language: the shelf holds only so many.
    let who: Customer;
    let order: Order;
    beforeAll(async () => {
      who = await customer(false, locale);
      await api("/api/me/write-access", { method: "PUT", token: who.token, body: { allowed: false } });
      order = await placeOverApi(who, `write-access-shot-${locale}`);
    });
    for (const theme of ["light", "dark"] as const) {
      it(`${locale}, ${theme}`, async () => {
        const page = await openInTelegram(who, `/order/${order.id}`, theme);
        const off = page.getByTestId("order-notices-off");
        await off.waitFor();
        expect(await off.locator("strong").textContent()).toBe(texts[locale][0]);
        expect(await off.getByRole("button").textContent()).toBe(texts[locale][1]);
        // Opening the order page asks nothing by itself: only a placement or the button does.
        expect(await requests(page)).toBe(0);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        mkdirSync(SHOT_DIR, { recursive: true });
        await page.screenshot({ path: join(SHOT_DIR, `order-notices-off-${locale}-${theme}.png`), fullPage: true });
        expect(await overflowingElements(page), "elements wider than their box").toEqual([]);
        expect(await missingGlyphs(page), "characters without a glyph").toEqual([]);
      });
    }
  }
});
