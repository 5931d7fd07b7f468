/**
 * Promo codes on screen (issue 25), in Chromium in Telegram mode at 360 px: an admin whose Telegram speaks Thai
 * opens /admin/promos (codes with their uses and revenue, then the form), and a customer whose Telegram speaks
 * Russian opens an order placed with a code: the code beside the total, the list total struck through, the
 * discounted total. Nothing is wider than its box and no character lacks a glyph. Screenshots go to SHOT_DIR.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";
import { recordTelegramEvents, TELEGRAM_LIGHT, telegramLaunchUrl } from "../helpers/telegramWebview";

const ADMIN_ID = 787_878;
const CUSTOMER_ID = 797_979;
const SHOT_DIR = process.env.SHOT_DIR ?? join(tmpdir(), "languages-promos");

const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  BOT_TOKEN: TEST_BOT_TOKEN,
  BOT_MODE: "off",
  ADMIN_TELEGRAM_IDS: String(ADMIN_ID),
}));
const { api } = storeApi(web);

function initData(id: number, firstName: string, languageCode: string): string {
  const user = JSON.stringify({ id, first_name: firstName, language_code: languageCode });
  return signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, TEST_BOT_TOKEN);
}

async function telegramSignIn(data: string): Promise<string> {
  return (await api<{ token: string }>("/api/auth/telegram", { method: "POST", body: { initData: data } })).token;
}

/** The page in Telegram mode; with `light`, in Telegram's light theme (else the app's own dark one). */
async function openInTelegram(path: string, data: string, storage: Record<string, string> = {}, light = false): Promise<Page> {
  const page = await web.newPage();
  await page.addInitScript((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, storage);
  await page.setViewportSize({ width: 360, height: 780 });
  await recordTelegramEvents(web.context);
  const theme = light ? `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(TELEGRAM_LIGHT))}` : "";
  await page.goto(`${telegramLaunchUrl(web.store.url, path, data)}${theme}`);
  return page;
}

async function expectFits(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOT_DIR, `${name}.png`), fullPage: true });
  expect(await overflowingElements(page), `${name}: elements wider than their box`).toEqual([]);
  expect(await missingGlyphs(page), `${name}: characters without a glyph`).toEqual([]);
}

const adminData = () => initData(ADMIN_ID, "Boss", "th");
const customerData = () => initData(CUSTOMER_ID, "Olga", "ru");
let order: Order;
let cartStorage: Record<string, string>;

beforeAll(async () => {
  requireThaiFonts();
  const admin = await telegramSignIn(adminData());
  const shops = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops;
  const lamai = shops.find((shop) => shop.name === "Lamai Night Market")!.id;
  await api("/api/admin/promos", {
    method: "POST",
    token: admin,
    body: {
      code: "SONGKRANFESTIVAL2027",
      amount: 150,
      min_total: 1500,
      max_uses: 500,
      valid_from: "2027-04-10T00:00:00+07:00",
      valid_to: "2027-04-20T23:59:00+07:00",
      shop_ids: [lamai],
      first_order_only: true,
    },
  });
  await api("/api/admin/promos", { method: "POST", token: admin, body: { code: "WELCOME10", percent: 10, once_per_customer: true } });
  const customer = await telegramSignIn(customerData());
  const gelato = (await api<{ products: ProductListItem[] }>("/api/products")).products.find((p) => p.name === "Gelato #41")!;
  cartStorage = {
    chosen_shop: JSON.stringify({ state: { chosenShopId: lamai }, version: 1 }),
    cart: JSON.stringify({
      state: {
        lines: [{ id: gelato.id, picked_option: "0", amount: 2 }],
        settings: { delivery_option: 1, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
        placement: null,
      },
      version: 2,
    }),
  };
  order = (
    await api<{ order: Order }>("/api/orders", {
      method: "POST",
      token: customer,
      headers: { "idempotency-key": "e2e-promos-languages-1" },
      body: {
        shop_id: lamai,
        items: [{ product_id: gelato.id, option_id: 0, amount: 2 }],
        delivery_option: 1,
        payment_option: 1,
        promo_code: "welcome10",
      },
    })
  ).order;
});

describe("promo codes in another language at 360 px", () => {
  it("an admin in Thai sees the codes with their uses and revenue, and the form", async () => {
    const page = await openInTelegram("/admin/promos", adminData());
    await page.getByTestId("promo-card").nth(1).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("โค้ดส่วนลด");
    expect(await page.getByTestId("promo-uses").allTextContents()).toEqual(["1", "0 / 500"]);
    await expectFits(page, "admin-promos-th");
    await page.getByTestId("promo-new").click();
    await page.getByTestId("promo-form").waitFor();
    await expectFits(page, "admin-promo-form-th");
  });

  it("the admin's codes and form fit in Telegram's light theme too", async () => {
    const page = await openInTelegram("/admin/promos", adminData(), {}, true);
    await page.getByTestId("promo-card").nth(1).waitFor();
    await expectFits(page, "admin-promos-th-light");
    await page.getByTestId("promo-new").click();
    await page.getByTestId("promo-form").waitFor();
    await expectFits(page, "admin-promo-form-th-light");
  });

  it("a customer in Russian sees the code, the struck-through total and what to pay", async () => {
    const page = await openInTelegram(`/order/${order.id}`, customerData());
    const total = page.getByTestId("order-total-box");
    await total.waitFor();
    expect(await total.getByTestId("order-total-promo").textContent()).toBe("Код WELCOME10");
    const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));
    expect(digits(await total.getByTestId("order-total-full").textContent())).toBe(order.total_price);
    expect(digits(await total.getByTestId("order-total").textContent())).toBe(order.discounted_price);
    expect(order.discounted_price).toBeLessThan(order.total_price);
    await expectFits(page, "order-promo-ru");
  });

  it("the cart's Promo code field checks the code on entry: the discount and the struck total, or why not", async () => {
    const page = await openInTelegram("/orders", initData(CUSTOMER_ID + 1, "Ivan", "ru"), cartStorage);
    await page.getByTestId("promo-input").fill("welcome10");
    await page.getByTestId("promo-apply").click();
    const verdict = page.getByTestId("promo-verdict");
    await verdict.filter({ hasText: "WELCOME10" }).waitFor();
    expect(await verdict.textContent()).toMatch(/^Промокод WELCOME10 применён: −\d+/);
    expect(await page.getByTestId("cart-total").locator("s").count()).toBe(1);
    await expectFits(page, "cart-promo-ru");

    // Olga used WELCOME10 (once per customer) on her order: her cart is told so, in Russian.
    const again = await openInTelegram("/orders", customerData(), cartStorage);
    await again.getByTestId("promo-input").fill("WELCOME10");
    await again.getByTestId("promo-apply").click();
    await again.getByTestId("promo-verdict").filter({ hasText: "уже" }).waitFor();
    expect(await again.getByTestId("promo-verdict").textContent()).toBe("Вы уже использовали промокод WELCOME10.");
    expect(await again.getByTestId("cart-total").locator("s").count()).toBe(0);
  });
});
