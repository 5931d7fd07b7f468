/**
 * Paying in TON in Chromium against the real store (issue 15), with a fake TON indexer on loopback that the
 * store's own watcher polls every second: the TON chunks load on a crypto order's page only (the network log),
 * the quote shows, Pay with TON opens TON Connect's wallet list (no wallet is reachable here, so the test goes
 * no further than that and the refusal it leads to), the wallet's reply makes the page wait for the network,
 * and once the indexer lists the transfer the page turns to Paid within one poll; a manager can also confirm a
 * payment by hand on the hand-over screen. Not one CSP violation on the way.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../server/domain/contracts/orders";
import type { TonQuote } from "../../server/domain/contracts/ton";
import { formatIslandTime } from "../../server/domain/format";
import { useBrowserStore } from "../helpers/browserStore";
import { randomAddress, startFakeTonIndexer, type FakeTonIndexer } from "../helpers/fakeTonIndexer";
import { storeApi } from "../helpers/storeApi";
import { signInByEmail, storedToken } from "../helpers/webSignIn";

const ADMIN_EMAIL = "boss@samui.example";
const SHOP = "Chaweng Beach Store";
/** A wallet's reply: a bag of cells, base64 (the store keeps it; the chain decides). */
const BOC = "te6cckEBAQEAEwAAIgAAAABLU1MgMTItQUJDREVG1Qwf/Q==";

let indexer: FakeTonIndexer;
beforeAll(async () => {
  indexer = await startFakeTonIndexer();
});
afterAll(async () => {
  await indexer.close();
});

// Registered after the indexer's hook, so the store starts with its address.
const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  ADMIN_EMAILS: ADMIN_EMAIL,
  TON_API_URL: indexer.url,
  TON_POLL_SECONDS: "1",
}));
const { api, emailToken, shopId } = storeApi(web);

let wallet = "";

async function placeCryptoOrder(token: string): Promise<Order> {
  const products = (await api<{ products: { id: number; name: string }[] }>("/api/products")).products;
  const body = {
    shop_id: await shopId(SHOP),
    items: [{ product_id: products.find((p) => p.name === "Jack Herer")!.id, option_id: 0, amount: 1 }],
    delivery_option: 1,
    payment_option: 3,
  };
  return (
    await api<{ order: Order }>("/api/orders", {
      method: "POST",
      token,
      body,
      headers: { "idempotency-key": `ton-e2e-${Date.now()}-${Math.random()}` },
    })
  ).order;
}

/** Every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])), ...console];
}

/** The scripts the page fetched, by file name. */
function scriptLog(page: Page): () => string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.split("/").pop()!);
  });
  return () => scripts;
}

const tonChunks = (scripts: string[]) => scripts.filter((name) => /^Ton/.test(name));

/** The admin gives the shop a wallet and sets the rate (once; inside a test, where the mail can be awaited). */
async function openCryptoPayments(): Promise<void> {
  if (wallet) return;
  const adminToken = await emailToken(ADMIN_EMAIL);
  wallet = randomAddress();
  await api(`/api/admin/shops/${await shopId(SHOP)}/wallet`, { method: "PUT", token: adminToken, body: { ton_wallet: wallet } });
  await api("/api/admin/settings/ton-rate", { method: "PUT", token: adminToken, body: { thb_per_ton: 250 } });
}

