/**
 * Sign-in in Chromium against the real store: e-mail codes read from a real SMTP server on loopback, and
 * messenger mode with launch data signed the way Telegram signs it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInitData } from "../../server/services/telegramInitData";
import { useBrowserStore } from "../helpers/browserStore";
import { recordTelegramEvents, telegramEvents, telegramLaunchUrl } from "../helpers/telegramWebview";
import { TEST_BOT_TOKEN } from "../helpers/session";

/** A published example token: the server only checks its form. */
const BOT_TOKEN = TEST_BOT_TOKEN;
const ADMIN_EMAIL = "boss@samui.example";
const DANGER_RGB = "rgb(240, 98, 79)"; // --danger in theme.css

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_TOKEN, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const newPage = web.newPage;

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
const cellValues = (page: Page) => page.getByTestId("code-cell").evaluateAll((cells) => cells.map((c) => (c as HTMLInputElement).value));

/** The code of the newest mail to `email`, waiting for it to arrive. */
async function mailedCode(email: string, after: number): Promise<string> {
  await expect.poll(() => web.smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBeGreaterThan(after);
  return web.smtp.lastCodeFor(email);
}
const mailsTo = (email: string) => web.smtp.received.filter((m) => m.to.includes(email)).length;

async function pasteInto(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).first().evaluate((cell, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    cell.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Opens the login modal from the header and signs in with the mailed code. */
async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.getByTestId("header-login").click();
  await page.getByTestId("login-email").fill(email);
  const before = mailsTo(email);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByTestId("login-code-step").waitFor();
  await pasteInto(page, "code-cell", await mailedCode(email, before));
  await page.getByTestId("login-code-step").getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("balance-chip").waitFor();
}

describe("age gate", () => {
  it("asks until YES is stored; NO only closes it", async () => {
    const page = await newPage({ ageConfirmed: false });
    await page.goto(web.store.url);
    const gate = page.getByRole("dialog", { name: "Smokers Area" });
    await gate.waitFor();
    expect(await gate.getByRole("button", { name: "NO", exact: true }).isVisible()).toBe(true);
    expect(await gate.getByRole("button", { name: "YES", exact: true }).isVisible()).toBe(true);

    await gate.getByRole("button", { name: "NO", exact: true }).click();
    await gate.waitFor({ state: "detached" });
    expect(await stored(page, "year_confirm_fr")).toBeNull();

    await page.reload();
    await gate.waitFor();
    await gate.getByRole("button", { name: "YES", exact: true }).click();
    await gate.waitFor({ state: "detached" });
    expect(await stored(page, "year_confirm_fr")).not.toBeNull();

    await page.reload();
    await page.getByTestId("product-card").first().waitFor();
    expect(await gate.count()).toBe(0);
  });
});

describe("e-mail login", () => {
  it("prompts a visitor tapping Cabinet, rejects a wrong code, signs in with the mailed one and survives a reload", async () => {
    const email = "buyer@samui.example";
    const page = await newPage();
    await page.goto(web.store.url);
    await page.getByTestId("product-card").first().waitFor();

    // A visitor is asked to log in instead of being sent to the cabinet.
    await page.getByTestId("nav-cabinet").click();
    const modal = page.getByRole("dialog", { name: "Log in" });
    await modal.waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    const verify = modal.getByRole("button", { name: "Verify" });
    expect(await verify.isDisabled()).toBe(true);
    await modal.getByTestId("login-email").fill("   ");
    expect(await verify.isDisabled()).toBe(true);
    await modal.getByTestId("login-email").fill(email);
    expect(await verify.isEnabled()).toBe(true);
    const before = mailsTo(email);
    await verify.click();
    await modal.getByTestId("login-code-step").waitFor();
    const code = await mailedCode(email, before);

    // Cells take single digits, move on as they fill and step back on Backspace.
    const logIn = modal.getByRole("button", { name: "Log in", exact: true });
    expect(await logIn.isDisabled()).toBe(true);
    await page.getByTestId("code-cell").first().focus();
    await page.keyboard.type("a1b2");
    expect(await cellValues(page)).toEqual(["1", "2", "", "", "", ""]);
    await page.keyboard.press("Backspace");
    expect(await cellValues(page)).toEqual(["1", "", "", "", "", ""]);
    await page.keyboard.press("Backspace");
    expect(await cellValues(page)).toEqual(["", "", "", "", "", ""]);

    // A wrong code: 'Invalid code!' and red cells, no banner.
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await page.keyboard.type(wrong);
    expect(await cellValues(page)).toEqual(wrong.split(""));
    expect(await logIn.isEnabled()).toBe(true);
    await logIn.click();
    await expect.poll(() => modal.getByTestId("login-code-error").textContent()).toBe("Invalid code!");
    const cell = page.getByTestId("code-cell").first();
    expect(await cell.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => cell.evaluate((c) => getComputedStyle(c).borderTopColor)).toBe(DANGER_RGB);
    expect(await page.getByTestId("notification").count()).toBe(0);
    // The wrong digits stay to be seen, the first one selected: typing starts the code again from the first cell.
    await expect.poll(() => cell.evaluate((c) => c === document.activeElement)).toBe(true);
    await page.keyboard.type(code.slice(0, 3));
    expect(await cellValues(page)).toEqual([...code.slice(0, 3).split(""), ...wrong.slice(3).split("")]);
    expect(await modal.getByTestId("login-code-error").textContent()).toBe("");

    // Pasting the right code fills every cell.
    await pasteInto(page, "code-cell", code);
    expect(await cellValues(page)).toEqual(code.split(""));
    expect(await modal.getByTestId("login-code-error").textContent()).toBe("");
    await logIn.click();

    // Signed in: the modal closes, the cabinet that asked for the login opens, the chip shows the balance.
    await modal.waitFor({ state: "detached" });
    await page.waitForURL(`${web.store.url}/cabinet`);
    expect((await page.getByTestId("balance-chip").textContent())?.trim()).toBe("0 ฿");
    expect(await page.getByTestId("cabinet-user").textContent()).toContain(email);
    expect(await page.getByTestId("cabinet-balance").textContent()).toBe("0 ฿");
    const token = await stored(page, "token");
    expect(token).toBeTruthy();
    const { user } = (await (await fetch(`${web.store.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      user: { ref: string };
    };
    expect(await page.getByTestId("cabinet-reflink").textContent()).toBe(`${web.store.url}/${user.ref}`);
    expect(await page.getByTestId("header-login").count()).toBe(0);

    // A reload re-verifies the stored session with /api/me.
    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/me");
    await page.reload();
    expect((await verified).status()).toBe(200);
    await page.getByTestId("balance-chip").waitFor();
    expect(await page.getByTestId("cabinet-user").textContent()).toContain(email);
  });

  it("shows the server's message for a malformed e-mail and for too many codes", async () => {
    const email = "eager@samui.example";
    const page = await newPage();
    await page.goto(web.store.url);
    await page.getByTestId("header-login").click();
    const modal = page.getByRole("dialog", { name: "Log in" });

    await modal.getByTestId("login-email").fill("not-an-email");
    const rejected = page.waitForResponse((r) => r.url().endsWith("/api/auth/email/code"));
    await modal.getByRole("button", { name: "Verify" }).click();
    const answer = await rejected;
    expect(answer.status()).toBe(400);
    const { message } = (await answer.json()) as { message: string };
    await expect.poll(() => page.getByTestId("notification").allTextContents()).toContain(message);
    expect(await page.getByTestId("notification").first().getAttribute("data-type")).toBe("W");
    expect(await modal.getByTestId("login-email-step").isVisible()).toBe(true);

    await modal.getByTestId("login-email").fill(email);
    await modal.getByRole("button", { name: "Verify" }).click();
    await modal.getByTestId("login-code-step").waitFor();
    // Three codes an address may get per window (design §2); the fourth is refused.
    let last = null;
    for (let sends = 2; sends <= 4; sends++) {
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/email/code"));
      await modal.getByRole("button", { name: "Send a new code" }).click();
      last = await answered;
    }
    expect(last?.status()).toBe(429);
    const tooMany = ((await last!.json()) as { message: string }).message;
    await expect.poll(() => page.getByTestId("notification").allTextContents()).toContain(tooMany);
  });

  it("keeps pages of a session away from visitors", async () => {
    const page = await newPage();
    await page.goto(`${web.store.url}/cabinet`);
    await page.waitForURL(`${web.store.url}/`);
    await page.getByTestId("nav-wishlist").click();
    await page.getByRole("dialog", { name: "Log in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

describe("balance chip and logout", () => {
  it("lists the menu, asks before logging out and clears the session", async () => {
    const email = "leaver@samui.example";
    const page = await newPage();
    await page.goto(web.store.url);
    await signInByEmail(page, email);
    const token = await stored(page, "token");

    await page.getByTestId("balance-chip").click();
    const items = await page.getByTestId("balance-menu").getByRole("button").allTextContents();
    expect(items.map((t) => t.trim())).toEqual(["Cabinet", "Cart", "Wishlist", "Support", "Log out"]);
    await page.getByTestId("balance-menu").getByRole("button", { name: "Cart" }).click();
    await page.waitForURL(`${web.store.url}/orders`);

    await page.getByTestId("balance-chip").click();
    await page.getByTestId("balance-menu").getByRole("button", { name: "Log out" }).click();
    const confirm = page.getByRole("dialog", { name: "Log out" });
    expect(await confirm.getByTestId("logout-question").textContent()).toBe(
      `You are sure you want to log out from account: ${email}?`,
    );
    await confirm.getByRole("button", { name: "NO", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await stored(page, "token")).toBe(token);

    await page.getByTestId("balance-chip").click();
    await page.getByTestId("balance-menu").getByRole("button", { name: "Log out" }).click();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith("/api/auth/logout"));
    await confirm.getByRole("button", { name: "Logout", exact: true }).click();
    expect((await loggedOut).status()).toBe(204);
    await page.waitForURL(`${web.store.url}/`);
    expect(await stored(page, "token")).toBeNull();
    expect(await stored(page, "year_confirm_fr")).toBeNull();
    await page.getByTestId("header-login").waitFor();
    expect(await page.getByTestId("balance-chip").count()).toBe(0);
    // The age is asked again for whoever uses the browser next.
    await page.getByRole("dialog", { name: "Smokers Area" }).waitFor();
    // The server ended the session too.
    expect((await fetch(`${web.store.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it("drops a dead stored token quietly on start", async () => {
    const page = await newPage();
    await web.context.addInitScript(() => {
      if (!sessionStorage.getItem("dead-preset")) {
        sessionStorage.setItem("dead-preset", "1");
        localStorage.setItem("token", "no-such-session");
      }
    });
    const checked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/me");
    await page.goto(web.store.url);
    expect((await checked).status()).toBe(401);
    await page.getByTestId("header-login").waitFor();
    expect(await stored(page, "token")).toBeNull();
    await page.getByTestId("product-card").first().waitFor();
    expect(await page.getByTestId("notification").count()).toBe(0);
  });
});

describe("admin pages", () => {
  it("refuses visitors and customers, and opens the admin cabinet for an admin", async () => {
    const page = await newPage();
    await page.goto(`${web.store.url}/admin-cabinet`);
    await expect.poll(() => page.getByTestId("access-denied").textContent()).toBe("Отказано в доступе.");

    await page.goto(web.store.url);
    await signInByEmail(page, "customer@samui.example");
    await page.goto(`${web.store.url}/admin-cabinet`);
    await expect.poll(() => page.getByTestId("access-denied").textContent()).toBe("Отказано в доступе.");
    await page.goto(`${web.store.url}/admin/products`);
    await expect.poll(() => page.getByTestId("access-denied").textContent()).toBe("Отказано в доступе.");
    await web.context.close();

    const adminPage = await newPage();
    await adminPage.goto(web.store.url);
    await signInByEmail(adminPage, ADMIN_EMAIL);
    await adminPage.goto(`${web.store.url}/admin-cabinet`);
    await expect.poll(() => adminPage.getByTestId("admin-title").textContent()).toBe("ADMIN PAGE");
    expect(await adminPage.getByTestId("admin-name").textContent()).toBe(ADMIN_EMAIL);
    expect(await adminPage.getByTestId("access-denied").count()).toBe(0);
  });
});

describe("inside Telegram", () => {
  it("signs in from the launch data with no login modal and drives Telegram's own controls", async () => {
    const initData = signInitData(
      {
        auth_date: String(Math.floor(Date.now() / 1000)),
        query_id: "AAE-e2e-query",
        user: JSON.stringify({ id: 424242, first_name: "Somchai", last_name: "Jaidee", username: "somchai_j", language_code: "en" }),
      },
      BOT_TOKEN,
    );
    const page = await newPage();
    await recordTelegramEvents(web.context);
    const events = () => telegramEvents(page);
    const signedIn = page.waitForResponse((r) => r.url().endsWith("/api/auth/telegram"));
    await page.goto(telegramLaunchUrl(web.store.url, "/", initData));
    expect((await signedIn).status()).toBe(200);

    await page.getByTestId("balance-chip").waitFor();
    expect(await stored(page, "token")).toBeTruthy();
    expect(await page.getByTestId("header-login").count()).toBe(0);
    const types = (await events()).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["web_app_ready", "web_app_expand", "web_app_setup_closing_behavior"]));

    // The chip menu has no Log out: a Telegram session follows the messenger account.
    await page.getByTestId("balance-chip").click();
    const items = await page.getByTestId("balance-menu").getByRole("button").allTextContents();
    expect(items.map((t) => t.trim())).toEqual(["Cabinet", "Cart", "Wishlist", "Support"]);
    await page.getByTestId("balance-menu").getByRole("button", { name: "Cabinet" }).click();
    await page.waitForURL(`${web.store.url}/cabinet`);
    expect(await page.getByTestId("cabinet-user").textContent()).toContain("Somchai Jaidee");

    // Telegram's Back button replaces 'Return to store', with the same rules.
    expect(await page.getByTestId("return-button").count()).toBe(0);
    const backShown = (await events()).filter((e) => e.type === "web_app_setup_back_button");
    expect(backShown.at(-1)?.data).toEqual({ is_visible: true });
    await page.evaluate(() =>
      (window as unknown as { Telegram: { WebView: { receiveEvent: (type: string) => void } } }).Telegram.WebView.receiveEvent(
        "back_button_pressed",
      ),
    );
    // Back in history: the launch entry, launch data and all.
    await page.waitForURL((url) => url.pathname === "/");
    await expect
      .poll(async () => (await events()).filter((e) => e.type === "web_app_setup_back_button").at(-1)?.data)
      .toEqual({ is_visible: false });

    // Never a login modal inside Telegram.
    await page.getByTestId("nav-wishlist").click();
    await page.waitForURL(`${web.store.url}/wishlist`);
    expect(await page.getByRole("dialog", { name: "Log in" }).count()).toBe(0);
  });
});
