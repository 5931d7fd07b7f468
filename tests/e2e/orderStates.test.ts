/**
 * What an order's page says beyond its status (found by a walk-through at 360 px), in Chromium inside Telegram
 * against the real store with its hold clock running every second:
 * - a canceled order says why (the 3-hour hold ran out, the customer canceled it, the shop did), on its page, as a
 *   hint in the order list and, for staff, on the hand-over screen and in the manager page's list; an order whose
 *   hold ran out offers 'Order again', which puts its lines back in the cart at its shop;
 * - a courier order shows its customer the delivery status staff set (Pending, On the way, Delivered), and a change
 *   of it reaches the open page within 2 s, without a reload;
 * - those screens in English, Russian and Thai, in Telegram's dark and light themes at 360 px: their words, nothing
 *   wider than its box, no missing glyph; screenshots in $SHOT_DIR/order-states (default: the system's temporary
 *   folder).
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { listedStock } from "../../server/domain/catalog";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import type { Order } from "../../server/domain/contracts/orders";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { missingGlyphs, overflowingElements, requireThaiFonts } from "../helpers/languageChecks";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { storeApi } from "../helpers/storeApi";
import { recordTelegramEvents, TELEGRAM_DARK, TELEGRAM_LIGHT, telegramLaunchUrl } from "../helpers/telegramWebview";

const ADMIN_ID = 808_080;
/** What the live updates allow between a change and the screen showing it. */
const LIVE_MS = 2_000;
const SHOT_DIR = join(process.env.SHOT_DIR ?? tmpdir(), "order-states");
const THEMES = { dark: TELEGRAM_DARK, light: TELEGRAM_LIGHT };
type Theme = keyof typeof THEMES;
type Language = "en" | "ru" | "th";

// BOT_MODE off: Telegram sign-in needs the token, not a bot polling a Telegram out of reach. The hold clock runs
// every second, so a hold moved into the past ends at once.
const web = useBrowserStore((smtpUrl) => ({
  SMTP_URL: smtpUrl,
  BOT_TOKEN: TEST_BOT_TOKEN,
  BOT_MODE: "off",
  ADMIN_TELEGRAM_IDS: String(ADMIN_ID),
  HOLD_CHECK_SECONDS: "1",
}));
const { api, shopId, telegramToken } = storeApi(web);

function initDataOf(id: number, firstName: string, languageCode: Language = "en"): string {
  const user = JSON.stringify({ id, first_name: firstName, language_code: languageCode });
  return signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, TEST_BOT_TOKEN);
}

const lamaiId = () => shopId("Lamai Night Market");

/** The two products Lamai holds most of. */
async function lamaiProducts(): Promise<[ProductListItem, ProductListItem]> {
  const lamai = await lamaiId();
  const { products } = await api<{ products: ProductListItem[] }>(`/api/products?stock_id=${lamai}`);
  const held = (p: ProductListItem) => listedStock(p.stock, "0", lamai);
  const [first, second] = [...products].sort((a, b) => held(b) - held(a));
  return [first!, second!];
}

let keys = 0;
const COURIER = { delivery_option: 2, payment_option: 1, phone: "+66 81 234 5678", delivery_address: "Villa 7, Bophut" };
const PICKUP = { delivery_option: 1, payment_option: 1 };

/** An order at Lamai placed over HTTP by `token`'s customer: one of the first product and two of the second. */
async function placeAtLamai(token: string, settings: object = PICKUP): Promise<Order> {
  const [first, second] = await lamaiProducts();
  const body = {
    shop_id: await lamaiId(),
    items: [
      { product_id: first.id, option_id: 0, amount: 1 },
      { product_id: second.id, option_id: 0, amount: 2 },
    ],
    ...settings,
  };
  const headers = { "idempotency-key": `e2e-order-states-${++keys}` };
  return (await api<{ order: Order }>("/api/orders", { method: "POST", token, headers, body })).order;
}

