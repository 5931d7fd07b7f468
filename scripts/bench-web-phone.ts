/**
 * The phone figures of `npm run bench:web -- --catalogue year` (scripts/bench-web.ts): home in Debian's Chromium
 * (playwright-core) with the CPU throttled 4× and a 1.6 Mbps / 150 ms RTT network (CDP), as a returning adult.
 *
 * Cards are found as a user finds them, not by today's markup: a card is a link to `/products/{id}` with a name
 * (the first such link of a card is its name), so a windowed or paged list, or a search's results, are measured
 * the same way. "Painted" is the animation frame in which the card's link is first inside the viewport (the
 * paint follows that frame).
 */
import type { Browser, CDPSession, Page } from "playwright-core";
import { HOME_CARD_SCRIPT, type ScrollRun } from "./bench-web-phone-page";

export const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const CPU_SLOWDOWN = 4;
/** 1.6 Mbps down, 750 kbps up, 150 ms round trip: Lighthouse's "slow 4G". */
export const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
/** The scroll gives up after this long (the page did not reach the end in 150 s). */
export const SCROLL_LIMIT_MS = Number(process.env.BENCH_WEB_SCROLL_LIMIT_MS ?? 60_000);

export interface PhoneRun {
  firstCardMs: number | null;
  /** All → category, category → All: from the tap to the new list's first card painted. */
  switchToMs: number | null;
  switchBackMs: number | null;
  /** The longest task during the two switches. */
  switchLongestTaskMs: number;
  scroll: ScrollRun;
  domElements: number;
  heapMb: number;
  /** null: the page has no search field labelled 'Search'. */
  searchMs: number | null;
  searchNote: string;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms)),
  ]);

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  return cdp;
}

/** Waits until no long task has started for `quietMs` (the page settled), at most `limitMs`. */
async function settle(page: Page, quietMs = 1500, limitMs = 20_000): Promise<void> {
  await withTimeout(
    page.evaluate(({ quietMs, limitMs }) => window.__bench.settle(quietMs, limitMs), { quietMs, limitMs }),
    limitMs + 10_000,
    "settling",
  );
}

/** A category tag by its name, a button today; a tab or radio of a tab list would do as well. */
function tagNamed(page: Page, name: string) {
  return page
    .getByRole("button", { name, exact: true })
    .or(page.getByRole("tab", { name, exact: true }))
    .or(page.getByRole("radio", { name, exact: true }))
    .first();
}

/** One visit: first card, category switch, scroll to the end, DOM and heap, search. */
export async function measurePhone(browser: Browser, base: string, category: string, searchWord: string): Promise<PhoneRun> {
  const context = await browser.newContext({ ...PHONE_VIEWPORT, serviceWorkers: "block" });
  // A returning adult: the age gate was confirmed on an earlier visit (ageConfirmation.ts).
  await context.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
  await context.addInitScript(HOME_CARD_SCRIPT);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    const cdp = await throttle(page);
    await page.goto(`${base}/`, { waitUntil: "commit", timeout: 60_000 });
    const firstCardMs = await withTimeout(
      page.evaluate(() => window.__bench.firstCard(60_000)),
      75_000,
      "first card",
    );
    await settle(page);

    const tap = async (name: string) => {
      const started = page.evaluate((limit) => window.__bench.nextListPaint(limit), 30_000);
      await tagNamed(page, name).click({ timeout: 30_000 });
      return withTimeout(started, 40_000, `category ${name}`);
    };
    await page.evaluate(() => window.__bench.resetLongTasks());
    const to = await tap(category);
    await settle(page);
    const back = await tap("All");
    const switchLongestTaskMs = await page.evaluate(() => window.__bench.longestTask());
    await settle(page);

    const scroll = await withTimeout(
      page.evaluate((limit) => window.__bench.scrollToEnd(limit), SCROLL_LIMIT_MS),
      SCROLL_LIMIT_MS + 60_000,
      "scroll",
    );
    await settle(page, 1000, 15_000).catch(() => undefined);
    const domElements = await page.evaluate(() => document.getElementsByTagName("*").length);
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };

    let searchMs: number | null = null;
    let searchNote = "n/a (no search field labelled 'Search' on home)";
    const search = page.getByRole("searchbox", { name: "Search" });
    if ((await search.count()) > 0) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await search.first().click({ timeout: 15_000 });
      const watching = page.evaluate((limit) => window.__bench.searchResults(limit), 20_000);
      await search.first().pressSequentially(searchWord, { delay: 120, timeout: 30_000 });
      await page.evaluate(() => window.__bench.keysDone());
      const result = await withTimeout(watching, 30_000, "search");
      searchMs = result.ms;
      searchNote = result.ms === null ? `no results for “${searchWord}” within 20 s` : `“${searchWord}”, ${result.cards} card(s)`;
    }
    return {
      firstCardMs,
      switchToMs: to,
      switchBackMs: back,
      switchLongestTaskMs,
      scroll,
      domElements,
      heapMb: heap.usedSize / 1e6,
      searchMs,
      searchNote,
    };
  } finally {
    await context.close();
  }
}
