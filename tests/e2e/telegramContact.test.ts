/**
 * Phone and location from Telegram in Chromium (issue 26), driving the real webview protocol: the courier form's
 * 'Share my phone from Telegram' posts `web_app_request_phone`; once Telegram answers "sent", the contact reaches
 * the bot as an update from the fake Bot API, the bot keeps it, and the courier's phone fills without a reload.
 * 'Use my location' posts `web_app_check_location` / `web_app_request_location` and fills the address with a maps
 * link. Cancelled, unavailable, a plain browser, an older client: typing stays and nothing else changes.
 *
 * Screenshots of the 360 px forms (en/ru/th, light and dark) go to $SHOT_DIR/telegram-contact/ (default: the
 * system's temporary folder).
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import { DELIVERY_OPTIONS } from "../../server/domain/orders";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { startFakeBotApi, type FakeBotApi, type QueuedUpdate } from "../helpers/fakeBotApi";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import {
  recordTelegramEvents,
  sendTelegramEvent,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  telegramEvents,
  telegramLaunchUrl,
  waitForTelegramEvent,
} from "../helpers/telegramWebview";

let fake: FakeBotApi;
// Started before the store (hooks run in order) and closed after it (after-hooks run in reverse).
beforeAll(async () => {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
});
afterAll(() => fake.close());

// The store as `npm start` runs it, its bot polling the fake Bot API.
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.apiRoot }));
const SCREENSHOTS = join(process.env.SHOT_DIR ?? tmpdir(), "telegram-contact");

let nextTelegramId = 8_260_000;
let productId: number;

beforeAll(async () => {
  requireThaiFonts();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const { products } = (await (await fetch(`${web.store.url}/api/products`)).json()) as { products: ProductListItem[] };
  productId = products.find((p) => p.name === "Gelato #41")!.id;
});

type Theme = "light" | "dark";

interface Launch {
  languageCode?: string;
  theme?: Theme;
  width?: number;
  /** The Telegram client's Bot API version; null: a plain browser. */
  version?: string | null;
}

/**
 * A fresh profile with a courier cart (one line, courier delivery, nothing typed yet) opening the cart inside
 * Telegram as a new user. The Telegram id of that user.
 */
async function openCart(page: Page, { languageCode = "en", theme = "light", width = 360, version = "8.0" }: Launch = {}): Promise<number> {
  const telegramId = nextTelegramId++;
  await page.setViewportSize({ width, height: 760 });
  await recordTelegramEvents(web.context);
  const cart = {
    state: {
      lines: [{ id: productId, picked_option: "0", amount: 1 }],
      settings: {
        delivery_option: DELIVERY_OPTIONS.courier,
        payment_option: 1,
        phone: "",
        delivery_address: "",
        delivery_address_link: "",
      },
      placement: null,
    },
    version: 2,
  };
  await web.context.addInitScript((stored) => {
    if (!localStorage.getItem("cart")) localStorage.setItem("cart", stored);
  }, JSON.stringify(cart));
  if (version === null) {
    await page.goto(`${web.store.url}/orders`);
  } else {
    const user = { id: telegramId, first_name: "Mali", username: `mali_${telegramId}`, language_code: languageCode };
    const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(user) }, TEST_BOT_TOKEN);
    const themeParams = encodeURIComponent(JSON.stringify(theme === "light" ? TELEGRAM_LIGHT : TELEGRAM_DARK));
    const url = telegramLaunchUrl(web.store.url, "/orders", initData).replace("tgWebAppVersion=8.0", `tgWebAppVersion=${version}`);
    await page.goto(`${url}&tgWebAppThemeParams=${themeParams}`);
    // Signed in (the launch data did it), so the bot knows the user by the time their contact arrives.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token")), { timeout: 10_000 }).not.toBeNull();
  }
  await page.getByTestId("courier-phone").waitFor();
  return telegramId;
}

let messageIds = 1;

