/**
 * `npm run bench:orders`: order placements over HTTP (a signed-in customer, a fresh Idempotency-Key per
 * request, a pickup order of two lines), in interleaved rounds, against
 * - the same placements on the code of an older commit (`BENCH_BASELINE`, default the last commit before the
 *   async data path), checked out into a temporary folder and served beside this one: goal (issue 20)
 *   ≥ 0.85× its placements per second;
 * - a hello-world route in the same server process (the figure earlier sessions quoted).
 * Prints the median of per-round ratios and p99 latency; p99 under 50 ms at 50 connections, no errors.
 *
 * `npm run bench:orders -- --db postgres [--instances 2] [--tcp] [--statements]` (issue 22) measures instead, in the same rounds, the
 * same placements on SQLite, on PostgreSQL through one API instance and (with `--instances 2`) through two
 * instances on one database, the load spread over both: goals PostgreSQL ≥ 0.4× SQLite's placements per
 * second, p99 ≤ 50 ms, no errors, two instances no slower than one. The PostgreSQL server is a throwaway one
 * (scripts/postgresServer.ts, `fsync=off` like the tests'; on a real server every commit waits for its disk).
 * `--statements` adds what each placement's statements cost the database (pg_stat_statements).
 * Settings: see scripts/benchHarness.ts. This checkout's server runs with metrics on (METRICS_TOKEN set: every
 * request and unit measured), the dearer case (issue 23).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type autocannon from "autocannon";
import {
  BENCH_BOT_TOKEN,
  benchOrderBody,
  signInCustomers,
  CONNECTIONS,
  cpuSeconds,
  load,
  median,
  ROUNDS,
  runBenchmark,
  SECONDS,
  placementRequests,
  serveForBench,
  type Run,
  type Targets,
} from "./benchHarness";
import pg from "pg";
import { startPostgresServer } from "./postgresServer";

const BOT_TOKEN = BENCH_BOT_TOKEN;
/** Customers the placements are spread over. */
const CUSTOMERS = 500;
/** The code this one is measured against: the last commit before units of work became async. */
const BASELINE = process.env.BENCH_BASELINE ?? "47d9187";

/** `--db postgres` and `--instances N` (the parent's arguments; a served child gets `--serve DIR`). */
function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const ON_POSTGRES = flag("--db") === "postgres";
/** PostgreSQL over loopback TCP rather than its Unix socket. */
const OVER_TCP = process.argv.includes("--tcp");
const INSTANCES = Math.max(1, Number(flag("--instances") ?? 1));
/** `--statements`: PostgreSQL's pg_stat_statements on, and what each placement's statements cost printed after. */
const STATEMENTS = process.argv.includes("--statements");

async function serve(dataDir: string): Promise<void> {
  const { migrateToLatest, openDatabase, startCheckpointer } = await import("../db/connection");
  const { seedDemo } = await import("../db/seed/demo");
  const { loadConfig } = await import("../server/config");
  const { buildApp } = await import("../server/http/app");
  const { createLogger } = await import("../server/log");
  const { createServices } = await import("../server/services/index");
  // A bench customer places far more than a person would: the per-customer limits are lifted (the checks and
  // the limiter still run on every placement), and the sign-ins of the bench's customers are not throttled.
  const limits = { MAX_OPEN_ORDERS: "1000000000", RATE_LIMIT_WRITES_PER_MINUTE: "1000000000", RATE_LIMIT_SIGNINS_PER_MINUTE: "1000000000" };
  // METRICS_TOKEN: /metrics on, so the placements pay for being measured (an older commit ignores it).
  const metricsOn = { METRICS_TOKEN: "bench-metrics-token-0123456789" };
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", BOT_TOKEN, ...limits, ...metricsOn }), webappDir: null };
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  let db;
  if (postgresUrl) {
    const { openPostgres } = await import("../db/connection");
    db = openPostgres(postgresUrl);
  } else {
    // As server/main.ts runs it: WAL checkpoints in a background thread.
    db = openDatabase(config.databaseFile, { backgroundCheckpoints: true });
    startCheckpointer(config.databaseFile, (error) => console.error(error));
  }
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  // Stock that lasts the whole run: the benchmark measures placing, not running out.
  await db.updateTable("stock").set({ amount: 1_000_000_000 }).execute();
  await serveForBench(await buildApp(config, createServices(config, { db, log: createLogger(config) })));
}

