/**
 * The broadcast screen (issue 25) in Thai and Russian, in Chromium in Telegram mode at 360 px: an admin whose
 * Telegram speaks th, then ru, opens /admin/broadcasts, writes a message and picks a segment; the screen shows
 * that language's texts, the recipients count from the server, a send button disabled at 0, and nothing wider
 * than its box nor a character drawn as a missing-glyph box, and Send asks first in Telegram's own popup (one tap must
 * not message everyone). Screenshots go to SHOT_DIR.
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
import {
  recordTelegramEvents,
  sendTelegramEvent,
  TELEGRAM_LIGHT,
  telegramLaunchUrl,
  waitForTelegramEvent,
} from "../helpers/telegramWebview";

const ADMIN_IDS = { th: 737_001, ru: 767_001 } as const;
const SHOT_DIR = process.env.SHOT_DIR ?? join(tmpdir(), "languages-broadcasts");

const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  BOT_TOKEN: TEST_BOT_TOKEN,
  BOT_MODE: "off",
  ADMIN_TELEGRAM_IDS: Object.values(ADMIN_IDS).join(","),
}));

function initData(id: number, language: string): string {
  const user = JSON.stringify({ id, first_name: `Boss ${language}`, language_code: language });
  return signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, TEST_BOT_TOKEN);
}

/** The page in Telegram mode; with `light`, in Telegram's light theme (else the app's own dark one). */
async function openInTelegram(path: string, data: string, light = false): Promise<Page> {
  const page = await web.newPage();
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

beforeAll(() => {
  requireThaiFonts();
});

describe("the broadcast screen in other languages at 360 px", () => {
  it("Thai: its texts, the recipients count, Send disabled at 0 recipients", async () => {
    const page = await openInTelegram("/admin/broadcasts", initData(ADMIN_IDS.th, "th"));
    await page.getByTestId("broadcast-text").waitFor();
    await page.getByTestId("broadcast-text").fill("ลดราคาสงกรานต์ 20% ทุกสินค้า สุดสัปดาห์นี้เท่านั้น!");
    await expect.poll(() => page.getByTestId("broadcast-recipients").textContent()).toMatch(/^ผู้รับ \d+ คน$/);
    expect(await page.getByTestId("broadcast-segment").locator("option").first().textContent()).toBe("ทุกคนที่บอทส่งถึงได้");
    await expectFits(page, "broadcast-th");
    // A product nobody bought: 0 recipients, and the send button says so and is disabled.
    await page.getByTestId("broadcast-segment").selectOption("bought");
    await page.getByPlaceholder("หมายเลขสินค้า").fill("999999");
    await expect.poll(() => page.getByTestId("broadcast-recipients").textContent()).toBe("ผู้รับ 0 คน");
    expect(await page.getByTestId("broadcast-send").textContent()).toBe("ส่งถึง 0 คน");
    expect(await page.getByTestId("broadcast-send").isDisabled()).toBe(true);
  });

  it.each([false, true])("Russian: its texts fit (Telegram's light theme: %s)", async (light) => {
    const page = await openInTelegram("/admin/broadcasts", initData(ADMIN_IDS.ru, "ru"), light);
    await page.getByTestId("broadcast-text").waitFor();
    await page.getByTestId("broadcast-segment").selectOption("not_ordered_within");
    await expect.poll(() => page.getByTestId("broadcast-recipients").textContent()).toMatch(/получател/);
    await expectFits(page, light ? "broadcast-ru-light" : "broadcast-ru");
  });

  it("Send asks in Telegram's popup first: No sends nothing, Yes sends", async () => {
    const page = await openInTelegram("/admin/broadcasts", initData(ADMIN_IDS.ru, "ru"));
    await page.getByTestId("broadcast-text").waitFor();
    await page.getByTestId("broadcast-text").fill("Скидка 20% на всё до воскресенья!");
    await expect.poll(() => page.getByTestId("broadcast-recipients").textContent()).toMatch(/^[1-9]\d* получател/);
    const count = Number.parseInt((await page.getByTestId("broadcast-recipients").textContent())!, 10);
    const question = (data: unknown) => (data as { message: string }).message;

    await page.getByTestId("broadcast-send").click();
    const asked = await waitForTelegramEvent(page, "web_app_open_popup");
    const toWhom = `${count} ${count % 10 === 1 && count % 100 !== 11 ? "получателю" : "получателям"}`;
    expect(question(asked)).toBe(`Отправить это сообщение сейчас ${toWhom}? Отправленное сообщение не отозвать.`);
    await sendTelegramEvent(page, "popup_closed", { button_id: "" });
    await page.waitForTimeout(300);
    expect(await page.getByTestId("broadcast-progress").count()).toBe(0);

    await page.getByTestId("broadcast-send").click();
    await waitForTelegramEvent(page, "web_app_open_popup", { after: 1 });
    await sendTelegramEvent(page, "popup_closed", { button_id: "ok" });
    await page.getByTestId("broadcast-progress").waitFor();
  });
});
