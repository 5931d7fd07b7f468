/**
 * The mini-app "inside Telegram" in Chromium (../shared/tech-notes.md): launch data in the URL hash as
 * Telegram passes it, and a TelegramWebviewProxy that records every event the app posts to the client
 * (web_app_ready, web_app_setup_main_button, …), so tests see what Telegram would be asked to do.
 */
import type { BrowserContext, Page } from "playwright-core";

export interface TelegramEvent {
  type: string;
  data: unknown;
}

/** Records the events pages of this context post to Telegram; read them with `telegramEvents(page)`. */
export async function recordTelegramEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const events: { type: string; data: unknown }[] = [];
    (window as unknown as { tgEvents: typeof events }).tgEvents = events;
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent(type: string, data: string) {
        events.push({ type, data: data ? JSON.parse(data) : null });
      },
    };
  });
}

export function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { tgEvents: { type: string; data: unknown }[] }).tgEvents);
}

/** The address Telegram opens: `path` of the store with signed launch data in the hash. */
export function telegramLaunchUrl(base: string, path: string, initData: string): string {
  return `${base}${path}#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop`;
}
