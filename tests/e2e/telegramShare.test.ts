/**
 * Issue 26 in Chromium inside Telegram, through the real webview protocol (what the app posts through
 * TelegramWebviewProxy, Telegram's answers through Telegram.WebView.receiveEvent), against the store and the fake
 * Bot API: Share sends the card the bot prepared (`web_app_send_prepared_message` with the id the Bot API gave)
 * and falls back to the share sheet or the clipboard; the product page's 'Cart' is Telegram's SecondaryButton;
 * Telegram's safe area moves the header and the bottom bar.
 *
 * Screenshots of the referral box and the product page at 360 px, light and dark, en/ru/th, go to
 * $SHOT_DIR/telegram-share/ (default: the system's temporary folder).
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { PartnerSummary } from "../../server/domain/contracts/partner";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";
import {
  recordTelegramEvents,
  sendTelegramEvent,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  telegramEvents,
  telegramLaunchUrl,
  waitForTelegramEvent,
} from "../helpers/telegramWebview";

const BOT_USERNAME = "samui_store_bot";
const SCREENS = join(process.env.SHOT_DIR ?? tmpdir(), "telegram-share");
const NARROW = { width: 360, height: 740 };

// Registered before the store's hooks, so the store is started pointing at it.
let fake: FakeBotApi;
beforeAll(async () => {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  requireThaiFonts();
  mkdirSync(SCREENS, { recursive: true });
});
afterAll(async () => {
  await fake?.close();
});

// BOT_MODE off: this process runs no bot; the API still asks the (fake) Bot API for cards.
const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  BOT_TOKEN: TEST_BOT_TOKEN,
  BOT_MODE: "off",
  BOT_USERNAME,
  TELEGRAM_API_ROOT: fake.apiRoot,
}));
const { api, emailToken } = storeApi(web);

let nextTelegramId = 880_000;

interface Launch {
  languageCode?: string;
  theme?: "light" | "dark";
  version?: string;
  telegramId?: number;
}

/** A fresh profile opening `path` inside Telegram as a new customer. */
async function openInTelegram(path: string, { languageCode = "en", theme, version = "8.0", telegramId = ++nextTelegramId }: Launch = {}) {
  const page = await web.newPage();
  await page.setViewportSize(NARROW);
  await recordTelegramEvents(web.context);
  const user = JSON.stringify({ id: telegramId, first_name: "Nok", language_code: languageCode });
  const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, TEST_BOT_TOKEN);
  let url = telegramLaunchUrl(web.store.url, path, initData).replace("tgWebAppVersion=8.0", `tgWebAppVersion=${version}`);
  if (theme) url += `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme === "light" ? TELEGRAM_LIGHT : TELEGRAM_DARK))}`;
  await page.goto(url);
  await page.getByTestId("balance-chip").waitFor();
  return { page, telegramId };
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem("token"));
const ofType = async (page: Page, type: string) => (await telegramEvents(page)).filter((event) => event.type === type);
const lastOf = async <T>(page: Page, type: string) => (await ofType(page, type)).at(-1)?.data as T | undefined;
/** What the share sheet was opened with (t.me/share/url), one entry per opening. */
const shareSheets = async (page: Page) =>
  (await ofType(page, "web_app_open_tg_link")).map((event) => new URL(`https://t.me${(event.data as { path_full: string }).path_full}`));

async function openCabinetShare(page: Page): Promise<void> {
  await page.getByTestId("nav-cabinet").click();
  await page.getByTestId("referral-rate").filter({ hasText: "%" }).waitFor();
}

