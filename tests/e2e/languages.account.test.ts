/**
 * The customer's language in Chromium (issue 24): Telegram's language_code and the browser's languages pick it,
 * the picker changes it at once and for good (stored on the user, so it beats language_code on the next launch),
 * and the cabinet in Russian and Thai fits a 360 px phone in both themes with every character drawn.
 *
 * Screenshots of the 360 px screens go to $SHOT_DIR/languages-account/ (default: the system's temporary folder; look
 * at them after a change of layout).
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { recordTelegramEvents, TELEGRAM_LIGHT, telegramLaunchUrl } from "../helpers/telegramWebview";

const BOT_TOKEN = TEST_BOT_TOKEN;
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN, BOT_MODE: "off" }));
const SCREENSHOTS = join(process.env.SHOT_DIR ?? tmpdir(), "languages-account");
/** A language change fetches a catalogue and renders the app again: give a loaded machine time. */
const SLOW = { timeout: 10_000 };


type Theme = "dark" | "light";

/** Launch data of a Telegram user with Telegram's word for their language. */
function launchData(id: number, languageCode: string): string {
  const user = { id, first_name: "Анна-Мария", last_name: "Константинопольская", username: `user_${id}`, language_code: languageCode };
  const fields = { auth_date: String(Math.floor(Date.now() / 1000)), query_id: `AAE-lang-${id}`, user: JSON.stringify(user) };
  return signInitData(fields, BOT_TOKEN);
}

