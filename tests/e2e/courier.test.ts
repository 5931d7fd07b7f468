/**
 * A courier order at 360 px in English, Russian and Thai (found by a walk-through): the cart's shop heading
 * says where the order comes from once Courier is chosen; the phone and address dialogs say what is wrong
 * beside the field before saving and stay open; a long Google Maps link leaves the customer's order page and
 * the staff's hand-over screen as wide as the phone, shortened as the spec shortens addresses, and opens whole.
 * Screenshots are kept in $SHOT_DIR/courier/ (default: the system's temporary folder) to look at.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../server/domain/contracts/orders";
import type { Locale } from "../../server/domain/locale";
import { signInitData } from "../../server/services/telegramInitData";
import en from "../../webapp/src/locales/en/app";
import ru from "../../webapp/src/locales/ru/app";
import th from "../../webapp/src/locales/th/app";
import { useBrowserStore } from "../helpers/browserStore";
import { overflowingElements } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";

const ADMIN_EMAIL = "courier-boss@samui.example";
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken, shopId } = storeApi(web);

const SCREENS = join(process.env.SHOT_DIR ?? tmpdir(), "courier");
const NARROW = { width: 360, height: 760 };
const LONG_LINK = "https://www.google.com/maps/place/Some+Villa/@9.53,100.06,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d9.53!4d100.06";
const LONG_LINK_SHORT = "https…!4d100.06";
const SHORT_LINK = "https://maps.app.goo.gl/AbCdEf12345";
const PHONE = "+66 81 234 5678";
const APP = { en, ru, th } as const;
const LANGUAGES: Locale[] = ["en", "ru", "th"];
/** A customer of their own for each language and test: one may hold only so many open orders. */
let nextTelegramId = 828_000;

beforeAll(() => {
  mkdirSync(SCREENS, { recursive: true });
});

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

/** A courier order of Gelato #41 from Chaweng placed over the API; its id. */
async function placeCourier(token: string, delivery_address_link: string): Promise<number> {
  const { order } = await api<{ order: Order }>("/api/orders", {
    method: "POST",
    token,
    headers: { "idempotency-key": `courier-order-${++nextTelegramId}` },
    body: {
      shop_id: await shopId("Chaweng Beach Store"),
      items: [{ product_id: await productId("Gelato #41"), option_id: 0, amount: 1 }],
      delivery_option: 2,
      payment_option: 1,
      phone: PHONE,
      delivery_address: "Villa 7, Bophut Hills",
      delivery_address_link,
    },
  });
  return order.id;
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

/** Whether the page is exactly as wide as the screen: nothing makes it scroll sideways. */
const pageWidths = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });

/** Once the app speaks the language the server says the person chose (it starts in the browser's). */
async function inLanguage(page: Page, locale: Locale): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.lang === expected, locale);
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The screen as it stays, once its notices (3 s each, spec §9) have gone from over it. */
async function shot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.getByTestId("notification").count(), { timeout: 10_000 }).toBe(0);
  await settled(page);
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
}