/** Signs in the bench's customers on a server and makes the autocannon options that place their orders. */
async function placements(base: string): Promise<autocannon.Options> {
  // Many customers, each placing its share: as in a shop, nobody holds thousands of open orders.
  const tokens = await signInCustomers(base, 424242, CUSTOMERS);
  // A fresh Idempotency-Key per request (every request places a new order), customers in turn.
  return placementRequests(base, await benchOrderBody(base), tokens, "bench");
}

async function bench(targets: Targets): Promise<boolean> {
  return ON_POSTGRES ? benchEngines(targets) : benchAgainstBaseline(targets);
}

/** SQLite, PostgreSQL through one instance and through `INSTANCES`, in interleaved rounds. */
async function benchEngines({ base, another, pidOf }: Targets): Promise<boolean> {
  const server = await startPostgresServer();
  try {
    if (STATEMENTS) await preloadStatementStatistics(server);
    // Through the server's Unix socket, as a store on the database's machine connects (docs/performance.md);
    // `--tcp` measures the loopback TCP a database on another machine would need.
    await server.createDatabase("bench");
    const env = { BENCH_DATABASE_URL: OVER_TCP ? server.urlOf("bench") : server.socketUrlOf("bench") };
    const instances = [await another(env)];
    while (instances.length < INSTANCES) instances.push(await another(env));
    const sqlite = await placements(base);
    const one = await placements(instances[0]!);
    // The same customers and sessions (one database), the connections spread over every instance.
    // autocannon spreads its connections over several URLs, though its types say one.
    const all = { ...one, url: instances.map((i) => `${i}/api/orders`) as unknown as string };
    // The processes whose CPU time a target's placements cost: its API instances, and the database's.
    const targets: [string, autocannon.Options, { api: number[]; database: number[] }][] = [
      ["SQLite, one instance", sqlite, { api: [pidOf(base)], database: [] }],
      ["PostgreSQL, one instance", one, { api: [pidOf(instances[0]!)], database: [server.pid()] }],
    ];
    if (INSTANCES > 1) targets.push([`PostgreSQL, ${INSTANCES} instances`, all, { api: instances.map(pidOf), database: [server.pid()] }]);
    console.log(`${ROUNDS} interleaved rounds of ${SECONDS}s per target, ${CONNECTIONS} connections`);
    const over = OVER_TCP ? "loopback TCP" : "its Unix socket";
    console.log(`PostgreSQL ${server.version} (a throwaway cluster, fsync off, over ${over}), ${INSTANCES} API instance(s), one database`);
    console.log("");
    for (const [, options] of targets) await load({ ...options, duration: 2 });
    const statistics = STATEMENTS ? await statementStatistics(server.socketUrlOf("bench")) : null;
    const runs = targets.map(() => [] as Run[]);
    /** CPU milliseconds per placement, per target and round: what the machine's other work barely moves. */
    const cpu = targets.map(() => [] as { api: number; database: number }[]);
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = [];
      for (const [i, [name, options, pids]] of targets.entries()) {
        const before = { api: cpuSeconds(pids.api), database: cpuSeconds(pids.database) };
        const run = await load(options);
        const each = (after: number, at: number) => ((after - at) * 1000) / Math.max(1, run.count);
        const used = { api: each(cpuSeconds(pids.api), before.api), database: each(cpuSeconds(pids.database), before.database) };
        cpu[i]!.push(used);
        runs[i]!.push(run);
        const spent = `${used.api.toFixed(2)} + ${used.database.toFixed(2)} ms CPU each`;
        line.push(`${name} ${Math.round(run.rps)}/s (p99 ${run.p99} ms, ${spent}, ${run.non2xx} errors)`);
      }
      console.log(`round ${round}: ${line.join("  ")}`);
    }
    const ratio = (a: number, b: number) => median(runs[a]!.map((r, k) => r.rps / runs[b]![k]!.rps));
    const p99 = (i: number) => median(runs[i]!.map((r) => r.p99));
    const errors = runs.flat().reduce((n, r) => n + r.non2xx, 0);
    console.log("\n| target | median placements/s | ratio (median of rounds) | median p99 (ms) | goal |\n|---|---|---|---|---|");
    console.log(`| ${targets[0]![0]} | ${Math.round(median(runs[0]!.map((r) => r.rps)))} | 1.00× | ${p99(0)} | - |`);
    console.log(
      `| ${targets[1]![0]} | ${Math.round(median(runs[1]!.map((r) => r.rps)))} | ${ratio(1, 0).toFixed(2)}× SQLite | ${p99(1)} | ` +
        "≥ 0.4× SQLite, p99 ≤ 50 ms |",
    );
    let ok = ratio(1, 0) >= 0.4 && p99(1) <= 50 && errors === 0;
    if (INSTANCES > 1) {
      const scale = ratio(2, 1);
      console.log(
        `| ${targets[2]![0]} | ${Math.round(median(runs[2]!.map((r) => r.rps)))} | ${scale.toFixed(2)}× one instance | ${p99(2)} | ` +
          "no slower than one instance |",
      );
      // "No slower" within the rounds' noise.
      ok &&= scale >= 0.95;
    }
    console.log(`\nfailed placements: ${errors}`);
    // What the machine would give with nothing else running: its cores over each placement's CPU time
    // (the server's and the database's; the load generator's not counted).
    const cpuMs = cpu.map((c) => median(c.map((u) => u.api + u.database)));
    const each = targets.map(([name], i) => `${name} ${cpuMs[i]!.toFixed(2)} ms`).join(", ");
    console.log(`CPU per placement (API and database processes, median of rounds; "a + b" above): ${each}`);
    console.log(`PostgreSQL costs ${(cpuMs[1]! / cpuMs[0]!).toFixed(1)}× SQLite's CPU per placement`);
    if (statistics) await statistics.print(runs.slice(1).flat().reduce((n, r) => n + r.count, 0));
    return ok;
  } finally {
    server.stop();
  }
}