/** Moves the order's hold into the past and waits for the hold clock to end it. */
async function letHoldRunOut(order: Order, token: string): Promise<void> {
  await web.store.db
    .updateTable("orders")
    .set({ hold_until: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", order.id)
    .execute();
  // By hand: this runs in the hooks too, where expect.poll may not.
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if ((await api<{ order: Order }>(`/api/orders/${order.id}`, { token })).order.status === "C") return;
  }
  throw new Error(`the hold clock did not end order ${order.id}'s hold`);
}

/** A Telegram user made a manager of Lamai by the admin: their launch data and token. */
async function lamaiManager(telegramId: number, firstName: string, languageCode: Language = "en") {
  const initData = initDataOf(telegramId, firstName, languageCode);
  const token = await telegramToken(initData);
  const admin = await telegramToken(initDataOf(ADMIN_ID, "Boss"));
  const grant = { telegram_id: telegramId, role: "manager" };
  await api(`/api/admin/shops/${await lamaiId()}/staff`, { method: "POST", token: admin, body: grant });
  return { initData, token };
}

interface Opening {
  theme?: Theme;
  /** In localStorage before the app starts. */
  storage?: Record<string, string>;
  /** Runs before the page loads (listeners that must hear its first requests). */
  before?: (page: Page) => void;
}

/** The mini-app as Telegram opens it at 360 px, in a fresh profile. */
async function openInTelegram(path: string, initData: string, { theme, storage = {}, before }: Opening = {}): Promise<Page> {
  const page = await web.newPage();
  before?.(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.addInitScript((seed) => {
    if (sessionStorage.getItem("order-states-seeded")) return;
    sessionStorage.setItem("order-states-seeded", "1");
    for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
  }, storage);
  await recordTelegramEvents(web.context);
  const themed = theme ? `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(THEMES[theme]))}` : "";
  await page.goto(telegramLaunchUrl(web.store.url, path, initData) + themed);
  return page;
}

/** What a page asked of the API and when the answers came, by path. */
function recordAnswers(page: Page): { path: string; status: number; at: number }[] {
  const answers: { path: string; status: number; at: number }[] = [];
  page.on("response", (response) => answers.push({ path: new URL(response.url()).pathname, status: response.status(), at: Date.now() }));
  return answers;
}

/** Waits for the event stream to open, then for `path` to be answered after it (the refetch on `ready`). */
async function streamReadyAndRefetched(answers: ReturnType<typeof recordAnswers>, path: string): Promise<void> {
  const opened = () => answers.find((answer) => answer.path === "/api/events" && answer.status === 200)?.at;
  await expect.poll(opened, { timeout: 15_000 }).toBeDefined();
  await expect.poll(() => answers.some((answer) => answer.path === path && answer.at >= opened()!), { timeout: 10_000 }).toBe(true);
}

const orderRow = (page: Page, orderId: number) => page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);

describe("a canceled order", () => {
  it("says the hold ran out, live on its open page, and 'Order again' puts its lines back in the cart at its shop", async () => {
    const initData = initDataOf(818_181, "Dao");
    const token = await telegramToken(initData);
    const order = await placeAtLamai(token);
    const single = order.products.find((line) => line.amount === 1)!;
    const pair = order.products.find((line) => line.amount === 2)!;
    // The cart already holds three of the order's single item, and another shop is chosen.
    const storage = {
      cart: JSON.stringify({
        state: {
          lines: [{ id: single.product_id, picked_option: "0", amount: 3 }],
          settings: { delivery_option: 1, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
          placement: null,
        },
        version: 2,
      }),
      chosen_shop: JSON.stringify({ state: { chosenShopId: await shopId("Chaweng Beach Store") }, version: 1 }),
    };
    const page = await openInTelegram(`/order/${order.id}`, initData, { storage });
    const status = page.getByTestId("order-status");
    await expect.poll(() => status.textContent()).toBe("New");
    expect(await page.getByTestId("order-cancel-reason").count()).toBe(0);

    await letHoldRunOut(order, token);
    const reason = page.getByTestId("order-cancel-reason");
    await expect.poll(() => reason.textContent(), { timeout: 20_000 }).toBe(
      "The 3-hour hold ran out, so the order was canceled and its items went back on the shelf.",
    );
    expect(await reason.getAttribute("data-reason")).toBe("expired");
    expect(await status.textContent()).toBe("Canceled");
    expect(await page.getByTestId("pickup-pass").count()).toBe(0);
    expect(await page.getByTestId("cancel-order").count()).toBe(0);

    await page.getByTestId("order-again").click();
    await page.waitForURL(`${web.store.url}/orders`);
    expect(await page.getByTestId("notification").allTextContents()).toContain("The products are back in your cart");
    const stored = await page.evaluate(() => ({ cart: localStorage.getItem("cart"), shop: localStorage.getItem("chosen_shop") }));
    // A line the cart held keeps the larger amount; the order's other line joins it; the order's shop is chosen.
    expect(JSON.parse(stored.cart!).state.lines).toEqual([
      { id: single.product_id, picked_option: "0", amount: 3 },
      { id: pair.product_id, picked_option: "0", amount: 2 },
    ]);
    expect(JSON.parse(stored.shop!).state.chosenShopId).toBe(await lamaiId());
    await page.getByTestId("cart-line").nth(1).waitFor();
  });

  it("says who canceled it on its page, and each canceled order's reason is a hint in the order list", async () => {
    const initData = initDataOf(828_282, "Mali");
    const token = await telegramToken(initData);
    const expired = await placeAtLamai(token);
    await letHoldRunOut(expired, token);
    const mine = await placeAtLamai(token);
    await api(`/api/orders/${mine.id}/cancel`, { method: "POST", token });
    const byShop = await placeAtLamai(token);
    await api(`/api/admin/orders/${byShop.id}/cancel`, { method: "POST", token: await telegramToken(initDataOf(ADMIN_ID, "Boss")) });
    const open = await placeAtLamai(token);

    const page = await openInTelegram(`/order/${byShop.id}`, initData);
    await expect.poll(() => page.getByTestId("order-cancel-reason").textContent()).toBe("The shop canceled this order.");
    expect(await page.getByTestId("order-again").count()).toBe(0);
    await page.goto(`${web.store.url}/order/${mine.id}`);
    await expect.poll(() => page.getByTestId("order-cancel-reason").textContent()).toBe("You canceled this order.");
    expect(await page.getByTestId("order-again").count()).toBe(0);

    await page.goto(`${web.store.url}/list/orders`);
    await orderRow(page, expired.id).waitFor();
    const hint = async (id: number) => {
      const found = orderRow(page, id).getByTestId("order-hint");
      return (await found.count()) ? found.textContent() : null;
    };
    expect(await hint(expired.id)).toBe("Hold ran out");
    expect(await hint(mine.id)).toBe("Canceled by you");
    expect(await hint(byShop.id)).toBe("Canceled by the shop");
    expect(await hint(open.id)).toBeNull();
  });

  it("whose hold ran out says so on the hand-over screen: nobody answers for it, it was neither paid nor delivered", async () => {
    const manager = await lamaiManager(838_383, "Niran");
    const token = await telegramToken(initDataOf(848_484, "Ploy"));
    const order = await placeAtLamai(token);
    await letHoldRunOut(order, token);

    const page = await openInTelegram(`/order/manage/${order.id}`, manager.initData);
    const reason = page.getByTestId("handover-cancel-reason");
    await expect.poll(() => reason.textContent()).toBe(
      "The 3-hour pickup hold ran out: the order was canceled and its items went back on the shelf.",
    );
    expect(await page.getByTestId("responsible-manager").textContent()).toBe("nobody");
    expect(await page.getByTestId("payment-status-text").textContent()).toBe("Not paid");
    expect(await page.getByTestId("delivery-status-text").textContent()).toBe("Not delivered");

    // The manager page's CANCELED ORDERS say it too.
    await page.goto(`${web.store.url}/admin-cabinet`);
    const row = page.locator(`[data-testid="staff-section"][data-status="C"] [data-testid="staff-order-row"][data-order-id="${order.id}"]`);
    await expect.poll(() => row.getByTestId("staff-row-cancel-reason").textContent(), { timeout: 10_000 }).toBe("Hold ran out");
  });
});

describe("a courier order", () => {
  it("shows its customer the delivery status, and a change of it within 2 s without a reload", async () => {
    const manager = await lamaiManager(858_585, "Somchai");
    const initData = initDataOf(868_686, "Nok");
    const order = await placeAtLamai(await telegramToken(initData), COURIER);
    await api(`/api/staff/orders/${order.id}/take`, { method: "POST", token: manager.token });

    let answers: ReturnType<typeof recordAnswers> = [];
    const page = await openInTelegram(`/order/${order.id}`, initData, { before: (opening) => (answers = recordAnswers(opening)) });
    const delivery = page.getByTestId("order-delivery-status");
    await expect.poll(() => delivery.textContent()).toBe("Pending");
    expect(await page.getByTestId("order-status").textContent()).toBe("In progress");
    await streamReadyAndRefetched(answers, `/api/orders/${order.id}`);

    const setDelivery = (delivery_status: "A" | "S") => {
      const body = { payment_status: "P", delivery_status };
      return api(`/api/staff/orders/${order.id}/statuses`, { method: "PUT", token: manager.token, body });
    };
    await setDelivery("A");
    const changedAt = Date.now();
    await expect.poll(() => delivery.textContent(), { timeout: LIVE_MS, interval: 50 }).toBe("On the way");
    expect(Date.now() - changedAt).toBeLessThan(LIVE_MS);
    // The same page: it was never loaded again.
    expect(answers.filter((answer) => answer.path === `/order/${order.id}`)).toHaveLength(1);

    await page.goto(`${web.store.url}/list/orders`);
    await expect.poll(() => orderRow(page, order.id).getByTestId("order-hint").textContent()).toBe("On the way");
    await setDelivery("S");
    await expect.poll(() => orderRow(page, order.id).getByTestId("order-hint").textContent(), { timeout: LIVE_MS * 2 }).toBe("Delivered");
  });
});

interface Words {
  expired: string;
  onTheWay: string;
  deliveryStatus: string;
  orderAgain: string;
  hints: string[];
  handover: string[];
}

const WORDS: Record<Language, Words> = {
  en: {
    expired: "The 3-hour hold ran out, so the order was canceled and its items went back on the shelf.",
    onTheWay: "On the way",
    deliveryStatus: "Delivery status",
    orderAgain: "Order again",
    hints: ["Hold ran out", "Canceled by you", "On the way"],
    handover: ["The 3-hour pickup hold ran out", "nobody", "Not paid", "Not delivered"],
  },
  ru: {
    expired: "Бронь на 3 часа истекла, поэтому заказ отменён, а товары вернулись в продажу.",
    onTheWay: "В пути",
    deliveryStatus: "Статус доставки",
    orderAgain: "Заказать снова",
    hints: ["Бронь истекла", "Вы отменили", "В пути"],
    handover: ["Бронь на 3 часа истекла", "никто", "Не оплачен", "Не доставлен"],
  },
  th: {
    expired: "ครบเวลาเก็บสินค้าไว้ให้ 3 ชั่วโมงแล้ว คำสั่งซื้อจึงถูกยกเลิก และสินค้ากลับเข้าสต็อก",
    onTheWay: "กำลังจัดส่ง",
    deliveryStatus: "สถานะการจัดส่ง",
    orderAgain: "สั่งอีกครั้ง",
    hints: ["หมดเวลาเก็บสินค้า", "คุณยกเลิกเอง", "กำลังจัดส่ง"],
    handover: ["หมดเวลาจอง 3 ชั่วโมงแล้ว", "ไม่มี", "ยังไม่ได้ชำระเงิน", "ยังไม่ได้จัดส่ง"],
  },
};

/** The screen's own text (not the shell's), spaces made plain. */
async function screenText(page: Page): Promise<string> {
  return ((await page.locator("main").textContent()) ?? "").replace(/\u00a0/g, " ");
}

/** Saves the screen, then: nothing wider than its box, no missing glyph. */
async function expectFits(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: join(SHOT_DIR, `${name}.png`), fullPage: true });
  expect(await overflowingElements(page), `${name}: elements wider than their box`).toEqual([]);
  expect(await missingGlyphs(page), `${name}: characters drawn as boxes`).toEqual([]);
}

