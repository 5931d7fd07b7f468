/**
 * A courier order at 360 px in English, Russian and Thai (found by a walk-through): the cart's shop heading
 * says where the order comes from once Courier is chosen.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../server/domain/locale";
import { signInitData } from "../../server/services/telegramInitData";
import en from "../../webapp/src/locales/en/app";
import ru from "../../webapp/src/locales/ru/app";
import th from "../../webapp/src/locales/th/app";
import { useBrowserStore } from "../helpers/browserStore";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off" }));
const { api } = storeApi(web);

const NARROW = { width: 360, height: 760 };
const APP = { en, ru, th } as const;
const LANGUAGES: Locale[] = ["en", "ru", "th"];
/** A customer of their own for each language and test: one may hold only so many open orders. */
let nextTelegramId = 828_000;

async function shopId(name: string): Promise<number> {
  const shop = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops.find((s) => s.name === name);
  if (!shop) throw new Error(`no shop ${name}`);
  return shop.id;
}

async function productId(name: string): Promise<number> {
  const product = (await api<{ products: { id: number; name: string }[] }>("/api/products")).products.find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product.id;
}

/** A new customer signed in from Telegram who chose `locale` in the store; their session token. */
async function customer(locale: Locale): Promise<string> {
  const initData = signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: ++nextTelegramId, first_name: "Nok" }) },
    TEST_BOT_TOKEN,
  );
  const { token } = await api<{ token: string }>("/api/auth/telegram", { method: "POST", body: { initData } });
  await api("/api/me/locale", { method: "PUT", token, body: { locale } });
  return token;
}

/** What a returning customer's browser holds: the session, Chaweng chosen, Gelato #41 in the cart for pickup. */
async function withCart(token: string): Promise<Record<string, string>> {
  return {
    token,
    chosen_shop: JSON.stringify({ state: { chosenShopId: await shopId("Chaweng Beach Store") }, version: 1 }),
    cart: JSON.stringify({
      state: {
        lines: [{ id: await productId("Gelato #41"), picked_option: "0", amount: 1 }],
        settings: { delivery_option: 1, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
        placement: null,
      },
      version: 2,
    }),
  };
}

/** A 360 px page whose profile holds `storage` (a session, a cart, a chosen shop) from the first load on. */
async function narrowPage(storage: Record<string, string>): Promise<Page> {
  const page = await web.newPage();
  await page.setViewportSize(NARROW);
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem("courier-seeded")) return;
    sessionStorage.setItem("courier-seeded", "1");
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, storage);
  return page;
}

/** Once the app speaks the language the server says the person chose (it starts in the browser's). */
async function inLanguage(page: Page, locale: Locale): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.lang === expected, locale);
}

describe.each(LANGUAGES)("a courier order in %s at 360 px", (locale) => {
  const say = (id: keyof typeof en) => APP[locale][id];

  it("the cart's shop section names the shop that sends the order once Courier is chosen", async () => {
    const page = await narrowPage(await withCart(await customer(locale)));
    await page.goto(`${web.store.url}/orders`);
    await inLanguage(page, locale);
    await page.getByTestId("cart-shop").first().waitFor();
    const heading = page.getByTestId("cart-shop-heading");
    await expect.poll(() => heading.textContent()).toBe(say("shops.pickupShop"));
    await page.getByTestId("delivery-options").getByRole("radio").nth(1).click();
    await expect.poll(() => heading.textContent()).toBe(say("shops.sendingShop"));
    expect(say("shops.sendingShop")).not.toBe(say("shops.pickupShop"));
    await page.getByTestId("delivery-options").getByRole("radio").nth(0).click();
    await expect.poll(() => heading.textContent()).toBe(say("shops.pickupShop"));
  });
});
