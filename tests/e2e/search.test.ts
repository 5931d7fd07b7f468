/**
 * Home's search in Chromium, opened by Telegram as a customer's phone opens it (the customer's language from the
 * launch data), on a generated catalogue of a few hundred products plus a few named ones in Russian and Thai:
 * a Russian word typed in another case, part of a Thai word and a word with one typo find their product; a
 * search that finds nothing says so in the customer's language and its button brings the whole list back; and
 * a search whose answer comes after a later one's never shows. At 360 px, in the app's dark theme and in
 * Telegram's light one, the results and the no-match text fit their boxes and draw every character; their
 * screenshots are kept in $SHOT_DIR/search/ (default: the system's temporary folder) to look at.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Shop } from "../../server/domain/contracts/catalog";
import { insertProduct, setStock } from "../../db/repositories/products";
import { signInitData } from "../../server/services/telegramInitData";
import { launchChromium, PHONE } from "../helpers/browser";
import { addCatalogue } from "../helpers/catalogue";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { startStore } from "../helpers/server";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { TELEGRAM_LIGHT, telegramLaunchUrl } from "../helpers/telegramWebview";

const SCREENS = join(process.env.SHOT_DIR ?? tmpdir(), "search");
const NARROW = { width: 360, height: 760 };

/** The named products, in stock in every shop, beside the generated ones and the demo's. */
const NAMED = [
  { name: "Северное сияние", label: "Индика", description: "Ёлочный аромат и мягкий вечер", category_id: 2 },
  { name: "กัญชาสายพันธุ์ไทย", label: "สายพันธุ์", description: "กลิ่นหอมมะม่วง", category_id: 1 },
  { name: "Белая вдова", label: "Гибрид", description: "Сладкий цитрус", category_id: 3 },
];

let store: Awaited<ReturnType<typeof startStore>>;
let browser: Browser;
let listed: number;

beforeAll(async () => {
  requireThaiFonts();
  mkdirSync(SCREENS, { recursive: true });
  store = await startStore({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off" });
  const shops = ((await (await fetch(`${store.url}/api/shops`)).json()) as { shops: Shop[] }).shops;
  const shopIds = shops.map((shop) => shop.id);
  await addCatalogue(store.db, { count: 300, shopIds });
  // Written the way the generated catalogue is: through the repositories, in one transaction.
  await store.db.transaction().execute(async (trx) => {
    for (const product of NAMED) {
      const base = { per_price: 450, cost_price: 100, price_text: "1 g", gift_text: "" };
      const id = await insertProduct(trx, { ...product, position: 10 }, base);
      for (const shopId of shopIds) await setStock(trx, shopId, id, 0, 9);
    }
  });
  listed = ((await (await fetch(`${store.url}/api/products`)).json()) as { products: unknown[] }).products.length;
  expect(listed).toBeGreaterThan(300);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

type Theme = "dark" | "light";

/** Home opened by Telegram for a customer speaking `languageCode`, in the app's dark theme or Telegram's light one. */
async function openHome(
  languageCode: string,
  theme: Theme = "dark",
  viewport = PHONE.viewport,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, viewport });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
  const initData = signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      user: JSON.stringify({ id: 5100 + languageCode.length, first_name: "Nok", language_code: languageCode }),
    },
    TEST_BOT_TOKEN,
  );
  let url = telegramLaunchUrl(store.url, "/", initData);
  if (theme === "light") url += `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(TELEGRAM_LIGHT))}`;
  await page.goto(url);
  await page.getByTestId("product-card").first().waitFor();
  return { context, page };
}

/** The names of the cards drawn now, top to bottom. */
function drawnNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-testid=product-card]")]
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((card) => card.querySelector("h3")?.textContent?.trim() ?? ""),
  );
}

const searchBox = (page: Page) => page.getByRole("searchbox");

/** Types `text` into the search field key by key, as a customer does. */
async function typeSearch(page: Page, text: string): Promise<void> {
  await searchBox(page).fill("");
  await searchBox(page).pressSequentially(text, { delay: 40 });
}

async function expectOnly(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => drawnNames(page), { timeout: 10_000 }).toEqual(names);
}

