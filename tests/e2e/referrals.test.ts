/**
 * The referral programme in Chromium against the real store (issue 13): a customer copies their link from the
 * cabinet; a friend's browser opens it, is sent home with the code kept, signs in by e-mail and orders; a
 * manager completes the order; the referrer's cabinet shows 1 view, 1 referral, 100% conversion and the 3%, and
 * the bonus history, the referral list and the referral's page show it to the Baht. Then the referrer pays an
 * order with bonus and the history shows the expense. Inside Telegram the code arrives as `start_param` and
 * the share button opens Telegram's share sheet.
 */
import type { BrowserContext, Page } from "playwright-core";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import type { PartnerSummary } from "../../server/domain/contracts/partner";
import { signInitData } from "../../server/services/telegramInitData";
import { PHONE } from "../helpers/browser";
import { useBrowserStore } from "../helpers/browserStore";
import { recordTelegramEvents, telegramEvents, telegramLaunchUrl } from "../helpers/telegramWebview";
import { completeEmailLogin, signInByEmail, storedToken } from "../helpers/webSignIn";
import { storeApi } from "../helpers/storeApi";
import { TEST_BOT_TOKEN } from "../helpers/session";

/** A published example token: the server only checks its form. */
const BOT_TOKEN = TEST_BOT_TOKEN;
const BOT_USERNAME = "samui_store_bot";
const ADMIN_EMAIL = "boss@samui.example";
/** REFERRAL_RATE_PERCENT's default: what the cabinet shows and what a referrer earns. */
const RATE_PERCENT = 3;
const DATE_TIME = /^\d{2}\.\d{1,2}\.\d{4} \d{1,2}:\d{2}$/;

// BOT_MODE off: Telegram sign-in needs the token, not a bot polling a Telegram these machines cannot reach. The Bot
// API is a closed port: the share card cannot be made here (tests/e2e/telegramShare.test.ts makes it), so Share
// inside Telegram falls back to the share sheet at once, on any machine.
const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  BOT_TOKEN,
  BOT_MODE: "off",
  BOT_USERNAME,
  ADMIN_EMAILS: ADMIN_EMAIL,
  TELEGRAM_API_ROOT: "http://127.0.0.1:9",
}));

const { api, emailToken, shopId } = storeApi(web);

async function product(name: string): Promise<ProductListItem> {
  const found = (await api<{ products: ProductListItem[] }>("/api/products")).products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

const partnerOf = (token: string) => api<PartnerSummary>("/api/partner", { token });
const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent())?.trim();
const entries = (page: Page) => page.getByTestId("bonus-entry");

/** Another phone next to the fixture's (which closes only its own profile): an adult; closed by the caller. */
async function secondPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await web.context.browser()!.newContext(PHONE);
  await context.addInitScript(() => localStorage.setItem("year_confirm_fr", "1"));
  return { context, page: await context.newPage() };
}

