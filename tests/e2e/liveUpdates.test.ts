/**
 * Live updates in Chromium (issue 26) against the real store: a manager's cabinet shows an order a customer placed
 * over HTTP within 2 s, without a reload; a customer's order page turns 'In progress' within 2 s of the manager's
 * take; a session signed out closes its stream for good; with the stream broken the app keeps trying it and the
 * page still updates by its 15 s polling.
 *
 * Each check waits until the screen has fetched its list after the stream opened (the app refetches on the
 * server's `ready`), and changes the order only then: a screen that had to wait for its next poll would need
 * 15 s, so showing the change within 2 s is the stream's doing.
 */
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { POLL_INTERVAL_MS } from "../../server/domain/constants";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";
import { recordTelegramEvents, telegramLaunchUrl } from "../helpers/telegramWebview";

const ADMIN_EMAIL = "boss@samui.example";
/** What the issue allows between a change and the screen showing it. */
const LIVE_MS = 2_000;

// BOT_MODE off: Telegram sign-in needs the token, not a bot polling a Telegram out of reach.
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken, shopId, telegramToken } = storeApi(web);

function initDataOf(id: number, firstName: string): string {
  const user = JSON.stringify({ id, first_name: firstName, language_code: "en" });
  return signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, TEST_BOT_TOKEN);
}

async function productId(name: string): Promise<number> {
  const found = (await api<{ products: ProductListItem[] }>("/api/products")).products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found.id;
}

/** A pickup order of one Gelato #41 at Lamai, placed over HTTP by `token`'s customer. */
async function placeAtLamai(token: string, key: string): Promise<Order> {
  const body = {
    shop_id: await shopId("Lamai Night Market"),
    items: [{ product_id: await productId("Gelato #41"), option_id: 0, amount: 1 }],
    delivery_option: 1,
    payment_option: 1,
  };
  return (await api<{ order: Order }>("/api/orders", { method: "POST", token, headers: { "idempotency-key": key }, body })).order;
}

/** A Telegram user made a manager of Lamai by the admin; their initData opens the mini-app signed in. */
async function lamaiManager(telegramId: number, firstName: string): Promise<{ initData: string; token: string }> {
  const initData = initDataOf(telegramId, firstName);
  const token = await telegramToken(initData);
  const admin = await emailToken(ADMIN_EMAIL);
  await api(`/api/admin/shops/${await shopId("Lamai Night Market")}/staff`, {
    method: "POST",
    token: admin,
    body: { telegram_id: telegramId, role: "manager" },
  });
  return { initData, token };
}

/** What a page asked of the API and when the answers came, by path. */
function recordAnswers(page: Page): { path: string; status: number; at: number }[] {
  const answers: { path: string; status: number; at: number }[] = [];
  page.on("response", (response) => answers.push({ path: new URL(response.url()).pathname, status: response.status(), at: Date.now() }));
  return answers;
}

/** Waits for the stream to open, then for `path` to be answered after it (the refetch on `ready`). */
async function streamReadyAndRefetched(answers: ReturnType<typeof recordAnswers>, path: string): Promise<void> {
  const opened = () => answers.find((answer) => answer.path === "/api/events" && answer.status === 200)?.at;
  await expect.poll(opened, { timeout: 15_000 }).toBeDefined();
  await expect.poll(() => answers.some((answer) => answer.path === path && answer.at >= opened()!), { timeout: 10_000 }).toBe(true);
}

const staffRow = (page: Page, status: string, orderId: number) =>
  page.locator(`[data-testid="staff-section"][data-status="${status}"] [data-testid="staff-order-row"][data-order-id="${orderId}"]`);