describe("Share on the referral box", () => {
  it("inside Telegram 8.0 sends the card the bot prepared: shareMessage with the Bot API's id", async () => {
    const { page, telegramId } = await openInTelegram("/");
    await openCabinetShare(page);
    const { reflink } = await api<PartnerSummary>("/api/partner", { token: (await token(page))! });
    const before = fake.calls.filter((c) => c.method === "savePreparedInlineMessage").length;

    await page.getByTestId("referral-share").click();
    const [call] = (await fake.waitFor("savePreparedInlineMessage", { count: before + 1 })).slice(before);
    expect(call!.user_id).toBe(telegramId);
    expect(call!.result.input_message_content.message_text).toContain("3% of every order");
    expect(call!.result.reply_markup.inline_keyboard[0][0].url).toBe(`https://t.me/${BOT_USERNAME}?startapp=${reflink}`);
    const prepared = fake.calls.filter((c) => c.method === "savePreparedInlineMessage").at(-1)!.result as { id: string };

    expect(await waitForTelegramEvent(page, "web_app_send_prepared_message")).toEqual({ id: prepared.id });
    // Telegram reports the card sent: a success tap, and no share sheet or banner on top.
    await sendTelegramEvent(page, "prepared_message_sent", {});
    expect(
      await waitForTelegramEvent(page, "web_app_trigger_haptic_feedback", {
        where: (data) => (data as { notification_type?: string }).notification_type === "success",
      }),
    ).toMatchObject({ type: "notification" });
    expect(await shareSheets(page)).toEqual([]);
    expect(await page.getByTestId("notification").count()).toBe(0);
  });

  it("falls back to Telegram's share sheet, without a banner, when the Bot API fails", async () => {
    const { page } = await openInTelegram("/");
    await openCabinetShare(page);
    fake.failNext("savePreparedInlineMessage", { error_code: 500 });
    await page.getByTestId("referral-share").click();
    await expect.poll(async () => (await shareSheets(page)).length, { timeout: 8_000 }).toBe(1);
    const [sheet] = await shareSheets(page);
    expect(sheet!.pathname).toBe("/share/url");
    expect(sheet!.searchParams.get("url")).toMatch(new RegExp(`^https://t\\.me/${BOT_USERNAME}\\?startapp=`));
    expect(await ofType(page, "web_app_send_prepared_message")).toEqual([]);
    expect(await page.getByTestId("notification").count()).toBe(0);
  });

  it("in a client older than 8.0 opens the share sheet and asks the store for no card", async () => {
    const { page } = await openInTelegram("/", { version: "7.10" });
    await openCabinetShare(page);
    const before = fake.calls.filter((c) => c.method === "savePreparedInlineMessage").length;
    await page.getByTestId("referral-share").click();
    await expect.poll(async () => (await shareSheets(page)).length).toBe(1);
    expect(fake.calls.filter((c) => c.method === "savePreparedInlineMessage").length).toBe(before);
  });

  it("in a browser copies the web link, as before", async () => {
    const sessionToken = await emailToken("share-browser@samui.example");
    const { reflink } = await api<PartnerSummary>("/api/partner", { token: sessionToken });
    const page = await web.newPage();
    await web.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: web.store.url });
    await web.context.addInitScript((value) => localStorage.setItem("token", value), sessionToken);
    const before = fake.calls.filter((c) => c.method === "savePreparedInlineMessage").length;
    await page.goto(`${web.store.url}/cabinet`);
    await page.getByTestId("referral-rate").filter({ hasText: "%" }).waitFor();
    await page.getByTestId("referral-share").click();
    await expect.poll(() => page.getByTestId("notification").allTextContents()).toContain("Referral link was copied");
    // The store's own address of the page, as the box shows it.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${web.store.url}/${reflink}`);
    expect(fake.calls.filter((c) => c.method === "savePreparedInlineMessage").length).toBe(before);
  });
});

