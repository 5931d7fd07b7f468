import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

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

  it("does not seed demo data in production unless asked", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ PUBLIC_URL: "ftp://shop" }, "PUBLIC_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ DATABASE_URL: "postgres://db/store" }, "DATABASE_URL"],
  ])("refuses %o with a message naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
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
