/**
 * Development's log (server/log.ts, server/http/requestLog.ts): readable lines through pino-pretty, one a request
 * (method, URL, status, time) instead of Fastify's two JSON lines; production and test keep JSON.
 */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../server/log";
import { makeTestStore, type TestStore } from "../../helpers/app";

let store: TestStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

/** A destination that keeps every line written to it. */
function lineSink(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter((line) => line !== ""));
      done();
    },
  });
  return { stream, lines };
}

async function storeLogging(env: "development" | "production" | "test") {
  const sink = lineSink();
  const log = createLogger({ logLevel: "info", env }, {}, sink.stream);
  store = await makeTestStore({
    seed: false,
    log,
    env: { NODE_ENV: env, ...(env === "production" ? { SMTP_URL: "smtp://127.0.0.1:9" } : {}) },
  });
  sink.lines.length = 0;
  return { store, lines: sink.lines };
}

describe("the log", () => {
  it("is one readable line a request in development: method, URL, status and time", async () => {
    const { store, lines } = await storeLogging("development");
    await store.app.inject({ method: "GET", url: "/api/health?probe=1" });
    await store.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health\?probe=1 200 \d+\.\d ms$/);
    expect(lines[1]).toMatch(/INFO: GET \/api\/no-such-thing 404 \d+\.\d ms$/);
    expect(lines.some((line) => line.startsWith("{"))).toBe(false);
  });

  it("stays Fastify's JSON lines in production and in test", async () => {
    for (const env of ["production", "test"] as const) {
      const { store: running, lines } = await storeLogging(env);
      await running.app.inject({ method: "GET", url: "/api/health" });
      const parsed = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
      expect(parsed.map((line) => line.msg), env).toEqual(["incoming request", "request completed"]);
      expect(parsed[0]!.req!.url).toBe("/api/health");
      await running.close();
      store = null;
    }
  });
});
