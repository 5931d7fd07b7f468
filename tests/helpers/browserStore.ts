/**
 * A browser test file's world: a real SMTP server on loopback, the store as `npm start` runs it, Debian's
 * Chromium, and a fresh phone-sized profile per test. Registers its own hooks; call it once at the top.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchChromium, PHONE } from "./browser";
import { startStore } from "./server";
import { startSmtpServer } from "./smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
type Store = Awaited<ReturnType<typeof startStore>>;

/** `env` is the store's configuration, given the SMTP server's address. */
export function useBrowserStore(env: (smtpUrl: string) => Record<string, string>) {
  let smtp: Smtp | undefined;
  let store: Store | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  /** Every profile the current test opened (two devices of one person are two at once), closed after it. */
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    store = await startStore(env(smtp.url));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    await smtp?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.map((opened) => opened.close()));
    contexts = [];
    context = undefined;
  });

  return {
    get smtp(): Smtp {
      return smtp!;
    },
    get store(): Store {
      return store!;
    },
    /** The profile of the current test's latest page (closed after it, with any other it opened). */
    get context(): BrowserContext {
      return context!;
    },
    /**
     * A fresh profile and page; the profiles opened before stay open (another device) until the test ends.
     * `ageConfirmed`: an adult who answered the age gate before, once per browser session, so a test that logs
     * out (and so clears it) sees the gate again.
     */
    async newPage({ ageConfirmed = true } = {}): Promise<Page> {
      context = await browser!.newContext(PHONE);
      contexts.push(context);
      if (ageConfirmed) {
        await context.addInitScript(() => {
          if (!sessionStorage.getItem("age-preset")) {
            sessionStorage.setItem("age-preset", "1");
            localStorage.setItem("year_confirm_fr", "1");
          }
        });
      }
      return context.newPage();
    },
  };
}
