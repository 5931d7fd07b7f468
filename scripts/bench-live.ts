/**
 * `npm run bench:live` (issue 26): order placements over HTTP (as `bench:orders` places them) with no event
 * stream open and with BENCH_STREAMS (default 1,000) idle streams open, on the same server and the same
 * database, in interleaved rounds: each round places with none open, opens the streams (each its own signed-in
 * customer, none of whom places: they hear nothing, as most open apps at a given moment), places again, and
 * closes them. Prints placements per second, p99 and CPU per placement of both, and the ratio.
 * Goal: with the streams open, placements per second at least 0.9× those without (no more than 10% slower).
 * Exits non-zero when it is not met.
 *
 * `npm run bench:live -- --db postgres` does the same on a throwaway PostgreSQL server (scripts/postgresServer.ts,
 * `fsync=off`), where every placement's commit also sends its NOTIFY (db/live.ts) in both halves of a round.
 * Each round also places through a second server on the same database whose live bus publishes nothing (no
 * NOTIFY, no delivery: the placement as it was before live updates), to show what announcing costs itself.
 * Settings: BENCH_STREAMS, and BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS (scripts/benchHarness.ts).
 */
import http from "node:http";
import type autocannon from "autocannon";
import {
  BENCH_BOT_TOKEN,
  benchOrderBody,
  signInCustomers,
  CONNECTIONS,
  cpuSeconds,
  load,
  median,
  placementRequests,
  ROUNDS,
  runBenchmark,
  SECONDS,
  serveForBench,
  type Run,
  type Targets,
} from "./benchHarness";
import { startPostgresServer } from "./postgresServer";

const BOT_TOKEN = BENCH_BOT_TOKEN;
/** Customers the placements are spread over. */
const CUSTOMERS = 200;
/** Idle event streams in the second half of each round. */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
/** Placements per second with the streams open, at least this share of those without. */
const GOAL = 0.9;
const ON_POSTGRES = process.argv.includes("--db") && process.argv[process.argv.indexOf("--db") + 1] === "postgres";

async function serve(dataDir: string): Promise<void> {
  const { migrateToLatest, openDatabase, openPostgres, startCheckpointer } = await import("../db/connection");
  const { seedDemo } = await import("../db/seed/demo");
  const { loadConfig } = await import("../server/config");
  const { buildApp } = await import("../server/http/app");
  const { createLogger } = await import("../server/log");
  const { createServices } = await import("../server/services/index");
  const limits = { MAX_OPEN_ORDERS: "1000000000", RATE_LIMIT_WRITES_PER_MINUTE: "1000000000", RATE_LIMIT_SIGNINS_PER_MINUTE: "1000000000" };
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", BOT_TOKEN, ...limits }), webappDir: null };
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  let db;
  if (postgresUrl) db = openPostgres(postgresUrl);
  else {
    db = openDatabase(config.databaseFile, { backgroundCheckpoints: true });
    startCheckpointer(config.databaseFile, (error) => console.error(error));
  }
  if (process.env.BENCH_LIVE_OFF === "1") {
    // The comparison server: committed units announce nothing (db/live.ts), as before issue 26.
    const { liveBusOf } = await import("../db/live");
    liveBusOf(db).publish = () => undefined;
  }
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  await db.updateTable("stock").set({ amount: 1_000_000_000 }).execute();
  await serveForBench(await buildApp(config, createServices(config, { db, log: createLogger(config) })));
}

/** The autocannon options that place orders of two lines at the first shop, as bench:orders does. */
async function placements(base: string, firstCustomer: number, prefix: string): Promise<autocannon.Options> {
  const tokens = await signInCustomers(base, firstCustomer, CUSTOMERS);
  return placementRequests(base, await benchOrderBody(base), tokens, prefix);
}

/** Opens one event stream per token (each its own connection) and waits for every `ready`; closes them all. */
async function openStreams(base: string, tokens: readonly string[]): Promise<() => void> {
  const { hostname, port } = new URL(base);
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    tokens.map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const options = { hostname, port, path: "/api/events", agent: false, headers: { authorization: `Bearer ${token}` } };
          const request = http.get(options, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`GET /api/events answered ${res.statusCode}`));
            let text = "";
            res.on("data", (chunk: Buffer) => {
              if (text.length < 100 && (text += chunk.toString()).includes("event: ready")) resolve();
            });
            res.on("error", () => undefined);
          });
          request.on("error", () => undefined);
          requests.push(request);
        }),
    ),
  );
  return () => {
    for (const request of requests) request.destroy();
  };
}

type Half = "off" | "none" | "open";

