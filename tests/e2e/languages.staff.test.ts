/**
 * The staff screens in Thai and Russian (issue 24), in Chromium in Telegram mode at 360 px: a manager whose
 * Telegram speaks `th`, then `ru`, opens an order's hand-over screen (and ORDER DONE's confirmation), the shop's
 * orders list and the manager page; an admin whose Telegram speaks `th` opens the statistics, and admins in `th`
 * and `ru` the products list, the admin page, the shops, a shop's form and the product form. Each screen shows
 * that language's texts, in both themes nothing is wider than its box and no character is drawn as a
 * missing-glyph box. The checks themselves are first shown to catch a real overflow and a real missing glyph.
 *
 * Every screen is saved as a screenshot in $SHOT_DIR/languages-staff (default: the system's temporary directory).
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { signInitData } from "../../server/services/telegramInitData";
import type { TelegramThemeParams } from "../../webapp/src/lib/theme";
import { useBrowserStore } from "../helpers/browserStore";
import { clippedSelects, missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";
import { recordTelegramEvents, TELEGRAM_DARK, TELEGRAM_LIGHT, telegramLaunchUrl } from "../helpers/telegramWebview";

const BOT_TOKEN = TEST_BOT_TOKEN;
/** The admins sign in with Telegram: one whose Telegram speaks Thai, one Russian. */
const ADMIN_IDS = { th: 737_373, ru: 767_676 } as const;
const MANAGER_IDS = { th: 747_474, ru: 757_575 } as const;
const SHOT_DIR = join(process.env.SHOT_DIR ?? tmpdir(), "languages-staff");

const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  BOT_TOKEN,
  BOT_MODE: "off",
  ADMIN_TELEGRAM_IDS: Object.values(ADMIN_IDS).join(","),
}));
const { api } = storeApi(web);

const THEMES: Record<"light" | "dark", TelegramThemeParams> = { light: TELEGRAM_LIGHT, dark: TELEGRAM_DARK };

function initData(id: number, firstName: string, languageCode: string): string {
  const user = JSON.stringify({ id, first_name: firstName, language_code: languageCode });
  return signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, BOT_TOKEN);
}

async function telegramSignIn(data: string): Promise<string> {
  return (await api<{ token: string }>("/api/auth/telegram", { method: "POST", body: { initData: data } })).token;
}

type Theme = keyof typeof THEMES;

/** What Telegram opens: the launch data and the theme's colours in the hash. */
function launchUrl(path: string, data: string, theme: Theme): string {
  return `${telegramLaunchUrl(web.store.url, path, data)}&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(THEMES[theme]))}`;
}

/** A page of the mini-app opened by Telegram at 360 px. */
async function openInTelegram(path: string, data: string, theme: Theme): Promise<Page> {
  const page = await web.newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  await recordTelegramEvents(web.context);
  await page.goto(launchUrl(path, data, theme));
  return page;
}

/** Saves the screen (the whole page, or the phone's screen of a long list), then: nothing wider than its box, no missing glyph. */
async function expectFits(page: Page, name: string, fullPage = true): Promise<void> {
  // Fonts and late pictures settle first: a measure before them is not what the phone shows.
  await page.evaluate(() => document.fonts.ready);
  // …and the opening animations (a dialog fades and slides in): measured and shot at rest.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOT_DIR, `${name}.png`), fullPage });
  expect(await overflowingElements(page), `${name}: elements wider than their box`).toEqual([]);
  expect(await missingGlyphs(page), `${name}: characters without a glyph`).toEqual([]);
  expect(await clippedSelects(page), `${name}: drop-downs that cut their text`).toEqual([]);
}

let orderId: number;
const adminData = (language: keyof typeof ADMIN_IDS = "th") => initData(ADMIN_IDS[language], `Boss ${language}`, language);

