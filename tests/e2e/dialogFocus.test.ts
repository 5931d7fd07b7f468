/**
 * The keyboard in dialogs (a QA walk-through): when the age gate, the shop picker, the login dialog, the courier's
 * phone and address dialogs or the cancel-order confirmation open, focus moves into the dialog; Tab and Shift-Tab
 * stay inside it; Escape closes it where closing is allowed (not the age gate); and on close focus goes back to
 * the control that opened it, or to a sensible place when that control is gone. The balance chip is a disclosure
 * the keyboard can use. Keyboard-only steps (a control is focused directly rather than tabbed to from the top of
 * a long page), each checked against document.activeElement.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { TEST_BOT_TOKEN } from "../helpers/session";

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off" }));

/** What has the keyboard's focus: its test id, else its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    return element.getAttribute("data-testid") ?? `${element.tagName.toLowerCase()}:${(element.textContent ?? "").trim().slice(0, 30)}`;
  });

/** Whether focus is inside the open dialog (the topmost, when a sheet and a modal are both in the page). */
const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter((dialog) => !dialog.closest("[inert]"));
    return dialogs.length > 0 && dialogs.at(-1)!.contains(document.activeElement);
  });

/** Presses Tab (or Shift-Tab) `times` times, checking after each press that focus stayed in the dialog. */
async function tabRound(page: Page, times: number, key: "Tab" | "Shift+Tab" = "Tab"): Promise<string[]> {
  const seen: string[] = [];
  for (let press = 0; press < times; press++) {
    await page.keyboard.press(key);
    expect(await focusInDialog(page), `${key} #${press + 1} left the dialog for ${await focused(page)}`).toBe(true);
    seen.push(await focused(page));
  }
  return seen;
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const answer = await fetch(`${web.store.url}${path}`, init);
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

const card = (page: Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

let durban: ProductListItem;
let nathon: number;

beforeAll(async () => {
  durban = (await api<{ products: ProductListItem[] }>("/api/products")).products.find((product) => product.name === "Durban Poison")!;
  nathon = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops.find((shop) => shop.name === "Nathon Pier")!.id;
});

/** A customer's session (a Telegram sign-in, used here in a plain browser) and its token. */
async function customerToken(telegramId: number): Promise<string> {
  const initData = signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: telegramId, first_name: "Ploy" }) },
    TEST_BOT_TOKEN,
  );
  const { token } = await api<{ token: string }>("/api/auth/telegram", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData }),
  });
  return token;
}

/** A page whose first load finds `storage` in localStorage (a returning customer's session, cart and shop). */
async function pageWith(storage: Record<string, string>): Promise<Page> {
  const page = await web.newPage();
  await page.addInitScript((storage) => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  }, storage);
  return page;
}

