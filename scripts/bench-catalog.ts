/**
 * `npm run bench:catalog`: the product list against a hello-world route in the same server process,
 * in interleaved rounds, so the machine's noise hits both alike. Prints the median of per-round ratios
 * and p99 latency. Goals (issue 2): list ≥ 0.5× hello-world; a repeated poll answered 304 ≥ 0.8×.
 * Settings: see scripts/benchHarness.ts.
 */
import { CONNECTIONS, load, median, ROUNDS, runBenchmark, SECONDS, serveForBench, type Run } from "./benchHarness";

async function serve(dataDir: string): Promise<void> {
  const { migrateToLatest, openDatabase } = await import("../db/connection");
  const { seedDemo } = await import("../db/seed/demo");
  const { loadConfig } = await import("../server/config");
  const { buildApp } = await import("../server/http/app");
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), webappDir: null };
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  await serveForBench(await buildApp(config, { db }));
}

async function bench(base: string): Promise<boolean> {
  const listing = await fetch(`${base}/api/products`);
  const etag = listing.headers.get("etag")!;
  console.log(`catalogue: ${(await listing.text()).length} bytes of JSON, ETag ${etag}`);
  console.log(`${ROUNDS} interleaved rounds of ${SECONDS}s per target, ${CONNECTIONS} connections\n`);

  const targets = {
    hello: () => load({ url: `${base}/bench/hello` }),
    list: () => load({ url: `${base}/api/products` }),
    poll304: () => load({ url: `${base}/api/products`, headers: { "if-none-match": etag } }),
  };
  const results: Record<keyof typeof targets, Run[]> = { hello: [], list: [], poll304: [] };
  await targets.hello(); // warm-up
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
      const r = await targets[name]();
      results[name].push(r);
      line.push(`${name} ${Math.round(r.rps)}/s`);
    }
    console.log(`round ${round}: ${line.join("  ")}`);
  }
  const perRound = (name: keyof typeof targets) => results[name].map((r, i) => r.rps / results.hello[i]!.rps);
  const listRatio = median(perRound("list"));
  const pollRatio = median(perRound("poll304"));
  const rows = [
    ["hello-world", results.hello, 1, "-"],
    ["GET /api/products (200)", results.list, listRatio, "≥ 0.5×"],
    ["GET /api/products (If-None-Match → 304)", results.poll304, pollRatio, "≥ 0.8×"],
  ] as const;
  console.log("\n| target | median req/s | ratio to hello-world (median of rounds) | median p99 (ms) | goal |");
  console.log("|---|---|---|---|---|");
  for (const [name, runs, ratio, goal] of rows) {
    console.log(`| ${name} | ${Math.round(median(runs.map((r) => r.rps)))} | ${ratio.toFixed(2)}× | ${median(runs.map((r) => r.p99))} | ${goal} |`);
  }
  // A 304 is not 2xx: here it is the answer a poller wants.
  const notModified = results.poll304.reduce((n, r) => n + r.non2xx, 0);
  const pollTotal = results.poll304.reduce((n, r) => n + Math.round(r.rps * SECONDS), 0);
  console.log(`\nthe poll was answered 304 ${notModified} times of about ${pollTotal}`);
  return listRatio >= 0.5 && pollRatio >= 0.8;
}

runBenchmark(import.meta.url, serve, bench);