/** The contact message Telegram sends the bot when the person shares their phone (`user_id`: whose contact). */
function contactUpdate(from: number, contactOf: number, phone: string): QueuedUpdate {
  return {
    message: {
      message_id: messageIds++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from, type: "private", first_name: "Mali" },
      from: { id: from, is_bot: false, first_name: "Mali" },
      contact: { phone_number: phone, first_name: "Mali", user_id: contactOf },
    },
  } as QueuedUpdate;
}

const phoneRow = (page: Page) => page.getByTestId("courier-phone").textContent();

/** What the server keeps on the page's user for the courier. */
function keptContact(page: Page) {
  return page.evaluate(async () => {
    const answer = await fetch("/api/me/contact", { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return (await answer.json()) as { phone: string; delivery_address_link: string };
  });
}

/** Opens the courier form's phone and presses 'Share my phone from Telegram': the app asks Telegram. */
async function askTelegramForPhone(page: Page): Promise<void> {
  await page.getByTestId("courier-phone").click();
  await page.getByTestId("share-phone").click();
  await waitForTelegramEvent(page, "web_app_request_phone");
}

describe("Share my phone from Telegram", () => {
  it("asks Telegram, and the phone the bot receives fills the courier form without a reload", async () => {
    const page = await web.newPage();
    const telegramId = await openCart(page);
    await askTelegramForPhone(page);

    // The person said yes: Telegram answers the app, and sends the contact to the bot.
    await sendTelegramEvent(page, "phone_requested", { status: "sent" });
    await page.getByText("Waiting for your phone from Telegram…").waitFor();
    fake.queueUpdate(contactUpdate(telegramId, telegramId, "66812345678"));

    await expect.poll(() => phoneRow(page), { timeout: 10_000 }).toContain("+66812345678");
    expect(await page.getByRole("dialog").count()).toBe(0);
    const [reply] = await fake.waitFor("sendMessage", { where: (p) => p.chat_id === telegramId });
    expect(reply!.text).toBe("Thanks: your phone +66812345678 is in the store's courier form now.");
    expect((await keptContact(page)).phone).toBe("+66812345678");
  });

  it("a forwarded contact of someone else fills nothing: the form says the phone has not come, and typing stays", async () => {
    const page = await web.newPage();
    const telegramId = await openCart(page);
    await askTelegramForPhone(page);
    await sendTelegramEvent(page, "phone_requested", { status: "sent" });
    fake.queueUpdate(contactUpdate(telegramId, telegramId + 500, "+66 99 111 2222"));
    await fake.waitFor("sendMessage", { where: (p) => p.chat_id === telegramId });

    // The form looks for 15 s, then says so; the field is still there to type in.
    await page.getByText("Your phone has not come from Telegram yet. Type it here, or try again.").waitFor({ timeout: 20_000 });
    expect((await keptContact(page)).phone).toBe("");
    await page.getByTestId("phone-input").fill("+66 80 123 4567");
    await page.getByRole("button", { name: "Save phone" }).click();
    await expect.poll(() => phoneRow(page)).toContain("+66 80 123 4567");
  });

  it("cancelled in Telegram's dialog: nothing changes, and the phone is typed as before", async () => {
    const page = await web.newPage();
    await openCart(page);
    await askTelegramForPhone(page);
    await sendTelegramEvent(page, "phone_requested", { status: "cancelled" });

    await expect.poll(() => page.getByTestId("share-phone").isEnabled()).toBe(true);
    expect(await page.getByTestId("phone-input").inputValue()).toBe("");
    expect(await page.getByText("Waiting for your phone from Telegram…").count()).toBe(0);
    await page.getByTestId("phone-input").fill("+66 80 765 4321");
    await page.getByRole("button", { name: "Save phone" }).click();
    await expect.poll(() => phoneRow(page)).toContain("+66 80 765 4321");
  });
});

describe("Use my location", () => {
  it("asks only when pressed, and the point fills the address with a maps link the server keeps", async () => {
    const page = await web.newPage();
    await openCart(page);
    await page.getByTestId("courier-address").click();
    await page.getByTestId("use-location").waitFor();
    // Nothing asked of the location until the press.
    const asked = (await telegramEvents(page)).filter((e) => e.type.includes("location"));
    expect(asked).toEqual([]);

    await page.getByTestId("use-location").click();
    await waitForTelegramEvent(page, "web_app_check_location");
    await sendTelegramEvent(page, "location_checked", { available: true, access_requested: false });
    await waitForTelegramEvent(page, "web_app_request_location");
    // Telegram asked the person for access (first time), then sends the point and the new access state.
    await sendTelegramEvent(page, "location_requested", { available: true, latitude: 9.512, longitude: 100.0136 });
    await waitForTelegramEvent(page, "web_app_check_location", { after: 1 });
    await sendTelegramEvent(page, "location_checked", { available: true, access_requested: true, access_granted: true });

    const link = "https://maps.google.com/?q=9.512000,100.013600";
    await expect.poll(() => page.getByTestId("address-link-input").inputValue()).toBe(link);
    expect(await page.getByTestId("address-input").inputValue()).toBe("My location: 9.512000, 100.013600");
    await page.getByText("Your location is in. Add the house or room number for the courier.").waitFor();
    expect((await keptContact(page)).delivery_address_link).toBe(link);

    await page.getByRole("button", { name: "Save address" }).click();
    await expect.poll(() => page.getByTestId("courier-address").textContent()).toContain(link);
  });

  it("keeps what was typed in the address and only adds the link", async () => {
    const page = await web.newPage();
    await openCart(page);
    await page.getByTestId("courier-address").click();
    await page.getByTestId("address-input").fill("Villa 7, Soi 3");
    await page.getByTestId("use-location").click();
    await waitForTelegramEvent(page, "web_app_check_location");
    await sendTelegramEvent(page, "location_checked", { available: true, access_requested: true, access_granted: true });
    await waitForTelegramEvent(page, "web_app_request_location");
    await sendTelegramEvent(page, "location_requested", { available: true, latitude: 9.47, longitude: 100.045 });
    await expect.poll(() => page.getByTestId("address-link-input").inputValue()).toBe("https://maps.google.com/?q=9.470000,100.045000");
    expect(await page.getByTestId("address-input").inputValue()).toBe("Villa 7, Soi 3");
  });

  it("a device without location, or access refused: a clear line, typing stays, a press after the settings works", async () => {
    const page = await web.newPage();
    await openCart(page);
    await page.getByTestId("courier-address").click();
    await page.getByTestId("use-location").click();
    await waitForTelegramEvent(page, "web_app_check_location");
    await sendTelegramEvent(page, "location_checked", { available: false });
    expect(await page.getByTestId("location-problem").textContent()).toBe(
      "Telegram cannot get a location on this device. Please type the address.",
    );
    expect(await telegramEvents(page).then((events) => events.some((e) => e.type === "web_app_request_location"))).toBe(false);
    expect(await page.getByTestId("address-link-input").inputValue()).toBe("");

    const refused = await web.newPage();
    await openCart(refused);
    await refused.getByTestId("courier-address").click();
    await refused.getByTestId("use-location").click();
    await waitForTelegramEvent(refused, "web_app_check_location");
    await sendTelegramEvent(refused, "location_checked", { available: true, access_requested: true, access_granted: false });
    await waitForTelegramEvent(refused, "web_app_request_location");
    await sendTelegramEvent(refused, "location_requested", { available: false });
    await waitForTelegramEvent(refused, "web_app_check_location", { after: 1 });
    await sendTelegramEvent(refused, "location_checked", { available: true, access_requested: true, access_granted: false });
    await expect.poll(() => refused.getByTestId("location-problem").textContent()).toMatch(/^Telegram may not share your location/);
    await refused.getByRole("button", { name: "Open settings" }).click();
    await waitForTelegramEvent(refused, "web_app_open_location_settings");
    // Back from the settings with access given: pressed again, the point comes (the manager is set up already).
    await refused.getByTestId("use-location").click();
    await waitForTelegramEvent(refused, "web_app_request_location", { after: 1 });
    await sendTelegramEvent(refused, "location_requested", { available: true, latitude: 9.47, longitude: 100.045 });
    await waitForTelegramEvent(refused, "web_app_check_location", { after: 2 });
    await sendTelegramEvent(refused, "location_checked", { available: true, access_requested: true, access_granted: true });
    const linkField = refused.getByTestId("address-link-input");
    await expect.poll(() => linkField.inputValue()).toBe("https://maps.google.com/?q=9.470000,100.045000");
    expect(await refused.getByTestId("location-problem").count()).toBe(0);
    await refused.getByTestId("address-input").fill("Lamai, next to the night market");
    await refused.getByRole("button", { name: "Save address" }).click();
    await expect.poll(() => refused.getByTestId("courier-address").textContent()).toContain("Lamai, next to the night market");
  });
});

describe("where Telegram cannot", () => {
  it("a plain browser and an older Telegram client show no Telegram buttons: the form is typed", async () => {
    const browser = await web.newPage();
    await openCart(browser, { version: null });
    await browser.getByTestId("courier-phone").click();
    await browser.getByTestId("phone-input").waitFor();
    expect(await browser.getByTestId("share-phone").count()).toBe(0);

    // 6.4: before requestContact (6.9) and LocationManager (8.0).
    const old = await web.newPage();
    await openCart(old, { version: "6.4" });
    await old.getByTestId("courier-phone").click();
    await old.getByTestId("phone-input").waitFor();
    await old.waitForTimeout(500);
    expect(await old.getByTestId("share-phone").count()).toBe(0);
    await old.getByRole("button", { name: "Close" }).click();
    await old.getByTestId("courier-address").click();
    await old.getByTestId("address-input").waitFor();
    await old.waitForTimeout(300);
    expect(await old.getByTestId("use-location").count()).toBe(0);
  });
});

describe("the forms at 360 px", () => {
  for (const languageCode of ["en", "ru", "th"]) {
    for (const theme of ["light", "dark"] as const) {
      it(`in ${languageCode}, ${theme}: the buttons fit, every character drawn`, async () => {
        const page = await web.newPage();
        await openCart(page, { languageCode, theme });
        await page.getByTestId("courier-phone").click();
        await page.getByTestId("share-phone").waitFor();
        expect(await overflowingElements(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `phone-${languageCode}-${theme}.png`), animations: "disabled" });
        await page.getByTestId("share-phone").click();
        await waitForTelegramEvent(page, "web_app_request_phone");
        await sendTelegramEvent(page, "phone_requested", { status: "sent" });
        await page.locator(".from-telegram__note").waitFor();
        expect(await overflowingElements(page)).toEqual([]);
        expect(await missingGlyphs(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `phone-waiting-${languageCode}-${theme}.png`), animations: "disabled" });

        await page.getByTestId("phone-input").fill("+66 81 234 5678");
        await page.locator(".detail-form button[type=submit]").click();
        await page.getByTestId("courier-address").click();
        await page.getByTestId("use-location").click();
        await waitForTelegramEvent(page, "web_app_check_location");
        await sendTelegramEvent(page, "location_checked", { available: true, access_requested: true, access_granted: true });
        await waitForTelegramEvent(page, "web_app_request_location");
        await sendTelegramEvent(page, "location_requested", { available: true, latitude: 9.531, longitude: 100.062 });
        await expect.poll(() => page.getByTestId("address-link-input").inputValue()).toContain("maps.google.com");
        expect(await overflowingElements(page)).toEqual([]);
        expect(await missingGlyphs(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `address-${languageCode}-${theme}.png`), animations: "disabled" });
      });
    }
  }
});
