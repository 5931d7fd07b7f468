/**
 * The shop's screens in Russian and Thai (issue 24), in Chromium inside Telegram as Telegram opens the mini-app:
 * launch data in the URL hash, the user's `language_code` in the signed initData. Home, a product, the cart and an
 * order show that language's words, amounts and dates; at 360 px, in the app's dark theme and in Telegram's light
 * one, nothing is wider than its box and no character is drawn as a missing-glyph box. Screenshots of each are
 * kept in $SHOT_DIR/languages-shop/ (default: the system's temporary folder) to look at.
 *
 * First, the two checks are shown to catch what they are for, on pages made to fail them.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../server/domain/locale";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { storeApi } from "../helpers/storeApi";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { recordTelegramEvents, TELEGRAM_LIGHT, telegramEvents, telegramLaunchUrl } from "../helpers/telegramWebview";

const BOT_TOKEN = TEST_BOT_TOKEN;
const ADMIN_EMAIL = "languages-admin@samui.example";
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken } = storeApi(web);

const SCREENS = join(process.env.SHOT_DIR ?? tmpdir(), "languages-shop");
const NARROW = { width: 360, height: 760 };


type Theme = "dark" | "light";

interface Customer {
  telegramId: number;
  token: string;
  productId: number;
  /** A product with more than one option. */
  optionsProductId: number;
  orderId: number;
  /** localStorage of a returning customer: signed in, a shop chosen, two lines in the cart. */
  storage: Record<string, string>;
}

function launchData(telegramId: number, languageCode: string): string {
  return signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      user: JSON.stringify({ id: telegramId, first_name: "Nok", language_code: languageCode }),
    },
    BOT_TOKEN,
  );
}

let saleOn: Promise<void> | undefined;

/**
 * A sale on the product the product page and the cart's first line show (its base option) and on an option of the
 * options product, so the struck usual price and its name are on those screens and the option picker; set once.
 */
function putOnSale(productId: number, optionsProduct: { id: number; options: Record<string, { per_price: number }> | null }) {
  saleOn ??= (async () => {
    const token = await emailToken(ADMIN_EMAIL);
    const { product } = await api<{ product: { per_price: number } }>(`/api/products/${productId}`);
    const sale = (id: number, option: number, price: number) =>
      api(`/api/admin/products/${id}/options/${option}/sale`, { method: "PUT", token, body: { sale_price: price - 40 } });
    await sale(productId, 0, product.per_price);
    const [optionId, option] = Object.entries(optionsProduct.options ?? {})[0]!;
    await sale(optionsProduct.id, Number(optionId), option.per_price);
  })();
  return saleOn;
}

/**
 * A Telegram customer speaking `languageCode`, with one order placed (self-pickup, cash) and a cart of two lines;
 * the cart's first product and an option of a product with options are on sale.
 */