beforeAll(async () => {
  requireThaiFonts();
  // A Telegram customer's pickup order at Lamai, of the demo's longest product name, for the narrow screen.
  const customer = await telegramSignIn(initData(727_272, "Kanya", "th"));
  const shops = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops;
  const lamai = shops.find((shop) => shop.name === "Lamai Night Market")!.id;
  const papers = (await api<{ products: ProductListItem[] }>("/api/products")).products.find((p) => p.name === "King Size Rolling Papers")!;
  const { order } = await api<{ order: Order }>("/api/orders", {
    method: "POST",
    token: customer,
    headers: { "idempotency-key": "e2e-languages-staff-1" },
    body: { shop_id: lamai, items: [{ product_id: papers.id, option_id: 0, amount: 2 }], delivery_option: 1, payment_option: 1 },
  });
  orderId = order.id;
  // The two managers of Lamai, who signed in with Telegram once.
  const admin = await telegramSignIn(adminData());
  for (const [language, id] of Object.entries(MANAGER_IDS)) {
    await telegramSignIn(initData(id, `Manager ${language}`, language));
    await api(`/api/admin/shops/${lamai}/staff`, { method: "POST", token: admin, body: { telegram_id: id, role: "manager" } });
  }
});

describe("the checks of a screen in another language", () => {
  it("find an element wider than its box, a character no font has and a drop-down that cuts its text", async () => {
    const page = await web.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.setContent(`
      <p style="width:120px;white-space:nowrap;overflow:hidden" class="narrow">ร้านค้าของเราเปิดทุกวันตั้งแต่เช้าจนถึงค่ำ</p>
      <p class="tofu">ok \u{E000}\u{E001}</p>
      <p>ภาษาไทย Русский</p>
      <select style="width:90px"><option>Ожидает оплаты</option></select>
      <select style="width:200px"><option>Ожидает выдачи</option></select>`);
    expect((await overflowingElements(page)).map((found) => found.element)).toEqual(["p.narrow"]);
    expect(await missingGlyphs(page)).toEqual(["\u{E000}", "\u{E001}"]);
    expect(await clippedSelects(page)).toEqual(["Ожидает оплаты"]);
  });
});

