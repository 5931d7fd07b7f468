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
    // A page framing the store (under the stand-in of Telegram's controls), the launch data in the frame's hash.
    expect(open.statusCode).toBe(200);
    expect(open.headers["content-type"]).toMatch(/^text\/html/);
    const src = /<iframe id="tg-app"[^>]* src="([^"]+)"/.exec(open.body)![1]!.replace(/&amp;/g, "&");
    const hash = new URLSearchParams(src.replace(/^\/#/, ""));
    expect(hash.get("tgWebAppVersion")).toBe("8.0");
    const initData = hash.get("tgWebAppData")!;
    expect(new URLSearchParams(initData).get("start_param")).toBe("abc123");

    const signIn = await store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ telegram_id: 31337, first_name: "Dao", username: "dao_samui", authType: "TELEGRAM" });
  });

  it("serve the stand-in's script as a file (the Content-Security-Policy runs no inline script)", async () => {
    store = await makeTestStore({ seed: false, env: { BOT_TOKEN } });
    const open = await store.app.inject({ method: "GET", url: "/dev/telegram/open?id=1&first_name=A" });
    expect(open.body).toContain('<script src="/dev/telegram/frame.js"></script>');
    expect(open.body).not.toMatch(/<script>/);
    const script = await store.app.inject({ method: "GET", url: "/dev/telegram/frame.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(script.body).toContain("main_button_pressed");
  });

  it("keep the codes a server without SMTP_URL did not send", async () => {
    store = await makeTestStore({ seed: false });
    await store.app.inject({ method: "POST", url: "/api/auth/email/code", payload: { email: "dev@samui.example" } });
    const outbox = await store.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(outbox.body).toMatch(/dev@samui\.example[\s\S]*login code is \d{6}/);
  });

  it("do not exist in production", async () => {
    store = await makeTestStore({ seed: false, env: { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9", BOT_TOKEN } });
    for (const url of ["/dev/outbox", "/dev/telegram", "/dev/telegram/open?id=1&first_name=A", "/dev/telegram/frame.js"]) {
      expect((await store.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });
});