/** Loads pg_stat_statements into the throwaway server (a restart) and makes it count every database's statements. */
async function preloadStatementStatistics(server: Awaited<ReturnType<typeof startPostgresServer>>): Promise<void> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("alter system set shared_preload_libraries = pg_stat_statements");
  await admin.end();
  server.pause();
  server.resume();
}

/**
 * pg_stat_statements of the bench database, emptied now: `print(placements)` lists what the statements run since
 * cost per placement (PostgreSQL's placements of every round), dearest first. Execution time only: a statement's
 * wait for a row lock is in it, the round trip and the parse of its message are not.
 */
async function statementStatistics(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("create extension if not exists pg_stat_statements");
  await client.query("select pg_stat_statements_reset()");
  return {
    async print(placements: number): Promise<void> {
      const { rows } = await client.query<{ calls: string; total_ms: number; query: string }>(
        `select calls, total_exec_time as total_ms, regexp_replace(query, '\\s+', ' ', 'g') as query
           from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
            and query not like '%pg_stat_statements%'
          order by total_exec_time desc`,
      );
      await client.end();
      const per = (n: number) => n / Math.max(1, placements);
      const calls = rows.reduce((n, r) => n + Number(r.calls), 0);
      const total = rows.reduce((n, r) => n + r.total_ms, 0);
      console.log(
        `\nPostgreSQL's statements (pg_stat_statements, ${placements} placements): ${per(calls).toFixed(1)} per placement, ` +
          `${(per(total) * 1000).toFixed(0)} µs of execution per placement`,
      );
      console.log("| per placement | mean µs | µs per placement | statement |\n|---|---|---|---|");
      for (const r of rows.slice(0, 16)) {
        const mean = ((r.total_ms * 1000) / Math.max(1, Number(r.calls))).toFixed(0);
        const each = (per(r.total_ms) * 1000).toFixed(0);
        console.log(`| ${per(Number(r.calls)).toFixed(2)} | ${mean} | ${each} | ${r.query.slice(0, 90)} |`);
      }
    },
  };
}

