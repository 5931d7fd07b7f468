/**
 * Focus rings a keyboard user can see (a QA walk-through), at 360 px in the app's dark theme and Telegram's light
 * one: a product card's photo gallery (its first Tab stop) shows a ring, not one cut off by the card; the photo
 * dots' ring stands out from the picture (it was the theme's green on the demo's green); and a control reached by
 * Tab near the bottom of the screen scrolls above the fixed bottom navigation instead of under it.
 *
 * A ring is judged from screenshots before and after the focus, as WCAG 2.2 judges a focus indicator: the pixels
 * the focus changed, and how many of them changed by a contrast of 3:1 at least.
 */
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { themeVariables } from "../../webapp/src/lib/theme";
import { useBrowserStore } from "../helpers/browserStore";
import { TELEGRAM_LIGHT } from "../helpers/telegramWebview";

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl }));
const PHONE_360 = { width: 360, height: 740 };

type Theme = "dark" | "light";

/** Telegram's light theme as the app maps it, on a plain browser page. */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  if (theme === "dark") return;
  await page.evaluate((variables) => {
    for (const [name, value] of Object.entries(variables)) document.documentElement.style.setProperty(name, value);
  }, themeVariables(TELEGRAM_LIGHT, "light"));
}

async function home(theme: Theme): Promise<Page> {
  const page = await web.newPage();
  await page.setViewportSize(PHONE_360);
  await page.goto(web.store.url);
  await applyTheme(page, theme);
  // The first card's picture drawn: the screenshots compare it with itself.
  await page.getByTestId("product-card").first().locator(".gallery__track img").first().waitFor();
  await page.waitForFunction(() => {
    const picture = document.querySelector<HTMLImageElement>(".product-card .gallery__track img");
    return picture !== null && picture.complete && picture.naturalWidth > 0;
  });
  return page;
}

/** Presses Tab until `selector` has focus (each press one step, as a person would). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

function luminance([r, g, b]: number[]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** What the focus changed between two screenshots of the same box: changed pixels, and those changed by 3:1. */
async function focusChange(before: Buffer, after: Buffer): Promise<{ changed: number; strong: number }> {
  const [a, b] = await Promise.all([before, after].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  expect([b!.info.width, b!.info.height]).toEqual([a!.info.width, a!.info.height]);
  let changed = 0;
  let strong = 0;
  for (let at = 0; at < a!.data.length; at += 3) {
    const was = [a!.data[at]!, a!.data[at + 1]!, a!.data[at + 2]!];
    const is = [b!.data[at]!, b!.data[at + 1]!, b!.data[at + 2]!];
    if (Math.abs(was[0]! - is[0]!) + Math.abs(was[1]! - is[1]!) + Math.abs(was[2]! - is[2]!) < 24) continue;
    changed++;
    if (contrast(was, is) >= 3) strong++;
  }
  return { changed, strong };
}

/** Device pixels of a line `thickness` CSS px wide round a box of `width` × `height` CSS px (scale 2). */
const ringArea = (width: number, height: number, thickness: number) => 2 * (width + height) * thickness * 4;

async function size(locator: Locator): Promise<{ width: number; height: number }> {
  const box = (await locator.boundingBox())!;
  return { width: box.width, height: box.height };
}

describe.each<Theme>(["dark", "light"])("focus rings in the %s theme", (theme) => {
  it("the first card's photo gallery shows a whole ring inside its picture, and its dots a ring that stands out from it", async () => {
    const page = await home(theme);
    const gallery = page.getByTestId("product-card").first().getByTestId("gallery");
    const dots = gallery.locator(".gallery__dots");
    const gallery0 = await gallery.screenshot();
    const dots0 = await dots.screenshot();

    await tabTo(page, ".product-card .gallery__track");
    // A 2 px ring round the whole picture at least, every pixel of it changed by 3:1 (WCAG 2.2's focus appearance).
    const track = await focusChange(gallery0, await gallery.screenshot());
    const { width, height } = await size(gallery);
    expect(track.strong, JSON.stringify(track)).toBeGreaterThanOrEqual(ringArea(width, height, 2) * 0.9);

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("gallery__dot");
    // The dot drawn (18 × 7 px for the photo shown): a ring round it, mostly of pixels changed by 3:1.
    const dot = await focusChange(dots0, await dots.screenshot());
    expect(dot.strong, JSON.stringify(dot)).toBeGreaterThanOrEqual(ringArea(18, 7, 2));
    expect(dot.strong / dot.changed, JSON.stringify(dot)).toBeGreaterThanOrEqual(0.6);
  });

  it("a control reached by Tab is never left under the fixed bottom navigation", async () => {
    const page = await home(theme);
    const navTop = (await page.getByTestId("bottom-nav").boundingBox())!.y;
    expect(navTop).toBeLessThan(PHONE_360.height);
    const hidden: string[] = [];
    for (let press = 0; press < 40; press++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const element = document.activeElement!;
        const box = element.getBoundingClientRect();
        return {
          what: `${element.getAttribute("data-testid") ?? element.className} ${(element.textContent ?? "").slice(0, 20)}`,
          inPage: element.closest("main") !== null,
          bottom: box.bottom,
        };
      });
      if (where.inPage && where.bottom > navTop) hidden.push(`${where.what}: bottom ${where.bottom} > ${navTop}`);
    }
    expect(hidden).toEqual([]);
  });
});