describe.each([
  {
    language: "th",
    title: (id: number) => `ออเดอร์ #${id}`,
    take: "รับออเดอร์",
    nobody: "ยังไม่มี",
    lineCost: "ต้นทุน ฿35",
    moneyStep: "ขั้นที่ 1 · รับเงิน",
    listTitle: "ออเดอร์ของร้าน",
    items: "2 ชิ้น",
    section: "ออเดอร์ใหม่รอรับ",
  },
  {
    language: "ru",
    title: (id: number) => `Заказ №${id}`,
    take: "Взять заказ",
    nobody: "пока никто",
    lineCost: "Себестоимость 35\u00a0฿",
    moneyStep: "Шаг 1 · примите оплату",
    listTitle: "Заказы магазинов",
    items: "2 товара",
    section: "НОВЫЕ ЗАКАЗЫ",
  },
] as const)("a manager whose Telegram speaks $language", (texts) => {
  const managerData = () => initData(MANAGER_IDS[texts.language], `Manager ${texts.language}`, texts.language);

  it.each(["light", "dark"] as const)("sees the hand-over screen in that language (%s theme)", async (theme) => {
    const page = await openInTelegram(`/order/manage/${orderId}`, managerData(), theme);
    await page.getByTestId("handover").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe(texts.language);
    expect(await page.locator(".handover .page__title").textContent()).toBe(texts.title(orderId));
    expect(await page.getByTestId("take-order").textContent()).toBe(texts.take);
    expect(await page.getByTestId("responsible-manager").textContent()).toBe(texts.nobody);
    expect(await page.getByTestId("handover-line-cost").textContent()).toBe(texts.lineCost);
    expect(await page.getByTestId("handover-steps").getByRole("heading").first().textContent()).toBe(texts.moneyStep);
    await expectFits(page, `handover-${texts.language}-${theme}`);

    // ORDER DONE's confirmation, the longest lines of the screen (not confirmed: the order stays new).
    await page.getByTestId("money-cash").check();
    await page.getByTestId("products-given").check();
    await page.getByTestId("order-done").click();
    const dialog = page.getByTestId("order-done-dialog");
    await dialog.waitFor();
    expect(await dialog.getByTestId("done-items").textContent()).toBe(texts.items);
    await expectFits(page, `order-done-${texts.language}-${theme}`, false);
  });

  it.each(["light", "dark"] as const)("sees the shop's orders and the manager page in that language (%s theme)", async (theme) => {
    const page = await openInTelegram("/list/store-orders", managerData(), theme);
    const row = page.locator(`[data-testid="staff-order-row"][data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await page.locator(".staff-page .page__title").textContent()).toBe(texts.listTitle);
    expect(await row.locator(".staff-row__number").textContent()).toBe(texts.title(orderId));
    expect(await row.locator(".staff-row__meta").textContent()).toContain(texts.items);
    expect(await row.getByTestId("take-order").textContent()).toBe(texts.take);
    await expectFits(page, `store-orders-${texts.language}-${theme}`);

    await page.goto(launchUrl("/admin-cabinet", managerData(), theme));
    const waiting = page.locator('[data-testid="staff-section"][data-status="N"]');
    await waiting.locator(`[data-testid="staff-order-row"][data-order-id="${orderId}"]`).waitFor();
    expect(await waiting.locator(".staff-section__title").textContent()).toContain(texts.section);
    await expectFits(page, `manager-page-${texts.language}-${theme}`);
  });
});

describe("an admin whose Telegram speaks th", () => {
  it.each(["light", "dark"] as const)("sees the statistics in Thai (%s theme)", async (theme) => {
    const page = await openInTelegram("/admin/stat", adminData(), theme);
    await page.getByTestId("stats").waitFor();
    await page.getByTestId("sales-chart").and(page.locator('[data-ready="true"]')).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("สถิติ");
    expect(await page.getByText("สถิติรวม:", { exact: true }).count()).toBe(1);
    expect(await page.getByTestId("stats-range-today").textContent()).toBe("วันนี้");
    expect(await page.getByTestId("stats-shop").locator("option").first().textContent()).toBe("ทุกร้าน");
    expect(await page.getByTestId("stats-csv").textContent()).toBe("ดาวน์โหลด CSV");
    await expectFits(page, `statistics-th-${theme}`);
  });
});

describe.each([
  {
    language: "th",
    title: "สินค้า",
    options: "ตัวเลือก",
    hide: "ปิดการขาย",
    admin: "หน้าผู้ดูแลระบบ",
    products: "จัดการสินค้า",
    sale: "ราคาลด",
  },
  {
    language: "ru",
    title: "ТОВАРЫ",
    options: "Варианты",
    hide: "СНЯТЬ С ПРОДАЖИ",
    admin: "СТРАНИЦА АДМИНИСТРАТОРА",
    products: "Управление товарами",
    sale: "Цены со скидкой",
  },
] as const)("an admin whose Telegram speaks $language", (texts) => {
  it.each(["light", "dark"] as const)("sees the products and the admin page in that language (%s theme)", async (theme) => {
    const page = await openInTelegram("/admin/products", adminData(texts.language), theme);
    const card = page.getByTestId("admin-product").first();
    await card.waitFor();
    expect(await page.locator('[data-testid="admin-products"] .page__title').textContent()).toBe(texts.title);
    expect(await card.locator(".option-chip__label").textContent()).toBe(texts.options);
    expect(await card.getByTestId("toggle-active").textContent()).toBe(texts.hide);
    await expectFits(page, `admin-products-${texts.language}-${theme}`, false);
    const productId = await card.getByTestId("product-card").getAttribute("data-product-id");

    await page.goto(launchUrl("/admin-cabinet", adminData(texts.language), theme));
    await page.getByTestId("link-manage-products").waitFor();
    expect(await page.getByTestId("admin-title").textContent()).toBe(texts.admin);
    expect(await page.getByTestId("link-manage-products").textContent()).toBe(texts.products);
    await expectFits(page, `admin-page-${texts.language}-${theme}`);

    await page.goto(launchUrl("/shop/list", adminData(texts.language), theme));
    await page.getByTestId("shop-row").first().waitFor();
    await expectFits(page, `shops-${texts.language}-${theme}`);
    await page.getByTestId("shop-row").first().click();
    await page.getByTestId("shop-form").waitFor();
    await expectFits(page, `shop-form-${texts.language}-${theme}`);

    await page.goto(launchUrl("/admin/create-product", adminData(texts.language), theme));
    await page.getByTestId("product-form").waitFor();
    await expectFits(page, `product-form-${texts.language}-${theme}`);

    // The edit form with its sale prices, one block per option.
    await page.goto(launchUrl(`/admin/products/${productId}/edit`, adminData(texts.language), theme));
    await page.getByTestId("sale-option").first().waitFor();
    expect(await page.getByTestId("sale-editor").locator(".section-title").textContent()).toBe(texts.sale);
    await expectFits(page, `product-edit-${texts.language}-${theme}`);
  });
});
