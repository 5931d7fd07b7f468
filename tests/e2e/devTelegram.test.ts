/**
 * The development page as Telegram (`/dev/telegram`) in Chromium: the store framed under a stand-in of Telegram's
 * controls, which draws the MainButton, SecondaryButton and BackButton the app sets up and answers the app through
 * the SDK's own bridge, so a developer can do in a browser what a Telegram user does: here, place an order. None
 * of it is in the production build.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Order } from "../../server/domain/contracts/orders";
import { useBrowserStore } from "../helpers/browserStore";
import { TEST_BOT_TOKEN } from "../helpers/session";

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off" }));

/** Opens messenger mode from the development page for Telegram user `id`; the framed store. */
async function openAsTelegramUser(page: Page, id: number): Promise<FrameLocator> {
  await page.goto(`${web.store.url}/dev/telegram`);
  await page.locator('input[name="id"]').fill(String(id));
  await page.getByRole("button", { name: "Open in messenger mode" }).click();
  const app = page.frameLocator("#tg-app");
  await app.getByTestId("balance-chip").waitFor();
  return app;
}

const card = (app: FrameLocator, name: string) =>
  app.getByTestId("product-card").filter({ has: app.getByRole("heading", { name, exact: true }) });

/** The stand-in's bottom-bar buttons and header Back button (the top page's, not the framed app's). */
const mainButton = (page: Page) => page.locator("#tg-main");
const secondaryButton = (page: Page) => page.locator("#tg-secondary");
const backButton = (page: Page) => page.locator("#tg-back");

async function ordersOf(page: Page): Promise<Order[]> {
  const frame = page.frame({ url: (url) => url.origin === new URL(web.store.url).origin && !url.pathname.startsWith("/dev/") })!;
  const token = await frame.evaluate(() => localStorage.getItem("token"));
  const answer = await fetch(`${web.store.url}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { orders: Order[] }).orders;
}

describe("the development page as Telegram", () => {
  it("places exactly one order with the stand-in MainButton", async () => {
    const page = await web.newPage();
    const app = await openAsTelegramUser(page, 770001);
    // Home sets no MainButton: the bar is not drawn.
    expect(await page.locator("#tg-bar").isVisible()).toBe(false);

    await card(app, "Durban Poison").getByTestId("add-to-order").click();
    await app.getByTestId("store-choice").filter({ hasText: "Nathon Pier" }).click();
    await expect.poll(() => card(app, "Durban Poison").getByTestId("add-to-order").textContent()).toBe("Ordered");
    await app.getByTestId("nav-cart").click();
    await app.getByTestId("cart-shop").first().waitFor();

    // The page's own button gives way to Telegram's, which the stand-in draws with the app's text.
    expect(await app.getByTestId("place-order").count()).toBe(0);
    await expect.poll(() => mainButton(page).textContent()).toBe("Place order · 390 ฿");
    expect(await mainButton(page).isEnabled()).toBe(true);
    // A double tap, as an impatient thumb gives it: still one order.
    await mainButton(page).dblclick();
    await expect.poll(() => page.frames().some((frame) => /\/order\/\d+\?first=Y$/.test(frame.url()))).toBe(true);
    expect(await app.getByTestId("order-store-name").textContent()).toBe("Nathon Pier");
    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    // The order page sets no MainButton: the stand-in hides it again.
    await expect.poll(() => mainButton(page).isVisible()).toBe(false);
  });

  it("draws the product page's SecondaryButton and Telegram's BackButton, and answers their presses", async () => {
    const page = await web.newPage();
    const app = await openAsTelegramUser(page, 770002);
    expect(await backButton(page).isVisible()).toBe(false);

    await card(app, "Durban Poison").getByTestId("add-to-order").click();
    await app.getByTestId("store-choice").filter({ hasText: "Nathon Pier" }).click();
    await card(app, "Durban Poison").getByRole("link", { name: "Durban Poison" }).click();
    await app.getByTestId("amount-picker").waitFor();

    // The product page: its two actions on Telegram's bar, and Telegram's Back button in the header.
    await expect.poll(() => mainButton(page).textContent()).toBe("Ordered");
    await expect.poll(() => secondaryButton(page).isVisible()).toBe(true);
    expect(await secondaryButton(page).textContent()).toMatch(/^Cart/);
    await expect.poll(() => backButton(page).isVisible()).toBe(true);

    await backButton(page).click();
    await card(app, "Durban Poison").waitFor();
    await expect.poll(() => backButton(page).isVisible()).toBe(false);
    await expect.poll(() => secondaryButton(page).isVisible()).toBe(false);

    await card(app, "Durban Poison").getByRole("link", { name: "Durban Poison" }).click();
    await expect.poll(() => secondaryButton(page).isVisible()).toBe(true);
    await secondaryButton(page).click();
    await app.getByTestId("cart-shop").first().waitFor();
  });

  it("leaves no empty action bar on a sold-out product's page: its 'Sold out' is the MainButton, disabled", async () => {
    const product = await web.store.db.selectFrom("products").select("id").where("name", "=", "Northern Lights").executeTakeFirstOrThrow();
    const page = await web.newPage();
    const app = await openAsTelegramUser(page, 770003);
    await web.store.db.updateTable("stock").set({ amount: 0 }).where("product_id", "=", product.id).execute();
    await app.locator("body").evaluate((_, id) => window.location.assign(`/products/${id}`), product.id);
    await app.getByTestId("product-details").waitFor();
    await expect.poll(() => mainButton(page).textContent()).toBe("Sold out");
    expect(await mainButton(page).isEnabled()).toBe(false);
    expect(await app.getByTestId("product-action").count()).toBe(0);
  });

  it("is not in the production build of the mini-app", async () => {
    const dist = join(import.meta.dirname, "../../webapp/dist");
    const scripts = (await readdir(join(dist, "static"))).filter((f) => f.endsWith(".js")).map((f) => join(dist, "static", f));
    const files = [join(dist, "index.html"), ...scripts];
    for (const file of files) {
      const text = await readFile(file, "utf8");
      for (const mark of ["/dev/telegram", "tg-main", "Telegram stand-in"]) expect(text.includes(mark), `${mark} in ${file}`).toBe(false);
    }
    // What the store serves as its page is that build, untouched.
    const served = await (await fetch(web.store.url)).text();
    expect(served).toBe(await readFile(join(dist, "index.html"), "utf8"));
  });
});
