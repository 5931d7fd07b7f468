/**
 * Calls to the store of a browser test file over real HTTP, beside what the browser does: the store's API
 * with an optional session, and an e-mail sign-in with the code the test's SMTP server received.
 */
import { vi } from "vitest";
import type { startSmtpServer } from "./smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

export interface Call {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `world` is the file's browser store (its URL and SMTP server are known only once its hooks ran). */
export function storeApi(world: { readonly store: { url: string }; readonly smtp: Smtp }) {
  async function api<T>(path: string, { method = "GET", token, body, headers = {} }: Call = {}): Promise<T> {
    const answer = await fetch(`${world.store.url}${path}`, {
      method,
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  /** Signs in over HTTP with the code the store mails (an admin, a manager, a partner); in a test or a hook. */
  async function emailToken(email: string): Promise<string> {
    const mailsTo = () => world.smtp.received.filter((mail) => mail.to.includes(email)).length;
    const before = mailsTo();
    await api("/api/auth/email/code", { method: "POST", body: { email } });
    await vi.waitFor(
      () => {
        if (mailsTo() <= before) throw new Error(`no sign-in code mailed to ${email} yet`);
      },
      { timeout: 10_000, interval: 50 },
    );
    return (
      await api<{ token: string }>("/api/auth/email/verify", { method: "POST", body: { email, code: world.smtp.lastCodeFor(email) } })
    ).token;
  }

  /** Signs in over HTTP with a Telegram initData (signed with the store's bot token). */
  async function telegramToken(initData: string): Promise<string> {
    return (await api<{ token: string }>("/api/auth/telegram", { method: "POST", body: { initData } })).token;
  }

  /** A demo shop's id by its name. */
  async function shopId(name: string): Promise<number> {
    const shop = (await api<{ shops: { id: number; name: string }[] }>("/api/shops")).shops.find((s) => s.name === name);
    if (!shop) throw new Error(`no shop ${name}`);
    return shop.id;
  }

  return { api, emailToken, telegramToken, shopId };
}