describe("referral programme end to end", () => {
  it("a link brings a friend whose completed order earns 3%; the referrer spends bonus and the history adds up", async () => {
    const referrerEmail = "partner-anna@samui.example";
    const friendEmail = "friend-boris@samui.example";
    const managerEmail = "chaweng-desk@samui.example";
    const chaweng = await shopId("Chaweng Beach Store");

    // A signs in and copies their link from the cabinet.
    const referrer = await web.newPage();
    await web.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: web.store.url });
    await referrer.goto(web.store.url);
    await signInByEmail(referrer, web.smtp, referrerEmail);
    const referrerToken = await storedToken(referrer);
    await referrer.getByTestId("nav-cabinet").click();
    await referrer.waitForURL(`${web.store.url}/cabinet`);
    const { reflink } = await partnerOf(referrerToken);
    const link = `${web.store.url}/${reflink}`;
    await expect.poll(() => text(referrer, "referral-rate")).toBe(`${RATE_PERCENT}%`);
    expect(await text(referrer, "cabinet-reflink")).toBe(link);
    expect(await text(referrer, "referral-views")).toBe("0");
    expect(await text(referrer, "referral-conversion")).toBe("0%");
    await referrer.getByTestId("referral-share").click();
    await expect.poll(() => referrer.getByTestId("notification").allTextContents()).toContain("Referral link was copied");
    const copied = await referrer.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(link);

    // The QR popup encodes the same link.
    await referrer.getByTestId("referral-qr-open").click();
    const popup = referrer.getByRole("dialog", { name: "Your referral link" });
    await popup.getByTestId("qr-code").waitFor();
    expect(await text(referrer, "referral-qr-link")).toBe(link);
    await popup.getByRole("button", { name: "Close" }).click();

    // A friend's browser opens it: home, the code kept, the view counted once.
    let friendOrderId = 0;
    const { context: friendContext, page: friend } = await secondPhone();
    try {
      const viewCalls: string[] = [];
      friend.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/ref/")) viewCalls.push(request.method());
      });
      // A path shaped like a code that is nobody's is the 'Page not found' page: it stays, keeps nothing, counts nothing.
      await friend.goto(`${web.store.url}/no-such-page`);
      await friend.getByRole("heading", { name: "Page not found" }).waitFor();
      await friend.getByTestId("not-found").waitFor();
      expect(new URL(friend.url()).pathname).toBe("/no-such-page");
      expect(await stored(friend, "ref")).toBeNull();
      expect(viewCalls).toEqual([]);
      expect(await friend.getByTestId("notification").count()).toBe(0);
      await friend.goto(copied);
      await friend.waitForURL(`${web.store.url}/`);
      expect(await stored(friend, "ref")).toBe(reflink);
      await expect.poll(() => stored(friend, `view_${reflink}`)).toBe("1");
      await expect.poll(async () => (await partnerOf(referrerToken)).views).toBe(1);
      // Opening it again (the same browser) sends nothing and counts nothing.
      await friend.goto(copied);
      await friend.waitForURL(`${web.store.url}/`);
      await friend.getByTestId("product-card").first().waitFor();
      expect(viewCalls).toEqual(["POST"]);
      expect((await partnerOf(referrerToken)).views).toBe(1);
      // A path too short for a reflink is still the 404.
      await friend.goto(`${web.store.url}/ab`);
      await friend.getByTestId("not-found").waitFor();

      // The friend orders Gelato #41 for pickup at Chaweng, signing in by e-mail on the way: the code rides along.
      await friend.goto(web.store.url);
      const card = friend.getByTestId("product-card").filter({ has: friend.getByRole("heading", { name: "Gelato #41", exact: true }) });
      await card.getByTestId("add-to-order").click();
      await friend.getByTestId("store-choice").filter({ hasText: "Chaweng Beach Store" }).click();
      await expect.poll(() => card.getByTestId("add-to-order").textContent()).toBe("Ordered");
      await friend.getByTestId("nav-cart").click();
      await friend.getByTestId("cart-shop").first().waitFor();
      await friend.getByTestId("place-order").click();
      const verified = friend.waitForRequest((request) => request.url().endsWith("/api/auth/email/verify"));
      await completeEmailLogin(friend, web.smtp, friendEmail);
      expect((await verified).postDataJSON()).toMatchObject({ email: friendEmail, ref: reflink });
      // Registered or refused, a code has one chance: it is gone after the sign-in.
      expect(await stored(friend, "ref")).toBeNull();
      // The placement goes on by itself after the sign-in (issue 38).
      await friend.waitForURL(/\/order\/\d+\?first=Y$/);
      friendOrderId = Number(new URL(friend.url()).pathname.split("/").at(-1));
    } finally {
      await friendContext.close();
    }
    expect((await partnerOf(referrerToken)).referrals).toBe(1);

    // A manager of Chaweng completes it, paid in cash.
    await emailToken(managerEmail);
    const admin = await emailToken(ADMIN_EMAIL);
    await api(`/api/admin/shops/${chaweng}/staff`, { method: "POST", token: admin, body: { email: managerEmail, role: "manager" } });
    const manager = await emailToken(managerEmail);
    const finish = (id: number, by: "cash" | "bonus") =>
      api<{ order: Order }>(`/api/staff/orders/${id}/finish`, { method: "POST", token: manager, body: { by } });
    const { order: done } = await finish(friendOrderId, "cash");
    const income = Math.floor((done.discounted_price * RATE_PERCENT) / 100);
    expect(income).toBeGreaterThan(0);

    // A's cabinet: 1 view, 1 referral, 100%, the income, and the chip agrees with the wallet.
    await referrer.reload();
    await expect.poll(() => text(referrer, "referral-count")).toBe("1");
    expect(await text(referrer, "referral-views")).toBe("1");
    expect(await text(referrer, "referral-conversion")).toBe("100%");
    expect(await text(referrer, "referral-income")).toBe(`${income} ฿`);
    expect(await text(referrer, "cabinet-balance")).toBe(`${income} ฿`);
    await expect.poll(() => text(referrer, "balance-chip")).toBe(`${income} ฿`);

    // /refstat: the income of exactly 3% rounded down, with the order's shop, items, total and date.
    await referrer.getByTestId("referral-incomes").click();
    await referrer.waitForURL(`${web.store.url}/refstat`);
    await entries(referrer).first().waitFor();
    expect(await entries(referrer).count()).toBe(1);
    expect(await text(referrer, "refstat-balance")).toBe(`${income} ฿`);
    expect(await text(referrer, "bonus-entry-amount")).toBe(`+${income} ฿`);
    expect(await text(referrer, "bonus-entry-store")).toBe("Chaweng Beach Store");
    expect(await text(referrer, "bonus-entry-items")).toBe("1 item");
    expect(await text(referrer, "bonus-entry-total")).toBe(`${done.discounted_price} ฿`);
    expect(await text(referrer, "bonus-entry-date")).toMatch(DATE_TIME);
    // Only incomes so far: the filters show their sums but have nothing to narrow.
    expect(await text(referrer, "filter-income-figure")).toBe(`${income} ฿`);
    expect(await text(referrer, "filter-exp-figure")).toBe("0 ฿");
    expect(await referrer.getByTestId("filter-exp").isDisabled()).toBe(true);

    // The referral list: the friend's e-mail cut to 4 characters, one order, the income; the row opens the detail.
    await referrer.getByTestId("refstat-referrals-link").click();
    await referrer.waitForURL(`${web.store.url}/refstat/list`);
    await expect.poll(() => text(referrer, "referrals-total")).toBe("1");
    expect(await text(referrer, "filter-active-figure")).toBe("1");
    expect(await text(referrer, "filter-passive-figure")).toBe("0");
    const row = referrer.getByTestId("referral-row");
    expect(await text(referrer, "referral-email")).toMatch(new RegExp(`^${friendEmail.slice(0, 4)}\\*+$`));
    expect(await text(referrer, "referral-orders")).toBe("1 order");
    expect(await text(referrer, "referral-income-value")).toBe(`${income} ฿`);
    await row.click();
    await referrer.waitForURL(/\/refstat\/conn\/\d+\?s_type=partner$/);
    await expect.poll(() => text(referrer, "referral-detail-sum")).toBe(`${income} ฿`);
    expect(await text(referrer, "referral-detail-email")).toMatch(new RegExp(`^${friendEmail.slice(0, 4)}\\*+$`));
    expect(await entries(referrer).count()).toBe(1);

    // An admin credits A enough for King Size Rolling Papers; A orders them and the manager takes bonus for them.
    const papers = await product("King Size Rolling Papers");
    const { user: referrerUser } = await api<{ user: { userId: number } }>("/api/me", { token: referrerToken });
    const reason = "Welcome gift for sharing the shop";
    const credit = { amount: papers.per_price, reason };
    await api(`/api/admin/users/${referrerUser.userId}/bonus`, { method: "POST", token: admin, body: credit });
    const { order: cheap } = await api<{ order: Order }>("/api/orders", {
      method: "POST",
      token: referrerToken,
      headers: { "idempotency-key": "e2e-referrals-bonus-order" },
      body: { shop_id: chaweng, items: [{ product_id: papers.id, option_id: 0, amount: 1 }], delivery_option: 1, payment_option: 1 },
    });
    await finish(cheap.id, "bonus");

    // /refstat: the expense under Expenses, the correction with its reason, and a balance that adds up.
    const incomes = income + papers.per_price;
    const balance = incomes - cheap.discounted_price;
    await referrer.goto(`${web.store.url}/refstat`);
    await expect.poll(() => text(referrer, "filter-exp-figure")).toBe(`${cheap.discounted_price} ฿`);
    expect(await text(referrer, "filter-income-figure")).toBe(`${incomes} ฿`);
    expect(await text(referrer, "refstat-balance")).toBe(`${balance} ฿`);
    await expect.poll(() => entries(referrer).count()).toBe(3);
    const stores = await entries(referrer).getByTestId("bonus-entry-store").allTextContents();
    expect(stores).toEqual(["Chaweng Beach Store", reason, "Chaweng Beach Store"]);
    expect(await entries(referrer).getByTestId("bonus-entry-amount").allTextContents()).toEqual([
      `−${cheap.discounted_price} ฿`,
      `+${papers.per_price} ฿`,
      `+${income} ฿`,
    ]);
    await referrer.getByTestId("filter-exp").click();
    await expect.poll(() => entries(referrer).count()).toBe(1);
    expect(await entries(referrer).first().getAttribute("data-entry-type")).toBe("exp");
    expect(await text(referrer, "bonus-entry-total")).toBe(`${cheap.discounted_price} ฿`);
    await referrer.getByTestId("filter-income").click();
    await expect.poll(() => entries(referrer).count()).toBe(2);
    // The chip follows the wallet.
    await expect.poll(() => text(referrer, "balance-chip")).toBe(`${balance} ฿`);
  });

  it("inside Telegram registers the referral from start_param and shares the bot's link through Telegram", async () => {
    const partnerToken = await emailToken("partner-chai@samui.example");
    const { reflink } = await partnerOf(partnerToken);
    expect((await partnerOf(partnerToken)).referrals).toBe(0);

    const initData = signInitData(
      { auth_date: String(Math.floor(Date.now() / 1000)), start_param: reflink, user: JSON.stringify({ id: 626262, first_name: "Niran" }) },
      BOT_TOKEN,
    );
    const page = await web.newPage();
    await recordTelegramEvents(web.context);
    await page.goto(telegramLaunchUrl(web.store.url, "/", initData));
    await page.getByTestId("balance-chip").waitFor();
    await expect.poll(async () => (await partnerOf(partnerToken)).referrals).toBe(1);

    // The new customer's own link, shared inside Telegram, is the bot's mini-app link, through the share sheet (no
    // card: this store's Bot API cannot be reached).
    const { user } = await api<{ user: { ref: string } }>("/api/me", { token: await storedToken(page) });
    const telegramLink = `https://t.me/${BOT_USERNAME}?startapp=${user.ref}`;
    await page.getByTestId("nav-cabinet").click();
    await expect.poll(() => text(page, "cabinet-reflink")).toBe(telegramLink);
    await page.getByTestId("referral-share").click();
    const shared = async () =>
      (await telegramEvents(page))
        .filter((event) => event.type === "web_app_open_tg_link")
        .map((event) => new URL(`https://t.me${(event.data as { path_full: string }).path_full}`));
    await expect.poll(async () => (await shared()).length, { timeout: 8_000 }).toBe(1);
    const [sheet] = await shared();
    expect(sheet!.pathname).toBe("/share/url");
    expect(sheet!.searchParams.get("url")).toBe(telegramLink);
    // No clipboard notice: Telegram's sheet did the sharing.
    expect(await page.getByTestId("notification").allTextContents()).not.toContain("Referral link was copied");
  });
});