describe("paying an order in TON", () => {

  it("loads the TON chunks on a crypto order's page only, shows the quote, waits for the network and turns to Paid within one " +
    "poll", async () => {
    await openCryptoPayments();
    const page = await web.newPage();
    const violations = await watchViolations(page);
    const scripts = scriptLog(page);

    // Home and the cart: no TON code.
    const home = await page.goto(web.store.url);
    expect(home!.headers()["content-security-policy"]).toContain("connect-src 'self';");
    await signInByEmail(page, web.smtp, "ton.buyer@samui.example");
    await page.goto(`${web.store.url}/orders`);
    await page.getByText("Your cart is empty.").waitFor();
    expect(tonChunks(scripts())).toEqual([]);

    const order = await placeCryptoOrder(await storedToken(page));
    const answer = await page.goto(`${web.store.url}/order/${order.id}`);
    // Only the order page's HTML opens connect-src (and img-src) to https for TON Connect.
    expect(answer!.headers()["content-security-policy"]).toContain("connect-src 'self' https:;");
    const card = page.getByTestId("ton-payment");
    await card.waitFor();
    expect(tonChunks(scripts()).map((name) => name.replace(/-.*/, ""))).toEqual(["TonPay"]);

    const quote = await api<TonQuote>(`/api/orders/${order.id}/ton/quote`, { method: "POST", token: await storedToken(page) });
    await expect.poll(() => page.getByTestId("ton-amount").textContent()).toBe(`${quote.amount_ton} TON`);
    expect(await page.getByTestId("ton-address").textContent()).toBe(wallet);
    expect(await page.getByTestId("ton-comment").textContent()).toBe(quote.comment);
    // The rate's time on the island's clock, like the order's own times, whatever zone the phone is set to (UTC here).
    expect(await page.getByTestId("ton-rate-note").textContent()).toContain(`(rate of ${formatIslandTime(quote.rate_set_at)})`);
    expect(await page.getByTestId("ton-pay").textContent()).toBe("Pay with TON");

    // Pay: TON Connect's own chunk arrives and shows its wallet list; closing it leaves the order unpaid with a retry.
    await page.getByTestId("ton-pay").click();
    await page.locator("[data-tc-wallets-modal-container]").waitFor({ timeout: 15_000 });
    expect(tonChunks(scripts()).map((name) => name.replace(/-.*/, ""))).toEqual(["TonPay", "TonConnectPay"]);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("ton-problem").textContent(), { timeout: 10_000 }).toContain("Your order is not paid yet");
    expect(await page.getByTestId("ton-pay").textContent()).toBe("Try again");
    expect((await api<{ order: Order }>(`/api/orders/${order.id}`, { token: await storedToken(page) })).order.payment_status).toBe("P");

    // The wallet's reply reached the store (from another device, say): the page waits for the network.
    await api(`/api/orders/${order.id}/ton/sent`, { method: "POST", token: await storedToken(page), body: { boc: BOC } });
    await page.reload();
    await page.getByTestId("ton-waiting").waitFor();
    expect(await page.getByTestId("ton-waiting").textContent()).toBe("Waiting for the network");

    // The chain shows the transfer: the watcher confirms it, and the page's next poll (15 s) shows Paid.
    indexer.transfer({ to: wallet, value: quote.amount_nano, comment: quote.comment });
    await page.getByTestId("ton-paid").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("ton-paid").textContent()).toBe("Paid");
    expect(await page.getByTestId("ton-pay").count()).toBe(0);
    expect(await violations()).toEqual([]);
  });

  it("reached by client-side navigation, Pay reloads into the order page (its CSP) and opens the wallet list", async () => {
    await openCryptoPayments();
    const page = await web.newPage();
    const violations = await watchViolations(page);
    await page.goto(web.store.url);
    await signInByEmail(page, web.smtp, "ton.third@samui.example");
    const order = await placeCryptoOrder(await storedToken(page));
    // The app moves to the order page without loading a document: home's policy (connect-src 'self') holds.
    await page.evaluate((path) => {
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    }, `/order/${order.id}`);
    await page.getByTestId("ton-amount").waitFor();
    const reload = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/order/${order.id}` && response.request().resourceType() === "document",
    );
    await page.getByTestId("ton-pay").click();
    expect((await reload).headers()["content-security-policy"]).toContain("connect-src 'self' https:;");
    await page.locator("[data-tc-wallets-modal-container]").waitFor({ timeout: 15_000 });
    expect(await violations()).toEqual([]);
  });

  it("a manager confirms a crypto payment by hand on the hand-over screen", async () => {
    await openCryptoPayments();
    const buyerToken = await emailToken("ton.second@samui.example");
    const order = await placeCryptoOrder(buyerToken);
    const page = await web.newPage();
    const violations = await watchViolations(page);
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(web.store.url);
    await signInByEmail(page, web.smtp, ADMIN_EMAIL);
    await page.goto(`${web.store.url}/order/manage/${order.id}`);
    const facts = page.getByTestId("handover-ton");
    await facts.waitFor();
    expect(await page.getByTestId("handover-ton-state").textContent()).toContain("Not paid");
    await page.getByTestId("confirm-ton-payment").click();
    await expect.poll(() => page.getByTestId("handover-ton-state").textContent()).toBe("Paid (confirmed by hand)");
    expect(await page.getByTestId("confirm-ton-payment").count()).toBe(0);
    expect((await api<{ order: Order }>(`/api/orders/${order.id}`, { token: buyerToken })).order.ton_payment).toMatchObject({
      state: "paid",
      confirmed_by_hand: true,
    });
    expect(await violations()).toEqual([]);
  });
});