describe("live updates", () => {
  it("a manager's cabinet shows an order placed over HTTP within 2 s, without a reload", async () => {
    const manager = await lamaiManager(515151, "Somchai");
    const customer = await telegramToken(initDataOf(616161, "Mali"));

    const page = await web.newPage();
    await recordTelegramEvents(web.context);
    const answers = recordAnswers(page);
    await page.goto(telegramLaunchUrl(web.store.url, "/admin-cabinet", manager.initData));
    await page.locator('[data-testid="staff-section"][data-status="N"]').waitFor();
    await streamReadyAndRefetched(answers, "/api/staff/orders");
    const loads = answers.filter((answer) => answer.path === "/api/staff/orders").length;

    const order = await placeAtLamai(customer, "e2e-live-cabinet-1");
    const placedAt = Date.now();
    await staffRow(page, "N", order.id).waitFor({ timeout: LIVE_MS });
    expect(Date.now() - placedAt).toBeLessThan(LIVE_MS);
    // The same page: its list was asked again, nothing was reloaded.
    expect(answers.filter((answer) => answer.path === "/api/staff/orders").length).toBeGreaterThan(loads);
    expect(answers.filter((answer) => answer.path === "/admin-cabinet")).toHaveLength(1);

    // The take shows too: the order moves from AWAITING to the manager's own section.
    await api(`/api/staff/orders/${order.id}/take`, { method: "POST", token: manager.token });
    await staffRow(page, "W", order.id).waitFor({ timeout: LIVE_MS });
    expect(await staffRow(page, "N", order.id).count()).toBe(0);
  });

  it("a customer's order page turns 'In progress' within 2 s of the manager's take", async () => {
    const manager = await lamaiManager(525252, "Niran");
    const customerInitData = initDataOf(626262, "Dao");
    const order = await placeAtLamai(await telegramToken(customerInitData), "e2e-live-order-1");

    const page = await web.newPage();
    await recordTelegramEvents(web.context);
    const answers = recordAnswers(page);
    await page.goto(telegramLaunchUrl(web.store.url, `/order/${order.id}`, customerInitData));
    const status = page.getByTestId("order-status");
    await expect.poll(() => status.textContent()).toBe("New");
    await streamReadyAndRefetched(answers, `/api/orders/${order.id}`);

    await api(`/api/staff/orders/${order.id}/take`, { method: "POST", token: manager.token });
    const tookAt = Date.now();
    await expect.poll(() => status.textContent(), { timeout: LIVE_MS, interval: 50 }).toBe("In progress");
    expect(Date.now() - tookAt).toBeLessThan(LIVE_MS);
  });

  it("a sign-out closes the stream for good: the app does not open it again with the ended session", async () => {
    const customerInitData = initDataOf(646464, "Ploy");
    const order = await placeAtLamai(await telegramToken(customerInitData), "e2e-live-signout-1");
    const page = await web.newPage();
    await recordTelegramEvents(web.context);
    const answers = recordAnswers(page);
    const streamsOf = new Map<string, number>();
    page.on("request", (request) => {
      if (new URL(request.url()).pathname !== "/api/events") return;
      const token = request.headers().authorization ?? "";
      streamsOf.set(token, (streamsOf.get(token) ?? 0) + 1);
    });
    await page.goto(telegramLaunchUrl(web.store.url, `/order/${order.id}`, customerInitData));
    await streamReadyAndRefetched(answers, `/api/orders/${order.id}`);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(streamsOf.get(`Bearer ${token}`)).toBe(1);

    // The session ends elsewhere (its log-out over HTTP): the server closes the stream with `signed-out`.
    // The app hangs up itself on `closed` (a failed request to the browser) if the server's end has not come first.
    const isStream = { predicate: (request: Request) => request.url().endsWith("/api/events"), timeout: 5_000 };
    const ended = Promise.race([page.waitForEvent("requestfinished", isStream), page.waitForEvent("requestfailed", isStream)]);
    const logout = await fetch(`${web.store.url}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(204);
    await ended;
    // Longer than the first reconnect's wait (3 s and a fifth): no stream was asked with that session again.
    await page.waitForTimeout(4_500);
    expect(streamsOf.get(`Bearer ${token}`)).toBe(1);
  });

  it("with the stream broken, the app keeps trying it and the order page still updates by polling", async () => {
    const manager = await lamaiManager(535353, "Anong");
    const customerInitData = initDataOf(636363, "Fon");
    const order = await placeAtLamai(await telegramToken(customerInitData), "e2e-live-broken-1");

    const page = await web.newPage();
    await recordTelegramEvents(web.context);
    let attempts = 0;
    await web.context.route("**/api/events", (route) => {
      attempts++;
      return route.abort("connectionreset");
    });
    await page.goto(telegramLaunchUrl(web.store.url, `/order/${order.id}`, customerInitData));
    const status = page.getByTestId("order-status");
    await expect.poll(() => status.textContent()).toBe("New");
    // Tried at once, and again after about 3 s (the backoff's first wait).
    await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    await api(`/api/staff/orders/${order.id}/take`, { method: "POST", token: manager.token });
    await expect.poll(() => status.textContent(), { timeout: POLL_INTERVAL_MS + 5_000, interval: 250 }).toBe("In progress");
  });
});