describe("links opened by someone already signed in", () => {
  it("registers a signed-in customer who opens a link at once, and leaves nothing stored", async () => {
    const partnerToken = await emailToken("partner-dao@samui.example");
    const { reflink } = await partnerOf(partnerToken);
    const page = await web.newPage();
    await page.goto(web.store.url);
    await signInByEmail(page, web.smtp, "already-in@samui.example");
    await page.goto(`${web.store.url}/${reflink}`);
    await page.waitForURL(`${web.store.url}/`);
    await expect.poll(async () => (await partnerOf(partnerToken)).referrals).toBe(1);
    expect(await stored(page, "ref")).toBeNull();
  });
});

describe("the customer's download", () => {
  it("holds neither the cabinet nor the bonus history screens: they come in their own chunk", async () => {
    // The build the store serves (tests/setup/buildWebapp.ts builds into WEBAPP_DIR when it is set).
    const dist = process.env.WEBAPP_DIR || "webapp/dist";
    const html = await readFile(`${dist}/index.html`, "utf8");
    // The download is the entry and the chunks it preloads (docs/webapp.md "Chunks"): none holds the account screens.
    const scripts = [...html.matchAll(/(?:src|href)="\/static\/([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const download = await Promise.all(scripts.map((script) => readFile(`${dist}/static/${script}`, "utf8")));
    // Texts live in the catalogues (issue 24): the screens are recognised by their test ids.
    const accountScreens = ["referral-box", "cabinet-user", "refstat-list", "refstat-referral"];
    for (const code of download) for (const screen of accountScreens) expect(code).not.toContain(screen);
    const chunk = download.map((code) => /refstatScreens-[\w-]+\.js/.exec(code)?.[0]).find(Boolean);
    expect(chunk).toBeDefined();
    const chunkCode = await readFile(`${dist}/static/${chunk}`, "utf8");
    for (const screen of accountScreens) expect(chunkCode).toContain(screen);
  });
});