async function productNamed(name: string): Promise<ProductListItem> {
  const found = (await api<{ products: ProductListItem[] }>("/api/products")).products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

type ButtonSetup = { is_visible: boolean; is_active?: boolean; text?: string; position?: string };

describe("the product page's Telegram bar", () => {
  it("'Add to order' is the MainButton and 'Cart' the SecondaryButton beside it, which opens the cart; both go when leaving", async () => {
    const gelato = await productNamed("Gelato #41");
    const { page } = await openInTelegram(`/products/${gelato.id}`);
    await page.getByTestId("amount-picker").waitFor();
    // The page's own order button gives way to Telegram's.
    expect(await page.getByTestId("add-to-order").count()).toBe(0);
    await expect.poll(() => lastOf<ButtonSetup>(page, "web_app_setup_main_button")).toMatchObject({
      is_visible: true,
      is_active: true,
      text: "Add to order",
    });
    // An empty cart: no 'Cart' button yet.
    expect((await lastOf<ButtonSetup>(page, "web_app_setup_secondary_button"))?.is_visible ?? false).toBe(false);

    // Telegram's MainButton orders: the shop first, then the product goes in.
    await sendTelegramEvent(page, "main_button_pressed", {});
    await page.getByTestId("store-choice").filter({ hasText: "Lamai Night Market" }).click();
    await expect.poll(() => lastOf<ButtonSetup>(page, "web_app_setup_main_button")).toMatchObject({ is_visible: true, text: "Ordered" });
    await expect.poll(() => lastOf<ButtonSetup>(page, "web_app_setup_secondary_button")).toMatchObject({
      is_visible: true,
      is_active: true,
      text: "Cart (1)",
      position: "left",
    });

    await sendTelegramEvent(page, "secondary_button_pressed", {});
    await page.waitForURL(`${web.store.url}/orders`);
    await page.getByTestId("cart-line").waitFor();
    // On the cart the SecondaryButton is gone and the MainButton is Place order.
    await expect.poll(async () => (await lastOf<ButtonSetup>(page, "web_app_setup_secondary_button"))?.is_visible).toBe(false);
    await expect.poll(async () => (await lastOf<ButtonSetup>(page, "web_app_setup_main_button"))?.text).toMatch(/^Place order/);
  });

  it("is Telegram's MainButton alone in a 7.7 client, which has no SecondaryButton", async () => {
    const gelato = await productNamed("Gelato #41");
    const { page } = await openInTelegram(`/products/${gelato.id}`, { version: "7.7" });
    await page.getByTestId("amount-picker").waitFor();
    const main = () => lastOf<ButtonSetup>(page, "web_app_setup_main_button");
    await expect.poll(main).toMatchObject({ is_visible: true, text: "Add to order" });
    await sendTelegramEvent(page, "main_button_pressed", {});
    await page.getByTestId("store-choice").filter({ hasText: "Lamai Night Market" }).click();
    await expect.poll(() => lastOf<ButtonSetup>(page, "web_app_setup_main_button")).toMatchObject({ text: "Ordered" });
    expect(await ofType(page, "web_app_setup_secondary_button")).toEqual([]);
  });
});

/** Where the header's content and the bottom bar's items are drawn, in CSS pixels from the top. */
function layout(page: Page) {
  return page.evaluate(() => {
    const brand = document.querySelector(".header .brand")!.getBoundingClientRect();
    const nav = document.querySelector<HTMLElement>("[data-testid=bottom-nav]")!;
    return { brandTop: brand.top, navPaddingBottom: parseFloat(getComputedStyle(nav).paddingBottom) };
  });
}

describe("Telegram's safe area", () => {
  it("moves the header below the notch and Telegram's buttons, and the bottom bar above the home bar", async () => {
    const { page } = await openInTelegram("/");
    await page.waitForFunction(() => "Telegram" in window && "WebView" in (window as unknown as { Telegram: object }).Telegram);
    const before = await layout(page);

    await sendTelegramEvent(page, "safe_area_changed", { top: 44, bottom: 34, left: 0, right: 0 });
    await expect.poll(async () => (await layout(page)).brandTop).toBeCloseTo(before.brandTop + 44, 0);
    expect((await layout(page)).navPaddingBottom).toBeCloseTo(before.navPaddingBottom + 34, 0);

    // Telegram's fullscreen buttons cover a strip inside the safe area: the header goes below that too.
    await sendTelegramEvent(page, "content_safe_area_changed", { top: 46, bottom: 0, left: 0, right: 0 });
    await expect.poll(async () => (await layout(page)).brandTop).toBeCloseTo(before.brandTop + 44 + 46, 0);
    await page.screenshot({ path: join(SCREENS, "fullscreen-safe-area-home.png") });

    // Out of fullscreen Telegram reports zeros again: the header goes back.
    await sendTelegramEvent(page, "safe_area_changed", { top: 0, bottom: 0, left: 0, right: 0 });
    await sendTelegramEvent(page, "content_safe_area_changed", { top: 0, bottom: 0, left: 0, right: 0 });
    await expect.poll(async () => (await layout(page)).brandTop).toBeCloseTo(before.brandTop, 0);
  });
});

/** Once animations have ended and the fonts are in: the layout is final. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

async function checkScreen(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
  expect(await overflowingElements(page), `${name}: elements wider than their box`).toEqual([]);
  expect(await missingGlyphs(page), `${name}: characters drawn as boxes`).toEqual([]);
}

describe.each([
  ["en", "Invite friends"],
  ["ru", "Пригласите друзей"],
  ["th", "ชวนเพื่อน"],
] as const)("at 360 px in %s", (languageCode, title) => {
  it.each(["light", "dark"] as const)("the referral box and the product page fit in the %s theme", async (theme) => {
    const gelato = await productNamed("Gelato #41");
    const { page } = await openInTelegram("/", { languageCode, theme });
    await page.getByTestId("nav-cabinet").click();
    const box = page.getByTestId("referral-box");
    await page.getByTestId("referral-rate").filter({ hasText: "%" }).waitFor();
    expect(await box.locator("h2").textContent()).toBe(title);
    await checkScreen(page, `cabinet-${languageCode}-${theme}`);
    await settled(page);
    await box.screenshot({ path: join(SCREENS, `referral-box-${languageCode}-${theme}.png`) });

    await page.goto(`${web.store.url}/products/${gelato.id}`);
    await page.getByTestId("amount-picker").waitFor();
    await page.waitForFunction(() => Array.from(document.images).some((image) => image.complete && image.naturalWidth > 0));
    await checkScreen(page, `product-${languageCode}-${theme}`);
  });
});