describe.each<Language>(["en", "ru", "th"])("in %s at 360 px", (language) => {
  const ids = { en: 0, ru: 1, th: 2 }[language];
  let customer: string;
  let manager: string;
  let expired: Order;
  let courier: Order;

  beforeAll(async () => {
    requireThaiFonts();
    mkdirSync(SHOT_DIR, { recursive: true });
    customer = initDataOf(878_780 + ids, "Kanya", language);
    const token = await telegramToken(customer);
    const staff = await lamaiManager(888_880 + ids, "Arthit", language);
    manager = staff.initData;
    expired = await placeAtLamai(token);
    await letHoldRunOut(expired, token);
    const mine = await placeAtLamai(token);
    await api(`/api/orders/${mine.id}/cancel`, { method: "POST", token });
    courier = await placeAtLamai(token, COURIER);
    await api(`/api/staff/orders/${courier.id}/take`, { method: "POST", token: staff.token });
    await api(`/api/staff/orders/${courier.id}/statuses`, {
      method: "PUT",
      token: staff.token,
      body: { payment_status: "P", delivery_status: "A" },
    });
  });

  it.each<Theme>(["dark", "light"])("the expired and the courier order, the order list and the hand-over, %s theme", async (theme) => {
    const words = WORDS[language];
    const page = await openInTelegram(`/order/${expired.id}`, customer, { theme });
    await page.getByTestId("order-cancel-reason").waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    for (const text of [words.expired, words.orderAgain]) expect(await screenText(page)).toContain(text);
    await expectFits(page, `${language}-order-expired-${theme}`);

    await page.goto(`${web.store.url}/order/${courier.id}`);
    await expect.poll(() => page.getByTestId("order-delivery-status").textContent()).toBe(words.onTheWay);
    expect(await screenText(page)).toContain(words.deliveryStatus);
    await expectFits(page, `${language}-order-courier-${theme}`);

    await page.goto(`${web.store.url}/list/orders`);
    await orderRow(page, courier.id).waitFor();
    expect(await page.getByTestId("order-hint").allTextContents()).toEqual(words.hints.slice().reverse());
    await expectFits(page, `${language}-order-list-${theme}`);
    await page.context().close();

    const staffPage = await openInTelegram(`/order/manage/${expired.id}`, manager, { theme });
    await staffPage.getByTestId("handover-cancel-reason").waitFor();
    for (const text of words.handover) expect(await screenText(staffPage)).toContain(text);
    await expectFits(staffPage, `${language}-handover-expired-${theme}`);
  });
});