/** The open dialog's field is refused: the message beside it, the field marked and focused, the dialog still open. */
async function expectRefused(page: Page, fieldTestId: string, message: string): Promise<void> {
  const dialog = page.getByRole("dialog");
  const field = dialog.getByTestId(fieldTestId);
  const error = dialog.getByTestId("field-error");
  await expect.poll(() => error.textContent()).toBe(message);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  expect(await field.getAttribute("aria-describedby")).toBe(await error.getAttribute("id"));
  expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await dialog.count()).toBe(1);
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

  it("the phone and address dialogs refuse what the server would, beside the field, and stay open", async () => {
    const token = await customer(locale);
    const page = await narrowPage(await withCart(token));
    await page.goto(`${web.store.url}/orders`);
    await inLanguage(page, locale);
    await page.getByTestId("cart-shop").first().waitFor();
    await page.getByTestId("delivery-options").getByRole("radio").nth(1).click();

    // The phone: words and too few digits are refused in the dialog, which stays open; a real number is saved.
    await page.getByTestId("courier-phone").click();
    const dialog = page.getByRole("dialog");
    const phone = dialog.getByTestId("phone-input");
    await phone.fill("call me maybe");
    await dialog.locator("button[type=submit]").click();
    await expectRefused(page, "phone-input", say("courier.phoneInvalid"));
    await shot(page, `${locale}-phone-dialog-refused`);
    // Editing clears the message; Enter checks again.
    await phone.fill("+66 1");
    expect(await dialog.getByTestId("field-error").count()).toBe(0);
    await phone.press("Enter");
    await expectRefused(page, "phone-input", say("courier.phoneInvalid"));
    await phone.fill(PHONE);
    await dialog.locator("button[type=submit]").click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("courier-phone").textContent()).toContain(PHONE);

    // The link: another site, Apple Maps, and a link without https:// are refused beside the field.
    await page.getByTestId("courier-address").click();
    const link = dialog.getByTestId("address-link-input");
    for (const refused of ["https://example.com/my-villa", "https://maps.apple.com/?q=Some+Villa", "maps.google.com/?q=9.5,100.0"]) {
      await link.fill(refused);
      await dialog.locator("button[type=submit]").click();
      await expectRefused(page, "address-link-input", say("courier.mapsLinkInvalid"));
    }
    await shot(page, `${locale}-address-dialog-refused`);
    await link.fill(LONG_LINK);
    await dialog.locator("button[type=submit]").click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("courier-address").textContent()).toContain(LONG_LINK);
    expect(await pageWidths(page)).toEqual({ scrollWidth: NARROW.width, clientWidth: NARROW.width });
    await shot(page, `${locale}-cart-courier`);

    // What the dialogs let through, the server takes.
    await page.getByTestId("place-order").click();
    await page.waitForURL(/\/order\/\d+\?first=Y$/);
    const orderId = Number(new URL(page.url()).pathname.split("/").at(-1));
    const { order } = await api<{ order: Order }>(`/api/orders/${orderId}`, { token });
    expect(order).toMatchObject({ phone: PHONE, delivery_address_link: LONG_LINK });
  });

  it("the order page stays as wide as the phone with a long maps link, shown shortened, a link to the whole", async () => {
    const token = await customer(locale);
    const orderId = await placeCourier(token, LONG_LINK);
    const page = await narrowPage({ token });
    await web.context.route("https://www.google.com/maps/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>map</p>" }));
    await page.goto(`${web.store.url}/order/${orderId}`);
    await inLanguage(page, locale);
    const mapsLink = page.getByTestId("courier-maps-link");
    await mapsLink.waitFor();
    await settled(page);
    expect(await pageWidths(page)).toEqual({ scrollWidth: NARROW.width, clientWidth: NARROW.width });
    expect(await overflowingElements(page)).toEqual([]);
    expect(await mapsLink.textContent()).toBe(LONG_LINK_SHORT);
    expect(await mapsLink.getAttribute("href")).toBe(LONG_LINK);
    expect(await mapsLink.getAttribute("target")).toBe("_blank");
    const name = say("courier.openMapsLink").replace("{link}", LONG_LINK_SHORT);
    expect(await page.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(LONG_LINK);
    await shot(page, `${locale}-order`);

    // Tapped, it opens the whole link outside the app.
    const [opened] = await Promise.all([page.waitForEvent("popup"), mapsLink.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(LONG_LINK);
  });

  it("the staff's hand-over screen stays as wide as the phone with a long or a short maps link", async () => {
    const managerEmail = `courier-manager-${locale}@samui.example`;
    const customerToken = await customer(locale);
    const long = await placeCourier(customerToken, LONG_LINK);
    const short = await placeCourier(customerToken, SHORT_LINK);

    const managerToken = await emailToken(managerEmail);
    await api("/api/me/locale", { method: "PUT", token: managerToken, body: { locale } });
    const admin = await emailToken(ADMIN_EMAIL);
    const chaweng = await shopId("Chaweng Beach Store");
    await api(`/api/admin/shops/${chaweng}/staff`, { method: "POST", token: admin, body: { email: managerEmail, role: "manager" } });

    const page = await narrowPage({ token: managerToken });
    for (const [orderId, link, shown, name] of [
      [long, LONG_LINK, LONG_LINK_SHORT, "long"],
      [short, SHORT_LINK, "https…CdEf12345", "short"],
    ] as const) {
      await page.goto(`${web.store.url}/order/manage/${orderId}`);
      await inLanguage(page, locale);
      const mapsLink = page.getByTestId("handover").getByTestId("courier-maps-link");
      await mapsLink.waitFor();
      await settled(page);
      expect(await pageWidths(page), name).toEqual({ scrollWidth: NARROW.width, clientWidth: NARROW.width });
      expect(await overflowingElements(page), name).toEqual([]);
      expect(await mapsLink.getAttribute("href")).toBe(link);
      expect(await mapsLink.textContent()).toBe(shown);
      await shot(page, `${locale}-handover-${name}`);
    }
  });
});