async function benchAgainstBaseline({ base, baseline }: Targets): Promise<boolean> {
  const place = await placements(base);
  const placeBefore = baseline && (await placements(baseline.base));
  console.log(`${ROUNDS} interleaved rounds of ${SECONDS}s per target, ${CONNECTIONS} connections`);
  if (baseline) console.log(`baseline: the same placements on commit ${baseline.commit}, served beside this one\n`);
  const results = { hello: [] as Run[], place: [] as Run[], before: [] as Run[] };
  // Warm-up of every target: the JIT, and the database files and their WALs grown to their working size.
  await load({ url: `${base}/bench/hello`, duration: 2 });
  await load({ ...place, duration: 2 });
  if (placeBefore) await load({ ...placeBefore, duration: 2 });
  for (let round = 1; round <= ROUNDS; round++) {
    const hello = await load({ url: `${base}/bench/hello` });
    const placed = await load(place);
    results.hello.push(hello);
    results.place.push(placed);
    let line =
      `round ${round}: hello ${Math.round(hello.rps)}/s  ` +
      `place ${Math.round(placed.rps)}/s (p99 ${placed.p99} ms, ${placed.non2xx} errors)`;
    if (placeBefore) {
      const before = await load(placeBefore);
      results.before.push(before);
      line += `  baseline ${Math.round(before.rps)}/s (p99 ${before.p99} ms)`;
    }
    console.log(line);
  }
  const rps = (runs: Run[]) => Math.round(median(runs.map((r) => r.rps)));
  const ratioToHello = median(results.place.map((r, i) => r.rps / results.hello[i]!.rps));
  const ratioToBefore = placeBefore ? median(results.place.map((r, i) => r.rps / results.before[i]!.rps)) : null;
  const p99 = median(results.place.map((r) => r.p99));
  const errors = results.place.reduce((n, r) => n + r.non2xx, 0);
  console.log("\n| target | median req/s | ratio (median of rounds) | median p99 (ms) | goal |\n|---|---|---|---|---|");
  console.log(`| hello-world | ${rps(results.hello)} | 1.00× | ${median(results.hello.map((r) => r.p99))} | - |`);
  if (ratioToBefore !== null) {
    console.log(
      `| POST /api/orders on ${baseline!.commit} (201) | ${rps(results.before)} | 1.00× | ` +
        `${median(results.before.map((r) => r.p99))} | - |`,
    );
  }
  const toBefore = ratioToBefore === null ? "" : `, ${ratioToBefore.toFixed(2)}× the baseline`;
  console.log(
    `| POST /api/orders (201) | ${rps(results.place)} | ${ratioToHello.toFixed(2)}× hello-world${toBefore} | ${p99} | ` +
      "≥ 0.85× the baseline, p99 ≤ 50 ms |",
  );
  console.log(`\nfailed placements: ${errors}`);
  await breakdown(1_000_000 / median(results.hello.map((r) => r.rps)), 1_000_000 / median(results.place.map((r) => r.rps)));
  return (ratioToBefore === null || ratioToBefore >= 0.85) && p99 <= 50 && errors === 0;
}

/**
 * Where a placement's time goes: the same steps timed in this process, on a database set up as the
 * server's (WAL, background checkpoints), with the figures of the HTTP runs beside them.
 */