/** A fresh profile opening `path` inside Telegram as that user, at a phone's `width`. */
async function launchInTelegram(id: number, languageCode: string, path: string, theme: Theme = "dark", width = 390): Promise<Page> {
  const page = await web.newPage();
  await page.setViewportSize({ width, height: 800 });
  await recordTelegramEvents(web.context);
  const theming = theme === "light" ? `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(TELEGRAM_LIGHT))}` : "";
  await page.goto(`${telegramLaunchUrl(web.store.url, path, launchData(id, languageCode))}${theming}`);
  await page.getByTestId("balance-chip").waitFor();
  return page;
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const cabinetTitle = (page: Page) => page.locator(".cabinet .page__title").textContent();

/** The language the server holds for the page's session (GET /api/me). */
function serverLocale(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch("/api/me", { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return ((await response.json()) as { user: { locale: string } }).user.locale;
  });
}

beforeAll(() => {
  requireThaiFonts();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

describe("the language checks themselves", () => {
  it("find a real overflow and a real missing glyph, and pass Thai and Russian drawn in the page's fonts", async () => {
    const page = await web.newPage();
    await page.setViewportSize({ width: 360, height: 640 });
    await page.setContent(`<!doctype html><html><body style="margin:0;font-family:sans-serif">
      <div id="narrow" style="width:120px;white-space:nowrap">Очень длинная строка, которая не помещается</div>
      <p>ภาษาไทย Русский English</p>
      <p>ༀ</p>
    </body></html>`);
    const overflows = await overflowingElements(page);
    expect(overflows.map((o) => o.text)).toEqual(["Очень длинная строка, которая не помещается"]);
    // U+0F00 (Tibetan): no font of this machine has it; Thai, Cyrillic and Latin are all drawn.
    expect(await missingGlyphs(page)).toEqual(["ༀ"]);
  });
});

describe("the language inside Telegram", () => {
  it("follows language_code ru, switches to Thai at once with the picker, keeps it after a reload and on the next launch", async () => {
    const page = await launchInTelegram(731_001, "ru", "/cabinet");
    await expect.poll(() => cabinetTitle(page), SLOW).toBe("Кабинет");
    expect(await htmlLang(page)).toBe("ru");
    expect(await page.getByTestId("all-orders").textContent()).toContain("Все заказы");
    expect(await serverLocale(page)).toBe("ru");

    // The cabinet's picker: each language in its own name, the one in effect chosen.
    const picker = page.getByTestId("language-picker-cabinet");
    expect(await picker.locator("option").allTextContents()).toEqual(["English", "Русский", "ไทย"]);
    expect(await picker.inputValue()).toBe("ru");
    expect(await page.getByLabel("Язык").count()).toBeGreaterThan(0);

    const stored = page.waitForResponse((r) => r.url().endsWith("/api/me/locale") && r.request().method() === "PUT");
    await picker.selectOption("th");
    expect((await stored).status()).toBe(200);
    await expect.poll(() => cabinetTitle(page), SLOW).toBe("บัญชีของฉัน");
    expect(await htmlLang(page)).toBe("th");
    expect(new URL(page.url()).pathname).toBe("/cabinet");
    expect(await serverLocale(page)).toBe("th");

    await page.reload();
    await expect.poll(() => cabinetTitle(page), SLOW).toBe("บัญชีของฉัน");
    expect(await page.getByTestId("language-picker-cabinet").inputValue()).toBe("th");

    // Next launch on a fresh profile (nothing in localStorage): Telegram still says ru, the stored choice wins.
    await page.context().close();
    const next = await launchInTelegram(731_001, "ru", "/cabinet");
    await expect.poll(() => cabinetTitle(next), SLOW).toBe("บัญชีของฉัน");
    expect(await htmlLang(next)).toBe("th");
  });

  it("offers the picker in the balance menu too, and back to English from there", async () => {
    const page = await launchInTelegram(731_002, "th", "/");
    await page.getByTestId("balance-chip").click();
    const items = await page.getByTestId("balance-menu").getByRole("button").allTextContents();
    expect(items.map((item) => item.trim())).toEqual(["บัญชี", "ตะกร้า", "รายการโปรด", "ฝ่ายช่วยเหลือ"]);
    await page.getByTestId("language-picker-menu").selectOption("en");
    await expect.poll(() => htmlLang(page), SLOW).toBe("en");
    await page.getByTestId("balance-chip").click();
    const english = await page.getByTestId("balance-menu").getByRole("button").allTextContents();
    expect(english.map((item) => item.trim())).toEqual(["Cabinet", "Cart", "Wishlist", "Support"]);
    expect(await serverLocale(page)).toBe("en");
  });
});

describe("the cabinet at 360 px", () => {
  for (const [languageCode, title] of [
    ["ru", "Кабинет"],
    ["th", "บัญชีของฉัน"],
  ] as const) {
    for (const theme of ["dark", "light"] as const) {
      it(`in ${languageCode}, ${theme} theme: nothing wider than its box, every character drawn`, async () => {
        const page = await launchInTelegram(languageCode === "ru" ? 731_101 : 731_102, languageCode, "/cabinet", theme, 360);
        await expect.poll(() => cabinetTitle(page), SLOW).toBe(title);
        await page.getByTestId("referral-box").waitFor();
        await page.getByTestId("cabinet-no-orders").waitFor();
        // The figures arrived (no dash placeholders left): the box is as wide as it gets.
        await expect.poll(() => page.getByTestId("referral-rate").textContent(), SLOW).not.toBe("–");
        await page.screenshot({ path: `${SCREENSHOTS}/cabinet-${languageCode}-${theme}.png`, fullPage: true });
        expect(await overflowingElements(page)).toEqual([]);
        expect(await missingGlyphs(page)).toEqual([]);
        // On a phone narrower still, the referral link takes two lines: it breaks before its code, never inside it.
        await page.setViewportSize({ width: 320, height: 780 });
        const link = page.getByTestId("cabinet-reflink");
        const code = (await link.textContent())!.split("/").at(-1)!;
        const lines = await link.evaluate((element, last) => {
          const linesOf = (range: Range) => new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          const whole = document.createRange();
          whole.selectNodeContents(element);
          const text = element.lastChild!;
          const ending = document.createRange();
          ending.setStart(text, text.textContent!.length - last.length);
          ending.setEnd(text, text.textContent!.length);
          return { link: linesOf(whole), code: linesOf(ending) };
        }, code);
        expect(lines).toEqual({ link: 2, code: 1 });
        await page.setViewportSize({ width: 360, height: 780 });

        // The balance menu with its picker, open over the page.
        await page.getByTestId("balance-chip").click();
        await page.getByTestId("language-picker-menu").waitFor();
        await page.screenshot({ path: `${SCREENSHOTS}/menu-${languageCode}-${theme}.png`, animations: "disabled" });
        expect(await overflowingElements(page)).toEqual([]);
        expect(await missingGlyphs(page)).toEqual([]);
      });
    }
  }
});

describe("a visitor in a browser", () => {
  it("gets Russian from navigator and Accept-Language ru-RU, and the footer's picker changes it for this browser only", async () => {
    const page = await web.newPage();
    await page.setExtraHTTPHeaders({ "Accept-Language": "ru-RU,ru;q=0.9" });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "languages", { get: () => ["ru-RU", "ru"] });
      Object.defineProperty(navigator, "language", { get: () => "ru-RU" });
    });
    await page.goto(web.store.url);
    await expect.poll(() => page.getByTestId("header-login").textContent(), SLOW).toContain("Войти");
    expect(await htmlLang(page)).toBe("ru");
    expect(await page.getByTestId("nav-cart").textContent()).toContain("Корзина");

    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/me/locale")) requests.push(request.method());
    });
    await page.getByTestId("language-picker-footer").selectOption("th");
    await expect.poll(() => page.getByTestId("header-login").textContent(), SLOW).toContain("เข้าสู่ระบบ");
    expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("th");
    await page.reload();
    await expect.poll(() => page.getByTestId("header-login").textContent(), SLOW).toContain("เข้าสู่ระบบ");
    // Signed out: the choice stays in this browser; nothing is sent to the server.
    expect(requests).toEqual([]);
  });
});
