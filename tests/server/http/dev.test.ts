import { afterEach, describe, expect, it } from "vitest";
import { makeTestStore, type TestStore } from "../../helpers/app";
import { TEST_BOT_TOKEN } from "../../helpers/session";

const BOT_TOKEN = TEST_BOT_TOKEN;
let store: TestStore;
afterEach(async () => {
  await store.close();
});

describe("development pages", () => {
  it("open the store in messenger mode with initData the server accepts", async () => {
    store = await makeTestStore({ seed: false, env: { BOT_TOKEN } });
    const open = await store.app.inject({
      method: "GET",
      url: "/dev/telegram/open?id=31337&first_name=Dao&username=dao_samui&start_param=abc123",
    });
    expect(open.statusCode).toBe(302);
    const hash = new URLSearchParams(String(open.headers.location).replace(/^\/#/, ""));
    expect(hash.get("tgWebAppVersion")).toBe("8.0");
    const initData = hash.get("tgWebAppData")!;
    expect(new URLSearchParams(initData).get("start_param")).toBe("abc123");

    const signIn = await store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ telegram_id: 31337, first_name: "Dao", username: "dao_samui", authType: "TELEGRAM" });
  });

  it("keep the codes a server without SMTP_URL did not send", async () => {
    store = await makeTestStore({ seed: false });
    await store.app.inject({ method: "POST", url: "/api/auth/email/code", payload: { email: "dev@samui.example" } });
    const outbox = await store.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(outbox.body).toMatch(/dev@samui\.example[\s\S]*login code is \d{6}/);
  });

  it("do not exist in production", async () => {
    store = await makeTestStore({ seed: false, env: { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9", BOT_TOKEN } });
    for (const url of ["/dev/outbox", "/dev/telegram", "/dev/telegram/open?id=1&first_name=A"]) {
      expect((await store.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });
});
