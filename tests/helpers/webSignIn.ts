/** Signing in inside the mini-app the way a customer does: the header's Log in, the e-mail, the mailed code. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { startSmtpServer } from "./smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** Fills the open login modal: the e-mail, then the code read from the mail, then Log in. */
export async function completeEmailLogin(page: Page, smtp: Smtp, email: string): Promise<void> {
  const modal = page.getByRole("dialog", { name: "Log in" });
  await modal.getByTestId("login-email").fill(email);
  const before = smtp.received.filter((m) => m.to.includes(email)).length;
  await modal.getByRole("button", { name: "Verify" }).click();
  await modal.getByTestId("login-code-step").waitFor();
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBeGreaterThan(before);
  const code = smtp.lastCodeFor(email);
  await page.getByTestId("code-cell").first().focus();
  await page.keyboard.type(code);
  await modal.getByRole("button", { name: "Log in", exact: true }).click();
  await modal.waitFor({ state: "detached" });
  await page.getByTestId("balance-chip").waitFor();
}

/** Opens the login modal from the header and signs in. */
export async function signInByEmail(page: Page, smtp: Smtp, email: string): Promise<void> {
  await page.getByTestId("header-login").click();
  await completeEmailLogin(page, smtp, email);
}

/** The session token the page keeps, for checking the server's side of things. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  if (!token) throw new Error("the page holds no session token");
  return token;
}
