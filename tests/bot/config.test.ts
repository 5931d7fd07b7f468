import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

describe("the bot's configuration", () => {
  it("defaults to long polling against Telegram's own Bot API server", () => {
    expect(loadConfig({})).toMatchObject({ botMode: "polling", telegramApiRoot: "https://api.telegram.org", botWebhookSecret: null });
  });

  it("reads webhook mode with its secret, and another Bot API server", () => {
    const config = loadConfig({ BOT_MODE: "webhook", BOT_WEBHOOK_SECRET: "s3cret_-X", TELEGRAM_API_ROOT: "http://127.0.0.1:8081/" });
    expect(config).toMatchObject({ botMode: "webhook", botWebhookSecret: "s3cret_-X", telegramApiRoot: "http://127.0.0.1:8081" });
    expect(loadConfig({ BOT_MODE: "off" }).botMode).toBe("off");
  });

  it.each([
    [{ BOT_MODE: "push" }, "BOT_MODE"],
    [{ TELEGRAM_API_ROOT: "api.telegram.org" }, "TELEGRAM_API_ROOT"],
    [{ BOT_MODE: "webhook" }, "BOT_WEBHOOK_SECRET"],
    [{ BOT_WEBHOOK_SECRET: "has spaces" }, "BOT_WEBHOOK_SECRET"],
    [{ BOT_WEBHOOK_SECRET: "x".repeat(257) }, "BOT_WEBHOOK_SECRET"],
  ])("refuses %o with a message naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