async function customerSpeaking(telegramId: number, languageCode: string): Promise<Customer> {
  const base = web.store.url;
  const signedIn = await fetch(`${base}/api/auth/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData: launchData(telegramId, languageCode) }),
  });
  const { token } = (await signedIn.json()) as { token: string };
  const { products } = (await (await fetch(`${base}/api/products`)).json()) as {
    products: { id: number; options: Record<string, { per_price: number }> | null; stock: Record<string, unknown> }[];
  };
  const shopId = Number(Object.keys(products[0]!.stock)[0]);
  const two = products.filter((p) => String(shopId) in p.stock).slice(0, 2);
  const placed = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": `languages-${telegramId}` },
    body: JSON.stringify({
      shop_id: shopId,
      items: two.map((p) => ({ product_id: p.id, option_id: 0, amount: 1 })),
      delivery_option: 1,
      payment_option: 1,
    }),
  });
  const { order } = (await placed.json()) as { order: { id: number } };
  const optionsProduct = products.find((p) => Object.keys(p.options ?? {}).length > 0)!;
  await putOnSale(two[0]!.id, optionsProduct);
  // A wished product, so the wishlist shows its card.
  await fetch(`${base}/api/wishlist/${two[0]!.id}`, { method: "PUT", headers: { authorization: `Bearer ${token}` } });
  return {
    telegramId,
    token,
    productId: two[0]!.id,
    optionsProductId: optionsProduct.id,
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
}

/** The mini-app opened by Telegram at 360 px: dark is the app's own theme, light is Telegram's in the launch data. */
async function openInTelegram(customer: Customer, languageCode: string, theme: Theme, path: string): Promise<Page> {
  const page = await web.newPage();
  await page.setViewportSize(NARROW);
  await page.addInitScript((storage) => {
    if (sessionStorage.getItem("languages-seeded")) return;
    sessionStorage.setItem("languages-seeded", "1");
    for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  }, customer.storage);
  await recordTelegramEvents(web.context);
  let url = telegramLaunchUrl(web.store.url, path, launchData(customer.telegramId, languageCode));
  if (theme === "light") url += `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(TELEGRAM_LIGHT))}`;
  await page.goto(url);
  await page.getByTestId("balance-chip").waitFor();
  return page;
}

/** Once every finite animation (a sheet sliding, a banner) has ended and the fonts are in: the layout is final. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The text of the screen's own part (the shell's header, bottom bar and footer are another screen's), as written
 * (before any CSS upper-casing), spaces made plain (Russian amounts group digits with a no-break space).
 */
async function screenText(page: Page): Promise<string> {
  return ((await page.locator("main").textContent()) ?? "").replace(/\u00a0/g, " ");
}

/** The screen at 360 px: its screenshot kept, nothing overflowing, no missing glyph. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
  expect(await overflowingElements(page), `${name}: elements wider than their box`).toEqual([]);
  expect(await missingGlyphs(page), `${name}: characters drawn as boxes`).toEqual([]);
}

beforeAll(() => {
  requireThaiFonts();
  mkdirSync(SCREENS, { recursive: true });
});

describe("the language checks", () => {
  it("find an element wider than its box and a character no font has, and nothing on a page without either", async () => {
    const page = await web.newPage();
    await page.setViewportSize(NARROW);
    const head = `<!doctype html><html lang="th"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>`;
    const content = (text: string, noWrap: boolean) => `${head}<body style="margin:0;font-family:sans-serif">
      <div class="box" style="width:120px">
        <span style="white-space:${noWrap ? "nowrap" : "normal"}">สั่งซื้อเรียบร้อยแล้ว Оформить заказ</span>
      </div>
      <p>${text}</p></body></html>`;

    // Adlam (U+1E900) is in no font of this machine: Chromium draws its missing-glyph box.
    await page.setContent(content("ภาษาไทย Русский \u{1E900}", true));
    const overflow = await overflowingElements(page);
    expect(overflow.map((found) => found.element)).toEqual(["div.box"]);
    expect(overflow[0]!.scrollWidth).toBeGreaterThan(overflow[0]!.clientWidth);
    expect(await missingGlyphs(page)).toEqual(["\u{1E900}"]);

    // The same words allowed to wrap, and only letters the fonts have: nothing to report.
    await page.setContent(content("ภาษาไทย Русский", false));
    expect(await overflowingElements(page)).toEqual([]);
    expect(await missingGlyphs(page)).toEqual([]);

    // Text cut with an ellipsis is cut: it counts. A badge placed over an icon's edge and a transparent hit area
    // wider than its button are there on purpose: they do not.
    await page.setContent(`${head}<body style="margin:0;font-family:sans-serif">
      <p class="cut" style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Chaweng Beach Store</p>
      <span class="icon" style="position:relative;display:inline-block;width:24px;height:24px">
        <span style="position:absolute;left:14px;top:-4px;width:22px;background:red">12</span></span>
      <button class="step" style="position:relative;width:38px;height:38px;padding:0;border:0;overflow:visible">
        <svg width="18" height="18"></svg><span style="position:absolute;inset:-3px;width:44px"></span></button>
      <div class="hit" style="display:flex;width:200px">
        <span style="flex:1">Address</span><a style="margin-right:-8px;padding:0 8px">Map</a>
      </div>
      </body></html>`);
    expect((await overflowingElements(page)).map((found) => found.element)).toEqual(["p.cut"]);

    // A page wider than the screen counts too.
    await page.setContent(`${head}<body style="margin:0"><div style="width:500px;height:10px;background:red"></div></body></html>`);
    expect((await overflowingElements(page)).map((found) => found.element)).toContain("page");
  });
});

interface Expected {
  languageCode: string;
  locale: Locale;
  /** The category tags, in the spec's order. */
  tags: string[];
  /** The header's line under the store's name, the island named as this language names it. */
  tagline: string;
  home: string[];
  product: string[];
  cart: string[];
  /** The MainButton (inside Telegram the cart's Place order is Telegram's button). */
  placeButton: RegExp;
  order: (orderId: number) => string[];
  /** The order's date as this language writes it. */
  orderDate: RegExp;
}

const LANGUAGES: Expected[] = [
  {
    languageCode: "ru",
    locale: "ru",
    tags: ["Все", "Горячие цены", "Сатива", "Индика", "Гибрид", "Еда", "Аксессуары"],
    tagline: "Самовывоз и доставка · Самуи",
    home: ["Подробнее", "В наличии: "],
    product: ["Где забрать", "В наличии: ", "Есть в 2 магазинах на Самуи", "Обычная цена"],
    cart: ["Обычная цена", "Корзина", "2 позиции", "Где забрать", "Получение", "Самовывоз", "Оплата", "Наличные", "Пункт выдачи"]
      .concat(["Итого · 2 товара"]),
    placeButton: /^Оформить заказ · \d{1,3}( \d{3})* ฿$/,
    order: (id) => [`Заказ №${id}`, "Новый", "Самовывоз", "Наличные", "осталось, чтобы забрать заказ", "Скопировать ссылку", "Итого"],
    orderDate: /^\d{2}\.\d{2}\.20\d{2} \d{2}:\d{2}$/,
  },
  {
    languageCode: "th",
    locale: "th",
    tags: ["ทั้งหมด", "ดีลเด็ด", "ซาติวา", "อินดิกา", "ไฮบริด", "ของกิน", "อุปกรณ์เสริม"],
    tagline: "รับเองและจัดส่ง · เกาะสมุย",
    home: ["ดูรายละเอียด", "มีสินค้า "],
    product: ["ร้านที่รับสินค้า", "มีสินค้า ", "มีสินค้าที่ 2 ร้านในเกาะสมุย", "ราคาปกติ"],
    cart: ["ราคาปกติ", "ตะกร้า", "2 รายการ", "ร้านที่รับสินค้า", "การรับสินค้า", "รับเองที่ร้าน", "การชำระเงิน", "เงินสด"]
      .concat(["จุดรับสินค้า", "ยอดรวม · 2 ชิ้น"]),
    placeButton: /^สั่งซื้อ · ฿\d{1,3}(,\d{3})*$/,
    order: (id) => [`คำสั่งซื้อ #${id}`, "ใหม่", "รับเองที่ร้าน", "เงินสด", "เวลาที่เหลือสำหรับรับสินค้า"]
      .concat(["คัดลอกลิงก์คำสั่งซื้อ", "ยอดรวม"]),
    orderDate: /^\d{1,2}\/\d{1,2}\/20\d{2} \d{2}:\d{2}$/,
  },
];

