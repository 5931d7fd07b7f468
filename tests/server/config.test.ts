import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { TEST_BOT_TOKEN } from "../helpers/session";

describe("configuration", () => {
  it("defaults to the embedded store in ./data on port 3000 with the demo catalogue", () => {
    const config = loadConfig({}, "/srv/store");
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      host: "0.0.0.0",
      dataDir: "/srv/store/data",
      databaseFile: "/srv/store/data/store.sqlite",
      publicUrl: "http://localhost:3000",
      seedDemo: true,
    });
  });

  it("keeps uploads in DATA_DIR/uploads unless UPLOADS_DIR names another directory (one every instance shares)", () => {
    expect(loadConfig({}, "/srv/store").uploadsDir).toBe("/srv/store/data/uploads");
    expect(loadConfig({ DATA_DIR: "/var/lib/store" }, "/srv/store").uploadsDir).toBe("/var/lib/store/uploads");
    expect(loadConfig({ UPLOADS_DIR: "/mnt/shared/uploads" }, "/srv/store").uploadsDir).toBe("/mnt/shared/uploads");
    // A relative path is relative to the folder the store starts in, as DATA_DIR is.
    const relative = loadConfig({ UPLOADS_DIR: "shared/pictures", DATA_DIR: "/var/lib/store" }, "/srv/store");
    expect(relative.uploadsDir).toBe("/srv/store/shared/pictures");
    expect(loadConfig({ UPLOADS_DIR: "  " }, "/srv/store").uploadsDir).toBe("/srv/store/data/uploads");
  });

  it("drains for SHUTDOWN_DRAIN_SECONDS before it stops serving (0 by default, at most 5: within the 10 s stop deadline)", () => {
    expect(loadConfig({}).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: "2" }).shutdownDrainSeconds).toBe(2);
    for (const bad of ["-1", "6", "1.5", "soon"]) {
      expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: bad })).toThrow(/SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds, 0 to 5/);
    }
  });

  it("looks pg_dump and pg_restore up on PATH unless PG_BIN names their folder", () => {
    expect(loadConfig({}, "/srv/store").pgBin).toBeNull();
    expect(loadConfig({ PG_BIN: "/usr/lib/postgresql/17/bin" }, "/srv/store").pgBin).toBe("/usr/lib/postgresql/17/bin");
  });

  it("does not seed demo data in production unless asked", () => {
    const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.local:25" };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("refuses to start in production without SMTP_URL: codes must go out by mail", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/SMTP_URL is required in production/);
    expect(loadConfig({}).smtpUrl).toBeNull();
  });

  it("reads the admin bootstrap, the allow-list and the home-icon user", () => {
    const config = loadConfig({
      ADMIN_EMAILS: " Owner@Shop.example, boss@shop.example ",
      ADMIN_TELEGRAM_IDS: "111, 222",
      ALLOWLIST_EMAILS: "a@shop.example,b@shop.example",
      HOME_ICON_USER_ID: "7",
      BOT_TOKEN: TEST_BOT_TOKEN,
      INIT_DATA_MAX_AGE: "3600",
    });
    expect(config).toMatchObject({
      adminEmails: ["owner@shop.example", "boss@shop.example"],
      adminTelegramIds: [111, 222],
      allowlistEmails: ["a@shop.example", "b@shop.example"],
      homeIconUserId: 7,
      botToken: TEST_BOT_TOKEN,
      initDataMaxAgeS: 3600,
    });
    expect(loadConfig({}).botToken).toBeNull();
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ PUBLIC_URL: "ftp://shop" }, "PUBLIC_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ BOT_TOKEN: "not-a-token" }, "BOT_TOKEN"],
    [{ INIT_DATA_MAX_AGE: "-5" }, "INIT_DATA_MAX_AGE"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ ADMIN_EMAILS: "boss" }, "ADMIN_EMAILS"],
    [{ ADMIN_TELEGRAM_IDS: "12,abc" }, "ADMIN_TELEGRAM_IDS"],
    [{ ALLOWLIST_EMAILS: "x@" }, "ALLOWLIST_EMAILS"],
    [{ HOME_ICON_USER_ID: "me" }, "HOME_ICON_USER_ID"],
    [{ LOW_STOCK_THRESHOLD: "-1" }, "LOW_STOCK_THRESHOLD"],
    [{ LOW_STOCK_THRESHOLD: "two" }, "LOW_STOCK_THRESHOLD"],
    [{ WHOLESALE_URL: "javascript:alert(1)" }, "WHOLESALE_URL"],
  ])("refuses %o with a message naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("runs on SQLite without DATABASE_URL, on PostgreSQL with a postgres:// or postgresql:// one", () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: "postgres://store:pw@db.internal:5432/store" }).databaseUrl).toBe(
      "postgres://store:pw@db.internal:5432/store",
    );
    expect(loadConfig({ DATABASE_URL: "postgresql://db/store" }).databaseUrl).toBe("postgresql://db/store");
  });

  it("names a wrong DATABASE_URL on one line, its password hidden", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://shop:secret@db/store" })).toThrow(
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://shop:***@db/store"); ' +
        "unset it to run on SQLite in DATA_DIR",
    );
  });

  it("reads the low-stock threshold (default 2) and the wholesale link (default none)", () => {
    expect(loadConfig({})).toMatchObject({ lowStockThreshold: 2, wholesaleUrl: null });
    expect(loadConfig({ LOW_STOCK_THRESHOLD: "5", WHOLESALE_URL: "https://wholesale.example/shop" })).toMatchObject({
      lowStockThreshold: 5,
      wholesaleUrl: "https://wholesale.example/shop",
    });
  });

  it("turns /metrics on only with METRICS_TOKEN and logs units slower than SLOW_QUERY_MS (default 200)", () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, slowQueryMs: 200 });
    expect(loadConfig({ METRICS_TOKEN: "0123456789abcdef0123", SLOW_QUERY_MS: "50" })).toMatchObject({
      metricsToken: "0123456789abcdef0123",
      slowQueryMs: 50,
    });
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
      "Invalid configuration: METRICS_TOKEN must be 16-256 visible ASCII characters without spaces (e.g. openssl rand -hex 32)",
    );
    expect(() => loadConfig({ METRICS_TOKEN: "a token with spaces in it" })).toThrow("METRICS_TOKEN must be");
    for (const bad of ["0", "-5", "1.5", "fast"]) {
      expect(() => loadConfig({ SLOW_QUERY_MS: bad })).toThrow(`SLOW_QUERY_MS must be a positive whole number (got "${bad}")`);
    }
  });

  it("names every wrong variable at once", () => {
    try {
      loadConfig({ PORT: "x", LOG_LEVEL: "y" });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