async function bench({ base, another, pidOf }: Targets): Promise<boolean> {
  const server = ON_POSTGRES ? await startPostgresServer() : null;
  try {
    let target = base;
    let off: string;
    if (server) {
      await server.createDatabase("bench_live");
      const url = { BENCH_DATABASE_URL: server.socketUrlOf("bench_live") };
      off = await another({ ...url, BENCH_LIVE_OFF: "1" });
      target = await another(url);
    } else {
      // SQLite: a file of its own (two processes writing one file would measure their contention instead).
      off = await another({ BENCH_LIVE_OFF: "1" });
    }
    const database = server ? [server.pid()] : [];
    // Customers and Idempotency-Keys of its own for each server: on one database, a key the other server
    // already used would be answered as a retry, not placed.
    const place = { off: await placements(off, 515_000, "live-off"), none: await placements(target, 525_000, "live-on") };
    const streamTokens = await signInCustomers(target, 616_000, STREAMS);
    const engine = server ? `PostgreSQL ${server.version} (throwaway, fsync off)` : "SQLite";
    console.log(`${engine}: ${ROUNDS} rounds of ${SECONDS}s per part, ${CONNECTIONS} connections placing, ${STREAMS} idle streams`);
    await load({ ...place.off, duration: 2 });
    await load({ ...place.none, duration: 2 });
    const runs: Record<Half, Run[]> = { off: [], none: [], open: [] };
    const cpu: Record<Half, number[]> = { off: [], none: [], open: [] };
    /** CPU ms per placement of the API process and of the database's processes, per part and round. */
    const split: Record<Half, [number, number][]> = { off: [], none: [], open: [] };
    const measured = async (half: Half) => {
      const api = [pidOf(half === "off" ? off : target)];
      const before = [cpuSeconds(api), cpuSeconds(database)];
      const run = await load(half === "off" ? place.off : place.none);
      const each = (after: number, at: number) => ((after - at) * 1000) / Math.max(1, run.count);
      const used: [number, number] = [each(cpuSeconds(api), before[0]!), each(cpuSeconds(database), before[1]!)];
      split[half].push(used);
      cpu[half].push(used[0] + used[1]);
      runs[half].push(run);
      return run;
    };
    const withStreams = async () => {
      const close = await openStreams(target, streamTokens);
      // Idle streams are the steady state measured: what opening a thousand of them left to collect goes first.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const run = await measured("open");
      close();
      // The server forgets the closed streams before the next part.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return run;
    };
    for (let round = 1; round <= ROUNDS; round++) {
      // The parts' order alternates, so that what the machine does meanwhile does not favour one of them.
      let quiet: Run, none: Run, open: Run;
      if (round % 2) {
        quiet = await measured("off");
        none = await measured("none");
        open = await withStreams();
      } else {
        open = await withStreams();
        none = await measured("none");
        quiet = await measured("off");
      }
      const errors = quiet.non2xx + none.non2xx + open.non2xx;
      const part = (run: Run) => `${Math.round(run.rps)}/s (p99 ${run.p99} ms)`;
      console.log(
        `round ${round}: bus off ${part(quiet)}  no streams ${part(none)}  ${STREAMS} streams ${part(open)}  ` +
          `ratio ${(open.rps / none.rps).toFixed(2)}  ${errors} errors`,
      );
    }
    const ratio = (a: Half, b: Half) => median(runs[a].map((r, k) => r.rps / runs[b][k]!.rps));
    const errors = Object.values(runs)
      .flat()
      .reduce((n, r) => n + r.non2xx, 0);
    const row = (name: string, half: Half) =>
      `| ${name} | ${Math.round(median(runs[half].map((r) => r.rps)))} | ${median(runs[half].map((r) => r.p99))} | ` +
      `${median(cpu[half]).toFixed(2)} (${median(split[half].map((c) => c[0])).toFixed(2)} + ` +
      `${median(split[half].map((c) => c[1])).toFixed(2)}) |`;
    console.log(
      "\n| placements | median placements/s | median p99 (ms) | CPU ms per placement (API + database) |\n|---|---|---|---|",
    );
    console.log(row("live bus off (as before issue 26)", "off"));
    console.log(row("live bus on, no stream open", "none"));
    console.log(row(`live bus on, ${STREAMS} idle streams open`, "open"));
    console.log(`\nno streams / bus off (median of rounds): ${ratio("none", "off").toFixed(2)}×`);
    console.log(`${STREAMS} streams / no streams (median of rounds): ${ratio("open", "none").toFixed(2)}× (goal ≥ ${GOAL}×)`);
    console.log(`failed placements: ${errors}`);
    return ratio("open", "none") >= GOAL && errors === 0;
  } finally {
    server?.stop();
  }
}

runBenchmark(import.meta.url, serve, bench);