/** English words of these screens that must not be left in another language (product texts are the admin's). */
const ENGLISH = {
  home: ["More details", "Add to order", "Ordered", "in stock", "shops", "orders"],
  product: ["Pickup shop", "in stock", "Add to order", "Ordered", "In stock at", "Change", "Usual price"],
  cart: ["Usual price", "Cart", "Pickup shop", "Delivery", "Payment", "Self pickup", "Cash", "Pickup point", "Total", "items"],
  order: ["Order #", "Self pickup", "Cash", "left to collect", "Copy order link", "Total", "Cancel order"],
};

function expectLanguage(text: string, present: string[], absent: string[], where: string): void {
  for (const words of present) expect(text, `${where}: "${words}"`).toContain(words);
  for (const words of absent) expect(text, `${where}: English "${words}" left`).not.toContain(words);
}

describe.each(LANGUAGES)("the shop with Telegram's language_code $languageCode", (language) => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await customerSpeaking(language.languageCode === "ru" ? 727_001 : 727_002, language.languageCode);
  });

  describe.each<Theme>(["dark", "light"])("in the %s theme at 360 px", (theme) => {
    const shot = (screen: string) => `${language.locale}-${screen}-${theme}`;

    it("home", async () => {
      const page = await openInTelegram(customer, language.languageCode, theme, "/");
      await page.getByTestId("product-card").first().locator("img").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.locale);
      expect(await page.getByTestId("category-tag").allTextContents()).toEqual(language.tags);
      expect(await page.locator(".brand__city").textContent()).toBe(language.tagline);
      expectLanguage(await screenText(page), language.home, ENGLISH.home, "home");
      await checkScreen(page, shot("home"));
    });

    it("product", async () => {
      const page = await openInTelegram(customer, language.languageCode, theme, `/products/${customer.productId}`);
      await page.getByTestId("product-details").waitFor();
      expectLanguage(await screenText(page), language.product, ENGLISH.product, "product");
      await checkScreen(page, shot("product"));
    });

    it("cart", async () => {
      const page = await openInTelegram(customer, language.languageCode, theme, "/orders");
      await page.getByTestId("cart-shop").first().waitFor();
      await page.getByTestId("cart-total").waitFor();
      expectLanguage(await screenText(page), language.cart, ENGLISH.cart, "cart");
      const mainButton = async () => {
        const setups = (await telegramEvents(page)).filter((event) => event.type === "web_app_setup_main_button");
        return (setups.at(-1)?.data as { text?: string } | undefined)?.text?.replace(/\u00a0/g, " ");
      };
      await expect.poll(mainButton).toMatch(language.placeButton);
      await checkScreen(page, shot("cart"));
    });

    it("the wishlist, the order list, the 404 page and the dialogs of the product and cart pages", async () => {
      const page = await openInTelegram(customer, language.languageCode, theme, "/wishlist");
      await page.getByTestId("product-card").first().waitFor();
      await checkScreen(page, shot("wishlist"));

      await page.getByTestId("nav-cabinet").waitFor();
      await page.goto(`${web.store.url}/list/orders`);
      await page.getByTestId("order-row").first().waitFor();
      expect(await page.getByTestId("order-row").first().getByTestId("order-date").textContent()).toMatch(language.orderDate);
      await checkScreen(page, shot("order-list"));

      await page.goto(`${web.store.url}/404`);
      await page.getByTestId("not-found").waitFor();
      await checkScreen(page, shot("not-found"));

      // The option picker and the store picker of a product with options.
      await page.goto(`${web.store.url}/products/${customer.optionsProductId}`);
      await page.getByTestId("option-chip").click();
      await page.getByTestId("option-picker").getByTestId("option-choice").first().waitFor();
      await checkScreen(page, shot("option-picker"));
      await page.getByTestId("sheet-close").click();
      await page.getByTestId("chosen-shop").click();
      await page.getByTestId("store-choice").first().waitFor();
      await checkScreen(page, shot("store-picker"));
      await page.getByRole("dialog").getByRole("button").first().click();

      // The cart with a courier: the phone and address rows, then the phone dialog.
      await page.goto(`${web.store.url}/orders`);
      await page.getByTestId("delivery-options").getByRole("radio").nth(1).click();
      await page.getByTestId("courier-phone").waitFor();
      await checkScreen(page, shot("cart-courier"));
      await page.getByTestId("courier-phone").click();
      await page.getByTestId("phone-input").waitFor();
      await checkScreen(page, shot("phone-dialog"));
    });

    it("order", async () => {
      const page = await openInTelegram(customer, language.languageCode, theme, `/order/${customer.orderId}`);
      await page.getByTestId("order-page").waitFor();
      await page.getByTestId("qr-code").waitFor();
      expectLanguage(await screenText(page), language.order(customer.orderId), ENGLISH.order, "order");
      expect(await page.locator(".order-head__date").textContent()).toMatch(language.orderDate);
      await checkScreen(page, shot("order"));
    });
  });
});
