/**
 * A developer's made-up BOT_TOKEN (the README's way to try /dev/telegram): Telegram (the fake Bot API, which knows
 * another token) answers 401. The store, as its own process in development, says so in exactly one log line with
 * no stack, turns the bot off, and the token still signs /dev/telegram users in.
 */
import { describe, expect, it } from "vitest";
import { startFakeBotApi } from "../helpers/fakeBotApi";
import { useStoreProcesses } from "../helpers/storeProcess";
import { sendOverHttp } from "../helpers/storeRequest";
import { TEST_BOT_TOKEN } from "../helpers/session";

const { tempDir, startStoreProcess } = useStoreProcesses();

describe("a BOT_TOKEN Telegram refuses", () => {
  it("gets one log line naming the refusal, no stack trace, and still signs /dev/telegram users in", async () => {
    // The fake knows only its own token; the store's (TEST_BOT_TOKEN) is refused with 401 Unauthorized.
    const telegram = await startFakeBotApi();
    expect(telegram.token).not.toBe(TEST_BOT_TOKEN);
    const store = await startStoreProcess(await tempDir("refused-token-"), {
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      BOT_MODE: "polling",
      TELEGRAM_API_ROOT: telegram.apiRoot,
    });
    try {
      await expect.poll(() => store.output(), { timeout: 10_000 }).toMatch(/refused BOT_TOKEN/);
      // Long enough for a poll loop, an outbox round or a retry to show up if any ran.
      await new Promise((resolve) => setTimeout(resolve, 2_500));

      const open = await sendOverHttp(store.base, { method: "GET", url: "/dev/telegram/open?id=424242&first_name=Dev" });
      const src = /<iframe id="tg-app"[^>]* src="([^"]+)"/.exec(open.body)![1]!.replace(/&amp;/g, "&");
      const initData = new URLSearchParams(src.replace(/^\/#/, "")).get("tgWebAppData")!;
      const signIn = await sendOverHttp(store.base, { method: "POST", url: "/api/auth/telegram", payload: { initData } });
      expect(signIn.statusCode).toBe(200);
    } finally {
      expect((await store.stop()).code).toBe(0);
      await telegram.close();
    }

    const lines = store.output().split("\n");
    const refusal = lines.filter((line) => /refused BOT_TOKEN/.test(line));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatch(/401 Unauthorized/);
    expect(refusal[0]).toMatch(/the Telegram bot is off/);
    expect(refusal[0]).toMatch(/BOT_MODE=off/);
    // Nothing else about Telegram: no stack, no "stopped polling", no failed sends.
    expect(lines.filter((line) => /^\s+at /.test(line) || /"stack"/.test(line))).toEqual([]);
    expect(lines.filter((line) => /stopped polling|GrammyError|Unauthorized/.test(line) && !/refused BOT_TOKEN/.test(line))).toEqual([]);
  });
});