describe("home's search", () => {
  it("finds a Russian word typed in another case, part of a Thai word, and a word with one typo", async () => {
    const { context, page } = await openHome("en");
    try {
      // The field is there without a tap, labelled as the spec says.
      expect(await page.getByRole("searchbox", { name: "Search" }).isVisible()).toBe(true);
      await typeSearch(page, "СЕВЕРНОЕ");
      await expectOnly(page, ["Северное сияние"]);
      // Part of a Thai word: Thai writes no spaces between words.
      await typeSearch(page, "สายพันธุ์");
      await expectOnly(page, ["กัญชาสายพันธุ์ไทย"]);
      await typeSearch(page, "durbn");
      await expectOnly(page, ["Durban Poison"]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ["en", "No products match “zzqx”", "Clear the search"],
    ["ru", "Нет товаров по запросу «zzqx»", "Очистить поиск"],
    ["th", "ไม่พบสินค้าที่ตรงกับ “zzqx”", "ล้างการค้นหา"],
  ])("says in %s when nothing matches, and its button brings the whole list back", async (language, text, button) => {
    const { context, page } = await openHome(language);
    try {
      const before = await drawnNames(page);
      await typeSearch(page, "zzqx");
      const noMatch = page.getByTestId("search-no-match");
      await noMatch.waitFor();
      expect((await noMatch.locator("p").textContent())?.trim()).toBe(text);
      expect(await drawnNames(page)).toEqual([]);
      await noMatch.getByRole("button", { name: button }).click();
      expect(await searchBox(page).inputValue()).toBe("");
      await expect.poll(() => drawnNames(page)).toEqual(before);
      expect(await noMatch.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("never shows the answer of a search overtaken by a later one", async () => {
    const { context, page } = await openHome("en");
    try {
      // The first search's answer is held back until the second's has been drawn.
      let held: Route | null = null;
      let firstDone: () => void = () => {};
      const firstSettled = new Promise<void>((resolve) => (firstDone = resolve));
      await page.route(
        (url) => url.pathname === "/api/products" && url.searchParams.has("q"),
        async (route) => {
          if (held !== null || new URL(route.request().url()).searchParams.get("q") !== "северное") return route.continue();
          held = route;
          const answer = await route.fetch();
          await new Promise((resolve) => setTimeout(resolve, 2500));
          // The page may have dropped the request it no longer needs; either way its answer must not show.
          await route.fulfill({ response: answer }).catch(() => {});
          firstDone();
        },
      );
      const firstSent = page.waitForRequest((request) => new URL(request.url()).searchParams.get("q") === "северное");
      await typeSearch(page, "северное");
      await firstSent;
      await typeSearch(page, "durban");
      await expectOnly(page, ["Durban Poison"]);
      // Watch the list while the first answer arrives, and a little after.
      const seen = new Set<string>();
      const watching = (async () => {
        for (let i = 0; i < 40; i++) {
          seen.add(JSON.stringify(await drawnNames(page)));
          await page.waitForTimeout(75);
        }
      })();
      await firstSettled;
      await watching;
      expect([...seen]).toEqual([JSON.stringify(["Durban Poison"])]);
      expect(held).not.toBeNull();
    } finally {
      await context.close();
    }
  });

  describe.each<Theme>(["dark", "light"])("at 360 px in the %s theme", (theme) => {
    it.each(["en", "ru", "th"])("draws the results and the no-match text in %s within the screen", async (language) => {
      const { context, page } = await openHome(language, theme, NARROW);
      try {
        await typeSearch(page, "сияние");
        await expectOnly(page, ["Северное сияние"]);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        expect(await overflowingElements(page)).toEqual([]);
        expect(await missingGlyphs(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENS, `${language}-results-${theme}.png`) });

        await typeSearch(page, "нет такого товара");
        await page.getByTestId("search-no-match").waitFor();
        expect(await overflowingElements(page)).toEqual([]);
        expect(await missingGlyphs(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENS, `${language}-no-match-${theme}.png`) });
      } finally {
        await context.close();
      }
    });
  });
});