async function breakdown(helloUs: number, placeUs: number): Promise<void> {
  const { migrateToLatest, openDatabase, startCheckpointer } = await import("../db/connection");
  const { seedDemo } = await import("../db/seed/demo");
  const { unitOfWorkOf } = await import("../db/unitOfWork");
  const { loadConfig } = await import("../server/config");
  const { createLogger } = await import("../server/log");
  const { createServices } = await import("../server/services/index");
  const { signInitData } = await import("../server/services/telegramInitData");
  const dataDir = await mkdtemp(join(tmpdir(), "bench-orders-steps-"));
  const file = join(dataDir, "store.sqlite");
  const db = openDatabase(file, { backgroundCheckpoints: true });
  const stopCheckpointer = startCheckpointer(file, (error) => console.error(error));
  try {
    await migrateToLatest(db);
    await seedDemo(db, { uploadsDir: null });
    await db.updateTable("stock").set({ amount: 1_000_000_000 }).execute();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      BOT_TOKEN,
      MAX_OPEN_ORDERS: "1000000000",
      METRICS_TOKEN: "bench-metrics-token-0123456789",
    });
    const { auth, orders } = createServices(config, { db, log: createLogger(config) });
    const customers: number[] = [];
    let token = "";
    for (let i = 0; i < CUSTOMERS; i++) {
      const initData = signInitData(
        { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: 77 + i, first_name: "Steps" }) },
        BOT_TOKEN,
      );
      const signedIn = await auth.signInWithTelegram(initData);
      customers.push(signedIn.user.userId);
      token = signedIn.token;
    }
    const units = unitOfWorkOf(db);
    const body = {
      shop_id: 2,
      items: [
        { product_id: 1, option_id: 0, amount: 1 },
        { product_id: 7, option_id: 0, amount: 1 },
      ],
      delivery_option: 1,
      payment_option: 1,
    };
    let n = 0;
    /** µs per call of `step`, run `runs` times in groups of `together` awaited at once. */
    const time = async (runs: number, together: number, step: () => Promise<unknown>) => {
      const round = () => Promise.all(Array.from({ length: together }, step));
      for (let i = 0; i < 200 / together; i++) await round();
      const start = performance.now();
      for (let i = 0; i < runs / together; i++) await round();
      return ((performance.now() - start) * 1000) / runs;
    };
    const place = () => {
      const k = ++n;
      return orders.placeOrder({ userId: customers[k % customers.length]!, idempotencyKey: `steps-${k}-key`, body });
    };
    await db.insertInto("settings").values({ key: "bench", value: "0" }).execute();
    const session = await time(5000, 1, () => auth.authenticate(token));
    const commit = await time(3000, 1, () =>
      units.write((tx) => tx.updateTable("settings").set({ value: String(++n) }).where("key", "=", "bench").execute()),
    );
    // What naming and timing a unit costs (db/unitOfWork.ts, its histograms fed): the same small read 50 at
    // once, unnamed and named, in alternating rounds; the median difference per unit.
    const named = units.named("bench");
    const plain: number[] = [];
    const timed: number[] = [];
    for (let round = 0; round < 7; round++) {
      plain.push(await time(5000, CONNECTIONS, () => units.read((tx) => tx.selectFrom("settings").select("value").execute())));
      timed.push(await time(5000, CONNECTIONS, () => named.read("read", (tx) => tx.selectFrom("settings").select("value").execute())));
    }
    const timing = median(timed.map((t, i) => t - plain[i]!));
    const alone = await time(3000, 1, place);
    const together = await time(6000, CONNECTIONS, place);
    const firstOrder = (await db.selectFrom("orders").select(["id", "user_id"]).orderBy("id").limit(1).executeTakeFirstOrThrow());
    const view = await time(3000, 1, () => orders.getOrder(firstOrder.user_id, firstOrder.id));
    console.log("\nWhere a placement's time goes (µs, timed in this process):\n");
    console.log("| step | µs |\n|---|---|");
    console.log(`| hello-world over HTTP (1 / its throughput) | ${helloUs.toFixed(0)} |`);
    console.log(`| session lookup (every authenticated call) | ${session.toFixed(0)} |`);
    console.log(
      `| a unit of one small update, committed alone (a turn of the event loop, BEGIN IMMEDIATE … COMMIT) | ${commit.toFixed(0)} |`,
    );
    console.log(`| naming and timing a unit (a named unit against the same unnamed, ${CONNECTIONS} at once) | ${timing.toFixed(1)} |`);
    console.log(`| placeOrder, one at a time (its own commit) | ${alone.toFixed(0)} |`);
    console.log(`| placeOrder, ${CONNECTIONS} at once (one group commit) | ${together.toFixed(0)} |`);
    console.log(`| reading an order (GET /api/orders/:id without HTTP) | ${view.toFixed(0)} |`);
    console.log(`| placement over HTTP (1 / its throughput, ${CONNECTIONS} connections) | ${placeUs.toFixed(0)} |`);
  } finally {
    await stopCheckpointer();
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBenchmark(import.meta.url, serve, bench, { baseline: BASELINE === "none" || ON_POSTGRES ? undefined : BASELINE });
