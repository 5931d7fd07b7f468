/**
 * Cart across devices (issue 26) in Chromium "inside Telegram", over the real webview protocol: the app asks
 * Telegram with `web_app_invoke_custom_method` (saveStorageValue, getStorageValues) and the test answers as
 * Telegram does, with `custom_method_invoked` through window.Telegram.WebView.receiveEvent.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { TEST_BOT_TOKEN } from "../helpers/session";
import {
  recordTelegramEvents,
  sendTelegramEvent,
  shareCloudStorage,
  telegramEvents,
  telegramLaunchUrl,
  waitForTelegramEvent,
} from "../helpers/telegramWebview";

const BOT_TOKEN = TEST_BOT_TOKEN;
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN, BOT_MODE: "off" }));
const CART_KEYS = ["cart", "cart_2", "cart_3", "cart_4"];

interface CustomMethod {
  req_id: string;
  method: string;
  params: { key?: string; value?: string; keys?: string[] };
}

/** The same Telegram user on every device: CloudStorage is this user's with this bot. */
const initData = (telegramId = 626262) =>
  signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: telegramId, first_name: "Niran" }) },
    BOT_TOKEN,
  );

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${web.store.url}${path}`);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

async function productId(name: string): Promise<number> {
  return (await api<{ products: ProductListItem[] }>("/api/products")).products.find((p) => p.name === name)!.id;
}

async function shopId(name: string): Promise<number> {
  return (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops.find((s) => s.name === name)!.id;
}

const card = (page: Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
const orderButton = (page: Page, name: string) => card(page, name).getByTestId("add-to-order").textContent();
/** The cart badge's count ("0" when the badge is not shown). */
const cartCount = async (page: Page) =>
  (await page.getByTestId("cart-count").count()) ? page.getByTestId("cart-count").textContent() : "0";

/** A device: a fresh profile whose every Telegram call is recorded (the store opened by openStore). */
async function newDevice(): Promise<Page> {
  const page = await web.newPage();
  await recordTelegramEvents(web.context);
  return page;
}

/**
 * Opens the store in Telegram (a new start of the app, this device's storage kept) and answers the app's read of
 * CloudStorage with `values` (nothing saved by default).
 */
async function openStore(page: Page, values: Record<string, string> = {}, path = "/"): Promise<void> {
  // From a blank page: going to the launch address from the store's own "/" would change the hash only, no start.
  await page.goto("about:blank");
  await page.goto(telegramLaunchUrl(web.store.url, path, initData()));
  const read = (await waitForTelegramEvent(page, "web_app_invoke_custom_method", {
    where: (data) => (data as CustomMethod).method === "getStorageValues",
  })) as CustomMethod;
  expect(read.params.keys).toEqual(CART_KEYS);
  const result = Object.fromEntries(CART_KEYS.map((key) => [key, values[key] ?? ""]));
  await sendTelegramEvent(page, "custom_method_invoked", { req_id: read.req_id, result });
  // The product page inside Telegram: its main action is on Telegram's MainButton, the amount picker on the page.
  await page.getByTestId(path === "/" ? "product-card" : "amount-picker").first().waitFor();
}

/** The saves the page has asked Telegram for so far. */
async function saves(page: Page): Promise<CustomMethod[]> {
  return (await telegramEvents(page))
    .filter((event) => event.type === "web_app_invoke_custom_method" && (event.data as CustomMethod).method === "saveStorageValue")
    .map((event) => event.data as CustomMethod);
}

/** Adds Durban Poison at Nathon Pier on a device that has no shop chosen yet. */
async function addDurbanAtNathon(page: Page): Promise<void> {
  await card(page, "Durban Poison").getByTestId("add-to-order").click();
  await page.getByTestId("store-choice").filter({ hasText: "Nathon Pier" }).click();
  await expect.poll(() => orderButton(page, "Durban Poison")).toBe("Ordered");
}

/** A saved cart of Gelato #41 at Lamai Night Market, as the app writes it. */
async function gelatoAtLamai(savedAt: number): Promise<string> {
  const [shop, gelato] = [await shopId("Lamai Night Market"), await productId("Gelato #41")];
  return JSON.stringify({ v: 1, savedAt, shop, parts: 1, lines: [[gelato, "0", 1]] });
}

describe("the cart across devices inside Telegram", () => {
  it("is saved to CloudStorage after a product is added and once for a burst of changes, and a second device with an empty cart " +
    "restores it with the shop", async () => {
    const phone = await newDevice();
    await openStore(phone);
    const before = Date.now();
    await addDurbanAtNathon(phone);

    const save = (await waitForTelegramEvent(phone, "web_app_invoke_custom_method", {
      where: (data) => (data as CustomMethod).method === "saveStorageValue",
    })) as CustomMethod;
    expect(save.params.key).toBe("cart");
    const saved = JSON.parse(save.params.value!) as { v: number; savedAt: number; shop: number; parts: number; lines: unknown[] };
    expect(saved).toMatchObject({ v: 1, shop: await shopId("Nathon Pier"), parts: 1, lines: [[await productId("Durban Poison"), "0", 1]] });
    expect(saved.savedAt).toBeGreaterThanOrEqual(before);
    expect(saved.savedAt).toBeLessThanOrEqual(Date.now());
    await sendTelegramEvent(phone, "custom_method_invoked", { req_id: save.req_id, result: true });

    // Three quick taps on the amount make one save, of the last amount (Telegram hands the phone its own cart back).
    await openStore(phone, { cart: save.params.value! }, `/products/${await productId("Durban Poison")}`);
    // (made inside the page, so a loaded machine cannot spread them past the 0.8 s the app waits for quiet)
    await phone.getByTestId("amount-more").waitFor();
    await phone.evaluate(async () => {
      for (let tap = 0; tap < 3; tap++) {
        document.querySelector<HTMLButtonElement>('[data-testid="amount-more"]')!.click();
        // A frame between taps, as a finger leaves: the page draws each new amount before the next.
        await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
      }
    });
    await expect.poll(() => phone.getByTestId("amount-value").textContent()).toBe("4");
    expect(await phone.getByTestId("amount-value").textContent()).toBe("4");
    const next = (await waitForTelegramEvent(phone, "web_app_invoke_custom_method", {
      where: (data) => (data as CustomMethod).method === "saveStorageValue",
    })) as CustomMethod;
    expect(JSON.parse(next.params.value!)).toMatchObject({ lines: [[await productId("Durban Poison"), "0", 4]] });
    await sendTelegramEvent(phone, "custom_method_invoked", { req_id: next.req_id, result: true });
    await phone.waitForTimeout(1_500);
    expect(await saves(phone)).toHaveLength(1);
    await web.context.close();

    // The desktop: nothing in its own cart, no shop; Telegram hands it what the phone saved.
    const desktop = await newDevice();
    await openStore(desktop, { cart: next.params.value! });
    await expect.poll(() => cartCount(desktop)).toBe("1");
    expect(await orderButton(desktop, "Durban Poison")).toBe("Ordered");
    expect(await desktop.getByTestId("all-shops-bar").textContent()).toContain("Nathon Pier");
    await desktop.getByTestId("nav-cart").click();
    await expect.poll(() => desktop.getByTestId("cart-line").count()).toBe(1);
    expect(await desktop.getByTestId("cart-line").getByTestId("amount-value").textContent()).toBe("4");
    // Taking the saved cart is no change of the person's: nothing is written back.
    expect(await saves(desktop)).toEqual([]);
  });

  it("keeps a newer local cart over an older saved one, and takes a newer saved one", async () => {
    const page = await newDevice();
    await openStore(page);
    await addDurbanAtNathon(page);

    // Reopened: what was saved an hour ago elsewhere loses to this device's cart of a moment ago.
    await openStore(page, { cart: await gelatoAtLamai(Date.now() - 3_600_000) });
    await page.waitForTimeout(500);
    expect(await orderButton(page, "Durban Poison")).toBe("Ordered");
    expect(await cartCount(page)).toBe("1");
    expect(await page.getByTestId("all-shops-bar").textContent()).toContain("Nathon Pier");

    // Reopened once more: a cart saved elsewhere after this device's last change wins.
    await openStore(page, { cart: await gelatoAtLamai(Date.now() + 1_000) });
    await expect.poll(() => page.getByTestId("all-shops-bar").textContent()).toContain("Lamai Night Market");
    await expect.poll(() => orderButton(page, "Gelato #41")).toBe("Ordered");
    expect(await cartCount(page)).toBe("1");
  });

  it("ignores a garbage, oversized or old-version value and leaves the local cart as it was", async () => {
    const page = await newDevice();
    await openStore(page);
    await addDurbanAtNathon(page);

    // Each would win if it were taken: its time is after this device's last change.
    const newer = Date.now() + 60_000;
    const good = await gelatoAtLamai(newer);
    const bad = {
      garbage: "🛒 not a cart {",
      oversized: good.replace('"lines"', `"note":"${"x".repeat(4_100)}","lines"`),
      oldVersion: good.replace('"v":1', '"v":0'),
    };
    for (const [what, value] of Object.entries(bad)) {
      await openStore(page, { cart: value });
      await page.waitForTimeout(500);
      expect(await orderButton(page, "Durban Poison"), what).toBe("Ordered");
      expect(await cartCount(page), what).toBe("1");
      expect(await page.getByTestId("all-shops-bar").textContent(), what).toContain("Nathon Pier");
    }
  });
});

describe("the cart outside CloudStorage's reach", () => {
  it("in a browser is not synced: neither the sync nor the Telegram SDK is downloaded", async () => {
    const page = await web.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(web.store.url);
    await addDurbanAtNathon(page);
    await page.waitForTimeout(1_500);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /cloudCartSync|telegram-web-apps/.test(path))).toEqual([]);
  });

  it("keeps working in a Telegram client older than 6.9, asking nothing of CloudStorage", async () => {
    const page = await newDevice();
    await page.goto(telegramLaunchUrl(web.store.url, "/", initData()).replace("tgWebAppVersion=8.0", "tgWebAppVersion=6.7"));
    await page.getByTestId("product-card").first().waitFor();
    await addDurbanAtNathon(page);
    // The SDK is there (the shell told Telegram it is ready), CloudStorage is not asked.
    await waitForTelegramEvent(page, "web_app_ready");
    await page.waitForTimeout(1_500);
    expect((await telegramEvents(page)).filter((event) => event.type === "web_app_invoke_custom_method")).toEqual([]);
  });
});

describe("two devices of one person open at once", () => {
  /**
   * A device of Telegram user `telegramId` whose CloudStorage is `storage` (the same map for every device of that
   * person), opened at `path` and signed in from its launch data.
   */
  async function openDevice(telegramId: number, storage: Map<string, string>, path = "/"): Promise<Page> {
    const page = await web.newPage();
    await recordTelegramEvents(web.context);
    await shareCloudStorage(web.context, storage);
    await page.goto(telegramLaunchUrl(web.store.url, path, initData(telegramId)));
    await page.getByTestId("balance-chip").waitFor();
    return page;
  }

  /** The lines of the cart saved in `storage` (null when none is). */
  const savedLines = (storage: Map<string, string>) => {
    const head = storage.get("cart");
    return head ? (JSON.parse(head) as { lines: unknown[] }).lines : null;
  };

  /** The cart page with the shops that can serve it checked: Place order (Telegram's MainButton) can go. */
  async function openCart(page: Page): Promise<void> {
    await page.getByTestId("nav-cart").click();
    await page.getByTestId("cart-shop").first().waitFor();
  }

  const pressPlaceOrder = (page: Page) => sendTelegramEvent(page, "main_button_pressed", undefined);

  async function ordersOf(telegramId: number): Promise<Order[]> {
    const signedIn = await fetch(`${web.store.url}/api/auth/telegram`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ initData: initData(telegramId) }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    const answer = await fetch(`${web.store.url}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { orders: Order[] }).orders;
  }

  const CHANGED_ELSEWHERE = "Your cart was changed on another device. Check it and place the order again.";

  it("a cart ordered on the phone is not ordered again from the desktop's open cart page: Place order there reads the " +
    "saved cart first, shows it emptied and says why", async () => {
    const person = 646401;
    const storage = new Map<string, string>();
    const durban = await productId("Durban Poison");
    const phone = await openDevice(person, storage);
    await addDurbanAtNathon(phone);
    await expect.poll(() => savedLines(storage)).toEqual([[durban, "0", 1]]);

    // The desktop opens after the phone saved: it holds the same cart, and keeps its cart page open.
    const desktop = await openDevice(person, storage);
    await expect.poll(() => cartCount(desktop)).toBe("1");
    await openCart(desktop);

    await openCart(phone);
    await pressPlaceOrder(phone);
    await phone.waitForURL(/\/order\/\d+\?first=Y$/);
    await expect.poll(() => savedLines(storage)).toEqual([]);

    await pressPlaceOrder(desktop);
    const notice = desktop.getByTestId("cart-changed-elsewhere");
    await notice.waitFor();
    expect(await notice.textContent()).toBe(CHANGED_ELSEWHERE);
    expect(await notice.getAttribute("role")).toBe("alert");
    await desktop.getByTestId("cart-empty").waitFor();
    expect(new URL(desktop.url()).pathname).toBe("/orders");
    expect(await cartCount(desktop)).toBe("0");
    expect(await ordersOf(person)).toHaveLength(1);
  });

  it("a cart changed on the phone replaces the desktop's at Place order, which places nothing until pressed again", async () => {
    const person = 646402;
    const storage = new Map<string, string>();
    const durban = await productId("Durban Poison");
    const phone = await openDevice(person, storage);
    await addDurbanAtNathon(phone);
    await expect.poll(() => savedLines(storage)).toEqual([[durban, "0", 1]]);
    const desktop = await openDevice(person, storage);
    await expect.poll(() => cartCount(desktop)).toBe("1");
    await openCart(desktop);

    await openCart(phone);
    await phone.getByTestId("cart-line").getByTestId("amount-more").click();
    await expect.poll(() => savedLines(storage)).toEqual([[durban, "0", 2]]);

    await pressPlaceOrder(desktop);
    await desktop.getByTestId("cart-changed-elsewhere").waitFor();
    expect(await desktop.getByTestId("cart-line").getByTestId("amount-value").textContent()).toBe("2");
    expect(await ordersOf(person)).toEqual([]);

    // Seen and pressed again: the cart as it is now is ordered, once.
    await pressPlaceOrder(desktop);
    await desktop.waitForURL(/\/order\/\d+\?first=Y$/);
    const orders = await ordersOf(person);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.products.map((line) => [line.product_id, line.amount])).toEqual([[durban, 2]]);
  });

  it("takes the newer saved cart when the app comes back to the foreground and when the cart page opens", async () => {
    const person = 646403;
    const storage = new Map<string, string>();
    const durban = await productId("Durban Poison");
    const phone = await openDevice(person, storage);
    await addDurbanAtNathon(phone);
    await expect.poll(() => savedLines(storage)).toEqual([[durban, "0", 1]]);
    const desktop = await openDevice(person, storage);
    await expect.poll(() => cartCount(desktop)).toBe("1");

    await openCart(phone);
    await pressPlaceOrder(phone);
    await phone.waitForURL(/\/order\/\d+\?first=Y$/);
    await expect.poll(() => savedLines(storage)).toEqual([]);

    // The desktop's window was behind another and comes back: its copy of the ordered cart empties.
    const setVisibility = (state: "hidden" | "visible") =>
      desktop.evaluate((state) => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
        Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await desktop.waitForTimeout(500);
    expect(await cartCount(desktop)).toBe("1");
    await setVisibility("hidden");
    await setVisibility("visible");
    await expect.poll(() => cartCount(desktop)).toBe("0");

    // A new cart on the phone; the desktop, left open on the list, sees it once its cart page opens.
    await phone.goto(telegramLaunchUrl(web.store.url, "/", initData(person)));
    await card(phone, "Durban Poison").getByTestId("add-to-order").click();
    await expect.poll(() => savedLines(storage)).toEqual([[durban, "0", 1]]);
    await desktop.waitForTimeout(500);
    expect(await cartCount(desktop)).toBe("0");
    await desktop.getByTestId("nav-cart").click();
    await expect.poll(() => desktop.getByTestId("cart-line").count()).toBe(1);
    // Only Place order is told: opening the page shows the cart as it is, with nothing to explain.
    expect(await desktop.getByTestId("cart-changed-elsewhere").count()).toBe(0);
  });
});