describe("the keyboard in dialogs", () => {
  it("the age gate takes focus on YES, keeps Tab inside, is not closed by Escape, and gives focus to the page once answered",
    async () => {
      const page = await web.newPage({ ageConfirmed: false });
      await page.goto(web.store.url);
      const gate = page.getByRole("dialog", { name: "Smokers Area" });
      await gate.waitFor();
      await expect.poll(() => focused(page)).toBe("age-yes");
      // It must be answered: no close icon, so NO and YES are all Tab finds, both ways round.
      expect(await gate.getByRole("button").allTextContents()).toEqual(["NO", "YES"]);
      expect(await tabRound(page, 3)).toEqual(["age-no", "age-yes", "age-no"]);
      expect(await tabRound(page, 2, "Shift+Tab")).toEqual(["age-yes", "age-no"]);

      await page.keyboard.press("Escape");
      await page.waitForTimeout(300);
      expect(await gate.count()).toBe(1);
      expect(await focused(page)).toBe("age-no");

      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await gate.waitFor({ state: "detached" });
      // Nothing opened it (it asks at start): the page's content has the focus, and Tab goes on from there.
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    });

  it("the shop picker takes focus on a shop, keeps Tab inside, closes on Escape and gives focus back to Add to order", async () => {
    const page = await web.newPage();
    await page.goto(web.store.url);
    const add = card(page, "Durban Poison").getByTestId("add-to-order");
    await add.focus();
    await page.keyboard.press("Enter");
    const picker = page.getByRole("dialog", { name: "Choose your shop" });
    await picker.waitFor();
    await expect.poll(() => focused(page)).toBe("store-choice");
    const rows = await picker.getByTestId("store-choice").count();
    // The close icon, then every shop: a round of Tab comes back to where it started, both ways.
    const round = await tabRound(page, rows + 1);
    expect(round.at(-1)).toBe("store-choice");
    expect(round).toContain("button:");
    await tabRound(page, rows + 1, "Shift+Tab");

    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });
    expect(await focused(page)).toBe("add-to-order");

    // Opened again and answered with the keyboard: the shop is chosen, the product added, focus back on its button.
    await page.keyboard.press("Enter");
    await picker.waitFor();
    await expect.poll(() => focused(page)).toBe("store-choice");
    await picker.getByTestId("store-choice").filter({ hasText: "Nathon Pier" }).focus();
    await page.keyboard.press("Enter");
    await picker.waitFor({ state: "detached" });
    await expect.poll(() => add.textContent()).toBe("Ordered");
    expect(await focused(page)).toBe("add-to-order");
  });

  it("the login dialog takes focus on its e-mail field, keeps Tab inside on both steps, and gives focus back on Escape", async () => {
    const page = await web.newPage();
    await page.goto(web.store.url);
    await page.getByTestId("header-login").focus();
    await page.keyboard.press("Enter");
    const login = page.getByRole("dialog", { name: "Log in" });
    await login.waitFor();
    await expect.poll(() => focused(page)).toBe("login-email");
    await tabRound(page, 3);
    await tabRound(page, 3, "Shift+Tab");

    await page.getByTestId("login-email").focus();
    await page.keyboard.type("keys@example.com");
    await page.keyboard.press("Enter");
    await login.getByTestId("login-code-step").waitFor();
    await tabRound(page, 12);
    await tabRound(page, 12, "Shift+Tab");

    await page.keyboard.press("Escape");
    await login.waitFor({ state: "detached" });
    expect(await focused(page)).toBe("header-login");
  });

  it("the courier's phone and address dialogs take focus on their field and give it back to their row", async () => {
    const cart = {
      state: {
        lines: [{ id: durban.id, picked_option: "0", amount: 1 }],
        settings: { delivery_option: 2, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
        placement: null,
      },
      version: 2,
    };
    const chosenShop = { state: { chosenShopId: nathon }, version: 1 };
    const page = await pageWith({ cart: JSON.stringify(cart), chosen_shop: JSON.stringify(chosenShop) });
    await page.goto(`${web.store.url}/orders`);
    await page.getByTestId("courier-phone").focus();
    await page.keyboard.press("Enter");
    const phone = page.getByRole("dialog", { name: "Your phone number" });
    await phone.waitFor();
    // The form is a chunk of its own (components/CourierForms.tsx): its field takes the focus once it is there.
    await expect.poll(() => focused(page)).toBe("phone-input");
    await tabRound(page, 4);
    await tabRound(page, 4, "Shift+Tab");
    await page.keyboard.press("Escape");
    await phone.waitFor({ state: "detached" });
    expect(await focused(page)).toBe("courier-phone");

    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("courier-address");
    await page.keyboard.press("Enter");
    const address = page.getByRole("dialog", { name: "Where are you?" });
    await address.waitFor();
    await expect.poll(() => focused(page)).toBe("address-input");
    await page.keyboard.type("12/3 Moo 1, Bophut");
    await tabRound(page, 2);
    expect(await focused(page)).toBe("button:Save address");
    await page.keyboard.press("Enter");
    await address.waitFor({ state: "detached" });
    expect(await focused(page)).toBe("courier-address");
    expect(await page.getByTestId("courier-address").textContent()).toContain("12/3 Moo 1, Bophut");
  });

  it("canceling an order by keyboard leaves focus on the order's title, beside its new status, when the button goes", async () => {
    const token = await customerToken(717171);
    const { order } = await api<{ order: { id: number } }>("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": "dialog-focus-1" },
      body: JSON.stringify({
        shop_id: nathon,
        items: [{ product_id: durban.id, option_id: 0, amount: 1 }],
        delivery_option: 1,
        payment_option: 1,
      }),
    });
    const page = await pageWith({ token });
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(`${web.store.url}/order/${order.id}`);
    await page.getByTestId("cancel-order").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("cancel-order").waitFor({ state: "detached" });
    expect(asked).toHaveLength(1);
    expect(await focused(page)).toBe("order-title");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);
  });
});

describe("the balance chip", () => {
  it("is a disclosure: Enter opens it, Tab walks its buttons and the language, Escape closes it back onto the chip", async () => {
    const page = await pageWith({ token: await customerToken(727272) });
    await page.goto(web.store.url);
    const chip = page.getByTestId("balance-chip");
    await chip.focus();
    expect(await chip.getAttribute("aria-haspopup")).toBeNull();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("balance-menu");
    await menu.waitFor();
    expect(await chip.getAttribute("aria-expanded")).toBe("true");
    expect(await chip.getAttribute("aria-controls")).toBe(await menu.getAttribute("id"));
    expect(await page.locator('[role="menu"], [role="menuitem"]').count()).toBe(0);
    expect(await focused(page)).toBe("balance-chip");

    const walked: string[] = [];
    for (let press = 0; press < 5; press++) {
      await page.keyboard.press("Tab");
      walked.push(await focused(page));
    }
    expect(walked).toEqual(["menu-cabinet", "menu-cart", "menu-wishlist", "menu-support", "language-picker-menu"]);

    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await focused(page)).toBe("balance-chip");
    expect(await chip.getAttribute("aria-expanded")).toBe("false");

    // Tabbing on past its last control closes it: nothing is left open over the page.
    await page.keyboard.press("Enter");
    await menu.waitFor();
    for (let press = 0; press < 6; press++) await page.keyboard.press("Tab");
    await menu.waitFor({ state: "detached" });

    // A button of it used by keyboard: the page it names, focus kept on the chip.
    await chip.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("menu-cart");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${web.store.url}/orders`);
    expect(await focused(page)).toBe("balance-chip");
  });
});
