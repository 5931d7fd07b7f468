/**
 * The mini-app "inside Telegram" in Chromium (../shared/tech-notes.md): launch data in the URL hash as
 * Telegram passes it, and a TelegramWebviewProxy that records every event the app posts to the client
 * (web_app_ready, web_app_setup_main_button, …), so tests see what Telegram would be asked to do.
 */
import type { BrowserContext, Page } from "playwright-core";
import type { TelegramThemeParams } from "../../webapp/src/lib/theme";

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

/**
 * Telegram's CloudStorage for the pages of this context, kept in `storage`: give two contexts (two devices of one
 * person) the same map and what one saves the other reads, as Telegram keeps it per user and bot. Every
 * `getStorageValues`, `saveStorageValue` and `deleteStorageValues` the app asks is answered at once. Call after
 * recordTelegramEvents (it answers through the proxy that one sets up; the calls are still recorded).
 */
export async function shareCloudStorage(context: BrowserContext, storage: Map<string, string>): Promise<void> {
  type Params = { key?: string; value?: string; keys?: string[] };
  await context.exposeBinding("answerCloudStorage", (_source, method: string, params: Params) => {
    if (method === "getStorageValues") {
      return { result: Object.fromEntries((params.keys ?? []).map((key) => [key, storage.get(key) ?? ""])) };
    }
    if (method === "saveStorageValue") {
      storage.set(params.key!, params.value!);
      return { result: true };
    }
    if (method === "deleteStorageValues") {
      for (const key of params.keys ?? []) storage.delete(key);
      return { result: true };
    }
    return { error: "UNKNOWN_METHOD" };
  });
  await context.addInitScript(() => {
    type Answer = { result?: unknown; error?: string };
    const page = window as unknown as {
      TelegramWebviewProxy: { postEvent(type: string, data: string): void };
      answerCloudStorage(method: string, params: unknown): Promise<Answer>;
      Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } };
    };
    const proxy = page.TelegramWebviewProxy;
    const post = proxy.postEvent.bind(proxy);
    proxy.postEvent = (type, data) => {
      post(type, data);
      if (type !== "web_app_invoke_custom_method") return;
      const { req_id, method, params } = JSON.parse(data) as { req_id: string; method: string; params: unknown };
      void page
        .answerCloudStorage(method, params)
        .then((answer) => page.Telegram.WebView.receiveEvent("custom_method_invoked", { req_id, ...answer }));
    };
  });
}

export function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { tgEvents: { type: string; data: unknown }[] }).tgEvents);
}

/**
 * Waits until a page has posted an event of `type` to Telegram (beyond the first `after` of that type) and gives
 * its data: what Telegram would be asked to do (web_app_request_write_access, web_app_invoke_custom_method, …).
 */
export async function waitForTelegramEvent(
  page: Page,
  type: string,
  { after = 0, timeoutMs = 5_000, where }: { after?: number; timeoutMs?: number; where?: (data: unknown) => boolean } = {},
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await telegramEvents(page)).filter((event) => event.type === type && (!where || where(event.data)));
    if (matching.length > after) return matching[after]!.data;
    if (Date.now() > deadline) throw new Error(`the page posted no ${type} to Telegram within ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
}

/** Answers the page as Telegram does: an event delivered through `window.Telegram.WebView.receiveEvent`. */
export async function sendTelegramEvent(page: Page, type: string, data: unknown): Promise<void> {
  await page.evaluate(
    ([eventType, eventData]) => {
      type WebView = { receiveEvent(type: string, data: unknown): void };
      const webView = (window as unknown as { Telegram?: { WebView?: WebView } }).Telegram?.WebView;
      if (!webView) throw new Error("the Telegram SDK has not loaded in this page");
      webView.receiveEvent(eventType as string, eventData);
    },
    [type, data] as const,
  );
}

/** The address Telegram opens: `path` of the store with signed launch data in the hash. */
export function telegramLaunchUrl(base: string, path: string, initData: string): string {
  return `${base}${path}#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop`;
}

/** Telegram's default light theme (its iOS and desktop clients), as it arrives in tgWebAppThemeParams. */
export const TELEGRAM_LIGHT: TelegramThemeParams = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#999999",
  link_color: "#2481cc",
  button_color: "#2481cc",
  button_text_color: "#ffffff",
  secondary_bg_color: "#efeff3",
  header_bg_color: "#efeff3",
  accent_text_color: "#2481cc",
  section_bg_color: "#ffffff",
  section_header_text_color: "#6d6d72",
  section_separator_color: "#c8c7cc",
  subtitle_text_color: "#999999",
  destructive_text_color: "#ff3b30",
};

/** Telegram's default dark theme (its desktop client). */
export const TELEGRAM_DARK: TelegramThemeParams = {
  bg_color: "#212121",
  text_color: "#ffffff",
  hint_color: "#aaaaaa",
  link_color: "#8774e1",
  button_color: "#8774e1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#0f0f0f",
  header_bg_color: "#212121",
  accent_text_color: "#8774e1",
  section_bg_color: "#212121",
  section_header_text_color: "#aaaaaa",
  section_separator_color: "#3d3d3d",
  subtitle_text_color: "#aaaaaa",
  destructive_text_color: "#e53935",
};
