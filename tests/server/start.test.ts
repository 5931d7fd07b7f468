/**
 * `npm start` under every NODE_ENV the README lists (issue 21): the mini-app is built as customers get it,
 * within its entry budget, whatever NODE_ENV says, and the store serves it and its API with each value. The
 * build runs once (it is the slow part); each value then starts the store as its own process on that build.
 */
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { resolveConfig } from "vite";
import { describe, expect, it } from "vitest";
import { useStoreProcesses } from "../helpers/storeProcess";

const { tempDir, startStoreProcess } = useStoreProcesses();

/** The values the README lists for NODE_ENV. */
const NODE_ENVS = ["development", "production", "test"] as const;
/** What production requires besides: a mail server for the codes (nothing is sent in this test). */
const REQUIRED_IN = { production: { SMTP_URL: "smtp://127.0.0.1:9" } } as Record<string, Record<string, string>>;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  // "close": every line of its output has been read by then, which "exit" does not promise.
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

describe("npm start with NODE_ENV set", () => {
  it("the build is the production build under every value", async () => {
    const nodeEnv = process.env.NODE_ENV;
    try {
      for (const value of NODE_ENVS) {
        process.env.NODE_ENV = value;
        const config = await resolveConfig({ configFile: "webapp/vite.config.ts", logLevel: "silent" }, "build");
        expect(config.isProduction, `NODE_ENV=${value}`).toBe(true);
      }
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  });

  it("builds within budget with NODE_ENV=development; the store serves it with each value", { timeout: 240_000 }, async () => {
    const webappDir = await tempDir("start-webapp-");
    // `npm run build` as `npm start` runs it first: vite build, then scripts/check-entry.ts (budget, one script).
    const build = await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "development", WEBAPP_DIR: webappDir });
    expect(build.code, build.output).toBe(0);
    expect((await readdir(join(webappDir, "static"))).filter((file) => /jsx-dev-runtime/.test(file))).toEqual([]);

    for (const nodeEnv of NODE_ENVS) {
      const dataDir = await tempDir(`start-${nodeEnv}-`);
      const store = await startStoreProcess(dataDir, { NODE_ENV: nodeEnv, WEBAPP_DIR: webappDir, ...REQUIRED_IN[nodeEnv] });
      const home = await fetch(`${store.base}/`);
      expect(home.status, `${nodeEnv}: /`).toBe(200);
      const html = await home.text();
      expect(html).toContain('<div id="root">');
      const entry = /<script\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
      expect((await fetch(`${store.base}${entry}`)).status, `${nodeEnv}: ${entry}`).toBe(200);
      const health = await fetch(`${store.base}/api/health`);
      expect(health.status, `${nodeEnv}: /api/health`).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok" });
      expect((await store.stop()).code, store.output()).toBe(0);
    }
  });
});
