/**
 * How the store is doing, in Prometheus' text format (GET /metrics, server/http/metrics.ts): one registry
 * per set of services (one per process; never prom-client's global one, so tests that build several apps do
 * not share counters), and the slow-unit log. docs/operations.md, "Metrics", says what each metric means.
 *
 * Counted as it happens: requests (the HTTP app), orders placed (orders.ts), holds expired (holds.ts), the
 * chain watcher's looks (jobs/tonWatcher.ts) and every named unit of work (db/unitOfWork.ts). Read at
 * scrape time: the outbox's backlog, one indexed read.
 */
import type { FastifyBaseLogger } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DB } from "../../db/connection";
import { outboxBacklog } from "../../db/repositories/outboxQueue";
import { unitOfWorkOf, watchUnits } from "../../db/unitOfWork";

export interface MetricsDeps {
  db: DB;
  clock: () => number;
  log: FastifyBaseLogger;
  /** A unit whose own run takes longer is logged (SLOW_QUERY_MS). */
  slowQueryMs: number;
  /** METRICS_TOKEN is set: the registry is scraped, so it is filled (otherwise only the slow-unit log runs). */
  exported: boolean;
}

export type StoreMetrics = ReturnType<typeof createMetrics>;

/** Units run in well under a millisecond to a few hundred: finer buckets than a request's. */
const UNIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics({ db, clock, log, slowQueryMs, exported }: MetricsDeps) {
  const registry = new Registry();
  const units = unitOfWorkOf(db).named("metrics");
  const slowLog = log.child({ module: "units" });

  const requests = new Histogram({
    name: "store_http_request_duration_seconds",
    help: "HTTP requests answered, by method, route pattern (unmatched: no route) and status, and how long each took",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: "store_orders_placed_total",
    help: "Orders placed (a replayed Idempotency-Key is not a new order)",
    registers: [registry],
  });
  const holdsExpired = new Counter({
    name: "store_holds_expired_total",
    help: "Orders the hold clock canceled because their pickup hold ended",
    registers: [registry],
  });
  const outboxUnsent = new Gauge({
    name: "store_outbox_unsent",
    help: "Notices in the outbox not yet sent (pending, waiting to retry, or being sent)",
    registers: [registry],
  });
  const outboxOldestAge = new Gauge({
    name: "store_outbox_oldest_unsent_age_seconds",
    help: "Age of the oldest notice not yet sent; 0 when none waits",
    registers: [registry],
  });
  const unitRun = new Histogram({
    name: "store_unit_run_seconds",
    help: "Units of work by name (area.operation): each one's own run, its statements inside its transaction",
    labelNames: ["unit"] as const,
    buckets: UNIT_BUCKETS,
    registers: [registry],
  });
  const unitWait = new Histogram({
    name: "store_unit_wait_seconds",
    help:
      "What a unit of work waited beyond its own run: its turn and its batch's COMMIT (SQLite's group commit), " +
      "or a connection, BEGIN and COMMIT (PostgreSQL)",
    buckets: UNIT_BUCKETS,
    registers: [registry],
  });
  const slowUnits = new Counter({
    name: "store_slow_units_total",
    help: "Units of work whose own run took longer than SLOW_QUERY_MS, by name (each one is also logged)",
    labelNames: ["unit"] as const,
    registers: [registry],
  });
  if (exported) {
    collectDefaultMetrics({ register: registry });
    // prom-client adds three gauges named `…_total`, a suffix Prometheus keeps for counters (promtool's lint
    // refuses them); each is the sum of the per-type gauge beside it (`sum(nodejs_active_handles)`).
    for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) {
      registry.removeSingleMetric(name);
    }
  }

  watchUnits(db, (unit, runMs, waitMs) => {
    const slow = runMs > slowQueryMs;
    if (slow) slowLog.warn({ unit, ms: Math.round(runMs), waitMs: Math.round(waitMs) }, "slow unit of work");
    if (!exported) return;
    unitRun.observe({ unit }, runMs / 1000);
    unitWait.observe(waitMs / 1000);
    if (slow) slowUnits.inc({ unit });
  });

  return {
    /** One answered request; `route` is the route's pattern, never the raw URL, so label values stay few. */
    requestAnswered(method: string, route: string, status: number, elapsedMs: number): void {
      requests.observe({ method, route, status }, elapsedMs / 1000);
    },
    orderPlaced: (): void => ordersPlaced.inc(),
    holdsExpired: (count: number): void => holdsExpired.inc(count),

    /**
     * The chain watcher of this process starts: from now on its lag is exported, the seconds since its last
     * look at the chain that read every watched wallet (since its start until the first one). The returned
     * function records such a look.
     */
    chainWatcher(): () => void {
      let lookedAt = clock();
      new Gauge({
        name: "store_ton_watcher_lag_seconds",
        help: "Seconds since the TON chain watcher last read every watched wallet without an error",
        registers: [registry],
        collect() {
          this.set((clock() - lookedAt) / 1000);
        },
      });
      return () => {
        lookedAt = clock();
      };
    },

    // ---- g-live ----
    /** Live updates (issue 26): this process's open event streams and its bus's figures, read at each scrape. */
    liveUpdates(figures: () => { streams: number; notifyFailures: number; listening: boolean }): void {
      const gauge = (name: string, help: string, read: () => number) =>
        new Gauge({ name, help, registers: [registry], collect: function (this: Gauge) { this.set(read()); } });
      gauge("store_live_streams", "Live-update event streams (GET /api/events) open in this process", () => figures().streams);
      // Counted since the process started: a counter (rate() and increase() work on it), read from the bus.
      new Counter({
        name: "store_live_notify_failures_total",
        help: "NOTIFY statements of live updates that failed since the process started (PostgreSQL; other instances missed those changes)",
        registers: [registry],
        collect: function (this: Counter) {
          this.reset();
          this.inc(figures().notifyFailures);
        },
      });
      gauge(
        "store_live_listening",
        "1 while this process hears other processes' changes (PostgreSQL: its LISTEN connection is up, or no stream needs it); else 0",
        () => (figures().listening ? 1 : 0),
      );
    },

    contentType: registry.contentType,

    /** The scrape: the outbox's backlog read now, then every metric in Prometheus' text format. */
    async render(): Promise<string> {
      const { unsent, oldestCreatedAt } = await units.read("outboxBacklog", outboxBacklog);
      outboxUnsent.set(unsent);
      outboxOldestAge.set(oldestCreatedAt === null ? 0 : Math.max(0, (clock() - Date.parse(oldestCreatedAt)) / 1000));
      return registry.metrics();
    },
  };
}
