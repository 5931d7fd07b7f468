/**
 * GET /metrics (server/http/metrics.ts, server/services/metrics.ts) and the slow-unit log: off without
 * METRICS_TOKEN, a 401 that says nothing without the token, Prometheus' text with it, and the figures move
 * with what the store does.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { unitOfWorkOf } from "../../../db/unitOfWork";
import { buildProbeApp } from "../../../server/http/probes";
import { createTonWatcher } from "../../../server/jobs/tonWatcher";
import { makeTempDir, makeTestStore, ON_POSTGRES, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { placeOrder } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const TOKEN = "metrics-token-0123456789abcdef";
const START = Date.parse("2026-11-21T05:00:00.000Z");

let store: TestStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

/** The names of the units of this test ("test.…") logged as slow, in the order logged. */
const slowTestUnits = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line.msg === "slow unit of work" && String(line.unit).startsWith("test.")).map((line) => line.unit);

/** What the services log at warn and above, one parsed JSON line each. */
function capturedLog(): { log: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

async function metricsStore(options: { clock?: () => number; log?: FastifyBaseLogger; env?: Record<string, string> } = {}) {
  store = await makeTestStore({ ...options, env: { BOT_TOKEN: TEST_BOT_TOKEN, METRICS_TOKEN: TOKEN, ...options.env } });
  return store;
}

async function scrape(s: TestStore): Promise<string> {
  const res = await s.app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample, `name{labels}` with exactly these labels (in any order); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const wanted = Object.entries(labels);
    if (Object.keys(found).length === wanted.length && wanted.every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  it("is a 404 like any unknown path when METRICS_TOKEN is unset", async () => {
    store = await makeTestStore({ seed: false });
    const res = await store.app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("NOT_FOUND");
    expect(res.body).not.toContain("store_");
  });

  it("is the API's JSON 404 when METRICS_TOKEN is unset, not the mini-app's page, beside a built mini-app", async () => {
    const webappDir = await makeTempDir("metrics-webapp-");
    try {
      await writeFile(join(webappDir, "index.html"), "<!doctype html><title>Koh Samui Store</title>");
      store = await makeTestStore({ seed: false, webappDir });
      // A page path still gets the app: the 404 is for /metrics alone.
      expect((await store.app.inject({ method: "GET", url: "/orders" })).body).toContain("<title>Koh Samui Store</title>");
      for (const url of ["/metrics", "/metrics?x=1"]) {
        const res = await store.app.inject({ method: "GET", url, headers: bearer(TOKEN) });
        expect(res.statusCode).toBe(404);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.json()).toMatchObject({ error: "NOT_FOUND", message: "Route GET /metrics not found" });
      }
    } finally {
      await rm(webappDir, { recursive: true, force: true });
    }
  });

  it("passes promtool's lint: no gauge is named …_total, counters are, the live bus's NOTIFY failures are a counter", async () => {
    const s = await metricsStore();
    const text = await scrape(s);
    const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(types.get("store_live_notify_failures_total")).toBe("counter");
    expect(types.has("store_live_notify_failures")).toBe(false);
    expect(sample(text, "store_live_notify_failures_total")).toBe(0);
    expect([...types].filter(([name, type]) => name.endsWith("_total") && type !== "counter")).toEqual([]);
    expect([...types].filter(([name, type]) => type === "counter" && !name.endsWith("_total"))).toEqual([]);
    // The per-type gauges stay (the removed totals are their sums).
    expect(types.get("nodejs_active_handles")).toBe("gauge");

    const promtool = process.env.PROMTOOL ?? "/usr/bin/promtool";
    if (!existsSync(promtool)) {
      throw new Error(`promtool is missing at ${promtool}: apt-get install -y prometheus (or set PROMTOOL to its path)`);
    }
    const lint = spawnSync(promtool, ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${lint.stdout}${lint.stderr}`.trim()).toBe("");
    expect(lint.status).toBe(0);
  });

  it("answers 401 without the token and with a wrong one, revealing nothing else", async () => {
    const s = await metricsStore({ env: {} });
    const attempts = [
      {},
      bearer("wrong-token-0123456789abcdef"),
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
    ];
    for (const headers of attempts) {
      const res = await s.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "UNAUTHORIZED", message: "A valid metrics token is required" });
    }
  });

  it("answers Prometheus' text format with the token: the store's own metrics, event-loop lag and memory", async () => {
    const s = await metricsStore();
    const res = await s.app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const type of [
      "# TYPE store_orders_placed_total counter",
      "# TYPE store_holds_expired_total counter",
      "# TYPE store_outbox_unsent gauge",
      "# TYPE store_outbox_oldest_unsent_age_seconds gauge",
      "# TYPE store_http_request_duration_seconds histogram",
      "# TYPE store_unit_run_seconds histogram",
      "# TYPE store_unit_wait_seconds histogram",
      "# TYPE nodejs_eventloop_lag_seconds gauge",
      "# TYPE process_resident_memory_bytes gauge",
    ]) {
      expect(res.body).toContain(type);
    }
    expect(sample(res.body, "process_resident_memory_bytes")).toBeGreaterThan(0);
    // No chain watcher runs in this process: no lag is made up for it.
    expect(res.body).not.toContain("store_ton_watcher_lag_seconds");
  });

  it("moves when an order is placed: placed +1, the route's requests +1, the outbox's backlog grows", async () => {
    let now = START;
    const s = await metricsStore({ clock: () => now });
    const [products, shops] = [await productIdsByName(s.db), await shopIdsByName(s.db)];
    const alice = await signInCustomer(s.app, 9101, "Alice", now);
    const line = { shopId: shops["Chaweng Beach Store"]!, productId: products["Jack Herer"]! };
    const placeRoute = { method: "POST", route: "/api/orders", status: "201" };
    // On PostgreSQL the placements that arrive together are one unit (server/services/placeTogether.ts).
    const unit = ON_POSTGRES ? "orders.placeOrders" : "orders.placeOrder";
    const unitCount = (text: string) => sample(text, "store_unit_run_seconds_count", { unit }) ?? 0;

    const before = await scrape(s);
    expect(sample(before, "store_orders_placed_total")).toBe(0);
    expect(sample(before, "store_outbox_unsent")).toBe(0);
    expect(sample(before, "store_outbox_oldest_unsent_age_seconds")).toBe(0);

    const placed = await placeOrder(s.app, alice.token, "metrics-order-1", line);
    expect(placed.statusCode).toBe(201);
    now += 90_000;
    const after = await scrape(s);
    expect(sample(after, "store_orders_placed_total")).toBe(1);
    expect(sample(after, "store_http_request_duration_seconds_count", placeRoute)).toBe(
      (sample(before, "store_http_request_duration_seconds_count", placeRoute) ?? 0) + 1,
    );
    expect(sample(after, "store_outbox_unsent")).toBeGreaterThanOrEqual(1);
    // The placement's notice was written at the store's clock 90 s ago and is still unsent.
    expect(sample(after, "store_outbox_oldest_unsent_age_seconds")).toBe(90);
    expect(unitCount(after)).toBe(unitCount(before) + 1);

    // The same Idempotency-Key again is the same order, not a new one.
    const replayed = await placeOrder(s.app, alice.token, "metrics-order-1", line);
    expect(replayed.json().id).toBe(placed.json().id);
    expect(sample(await scrape(s), "store_orders_placed_total")).toBe(1);
  });

  it("labels requests by the route's pattern, never the raw URL", async () => {
    const s = await metricsStore();
    const alice = await signInCustomer(s.app, 9102, "Alice");
    for (const id of [1, 2, 987654]) await s.app.inject({ method: "GET", url: `/api/orders/${id}`, headers: bearer(alice.token) });
    await s.app.inject({ method: "GET", url: "/no/such/path/42" });
    const text = await scrape(s);
    expect(sample(text, "store_http_request_duration_seconds_count", { method: "GET", route: "/api/orders/:id", status: "404" })).toBe(3);
    expect(sample(text, "store_http_request_duration_seconds_count", { method: "GET", route: "unmatched", status: "404" })).toBe(1);
    expect(text).not.toContain("987654");
    expect(text).not.toContain("/no/such/path");
  });

  it("counts the holds the hold clock expires", async () => {
    let now = START;
    const s = await metricsStore({ clock: () => now });
    const [products, shops] = [await productIdsByName(s.db), await shopIdsByName(s.db)];
    const alice = await signInCustomer(s.app, 9103, "Alice", now);
    const line = { shopId: shops["Chaweng Beach Store"]!, productId: products["Jack Herer"]! };
    expect((await placeOrder(s.app, alice.token, "metrics-hold-1", line)).statusCode).toBe(201);
    expect((await placeOrder(s.app, alice.token, "metrics-hold-2", line)).statusCode).toBe(201);

    expect(await s.app.services.holds.expireHolds()).toBe(0);
    expect(sample(await scrape(s), "store_holds_expired_total")).toBe(0);
    now += 3 * 3_600_000 + 1_000;
    expect(await s.app.services.holds.expireHolds()).toBe(2);
    expect(sample(await scrape(s), "store_holds_expired_total")).toBe(2);
  });

  it("shows the chain watcher's lag: the seconds since its last look that read every watched wallet", async () => {
    let now = START;
    const s = await metricsStore({ clock: () => now });
    let indexerDown = false;
    const watcher = createTonWatcher({
      // One watched wallet with nothing new on it; the chain fails while the indexer is down.
      tonReconciliation: {
        watchedShops: async () => [{ shopId: 2, wallet: "EQ-wallet", sinceS: 0 }],
        recordTransfers: async () => ({ paid: 0, underpaid: 0, refund_due: 0, ignored: 0, seen: 0 }),
      },
      chain: { transactions: async () => (indexerDown ? Promise.reject(new Error("indexer down")) : []) },
      log: pino({ level: "silent" }),
      intervalMs: 60_000,
      looked: s.app.services.metrics.chainWatcher(),
    });
    const lag = async () => sample(await scrape(s), "store_ton_watcher_lag_seconds");

    expect(await lag()).toBe(0);
    now += 30_000; // started, not yet looked
    expect(await lag()).toBe(30);
    await watcher.tick();
    expect(await lag()).toBe(0);
    indexerDown = true;
    now += 20_000;
    await watcher.tick();
    expect(await lag()).toBe(20);
    indexerDown = false;
    await watcher.tick();
    expect(await lag()).toBe(0);
  });

  it("is served by a worker's probes too, with the same token", async () => {
    const s = await metricsStore();
    const probes = await buildProbeApp(s.config, s.app.services);
    try {
      expect((await probes.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
      const res = await probes.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, "store_outbox_unsent")).toBe(0);
    } finally {
      await probes.close();
    }
  });
});

describe("slow units of work", () => {
  it("logs a unit whose own run takes longer than SLOW_QUERY_MS, once, with its name and time; a fast one not at all", async () => {
    const { log, lines } = capturedLog();
    const s = await metricsStore({ log, env: { SLOW_QUERY_MS: "100" } });
    const units = unitOfWorkOf(s.db).named("test");
    await units.write("fast", async (tx) => tx.selectFrom("settings").select("key").execute());
    await units.read("fastRead", async (tx) => tx.selectFrom("settings").select("key").execute());
    await units.write("dawdling", async (tx) => {
      await tx.selectFrom("settings").select("key").execute();
      await new Promise((resolve) => setTimeout(resolve, 250));
    });

    expect(slowTestUnits(lines)).toEqual(["test.dawdling"]);
    const slow = lines.find((line) => line.unit === "test.dawdling")!;
    expect(slow).toMatchObject({ level: 40, msg: "slow unit of work" });
    expect(slow.ms).toBeGreaterThanOrEqual(240);
    // Its time is also in the histogram under its name, and it is counted as slow; the fast ones are not.
    const text = await scrape(s);
    expect(sample(text, "store_unit_run_seconds_count", { unit: "test.dawdling" })).toBe(1);
    expect(sample(text, "store_slow_units_total", { unit: "test.dawdling" })).toBe(1);
    expect(sample(text, "store_unit_run_seconds_count", { unit: "test.fast" })).toBe(1);
    expect(sample(text, "store_slow_units_total", { unit: "test.fast" })).toBeUndefined();
  });

  it("logs a slow unit that throws too, and the caller still gets its error", async () => {
    const { log, lines } = capturedLog();
    const s = await metricsStore({ log, env: { SLOW_QUERY_MS: "20" } });
    const failing = unitOfWorkOf(s.db)
      .named("test")
      .write("failsSlowly", async () => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        throw new Error("refused");
      });
    await expect(failing).rejects.toThrow("refused");
    expect(slowTestUnits(lines)).toEqual(["test.failsSlowly"]);
  });
});
