/**
 * `npm run bench:catalog`: the product list against a hello-world route in the same server process,
 * in interleaved rounds, so the machine's noise hits both alike. Prints the median of per-round ratios
 * and p99 latency. Goals (issue 2): list ≥ 0.5× hello-world; a repeated poll answered 304 ≥ 0.8×; both
 * without Accept-Encoding (raw JSON) and with a browser's (the catalogue's brotli copy, issue 16).
 * Settings: see scripts/benchHarness.ts.
 */
import { CONNECTIONS, load, median, ROUNDS, runBenchmark, SECONDS, serveForBench, type Run, type Targets } from "./benchHarness";

async function serve(dataDir: string): Promise<void> {
  const { migrateToLatest, openDatabase } = await import("../db/connection");
  const { seedDemo } = await import("../db/seed/demo");
  const { loadConfig } = await import("../server/config");
  const { buildApp } = await import("../server/http/app");
  const { createLogger } = await import("../server/log");
  const { createServices } = await import("../server/services/index");
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), webappDir: null };
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  await serveForBench(await buildApp(config, createServices(config, { db, log: createLogger(config) })));
}

/** What a browser sends; the answer is the catalogue's brotli copy, made once per catalogue version. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

type Target = "hello" | "list" | "poll304" | "listBr" | "poll304Br";

async function bench({ base }: Targets): Promise<boolean> {
  // Each encoding is its own representation with its own ETag: a poller revalidates with the one it got.
  const raw = await fetch(`${base}/api/products`, { headers: { "accept-encoding": "identity" } });
  const etag = raw.headers.get("etag")!;
  const rawBytes = (await raw.arrayBuffer()).byteLength;
  const br = await fetch(`${base}/api/products`, { headers: BROWSER });
  const brEtag = br.headers.get("etag")!;
  console.log(
    `catalogue: ${rawBytes} bytes of JSON (ETag ${etag}); ` +
      `${br.headers.get("content-length")} bytes as ${br.headers.get("content-encoding")} (ETag ${brEtag})`,
  );
  console.log(`${ROUNDS} interleaved rounds of ${SECONDS}s per target, ${CONNECTIONS} connections`);
  console.log(
    `list and poll304 send no Accept-Encoding (raw JSON); listBr and poll304Br send a browser's "${BROWSER["accept-encoding"]}"\n`,
  );

  const targets: Record<Target, () => Promise<Run>> = {
    hello: () => load({ url: `${base}/bench/hello` }),
    list: () => load({ url: `${base}/api/products` }),
    poll304: () => load({ url: `${base}/api/products`, headers: { "if-none-match": etag } }),
    listBr: () => load({ url: `${base}/api/products`, headers: BROWSER }),
    poll304Br: () => load({ url: `${base}/api/products`, headers: { ...BROWSER, "if-none-match": brEtag } }),
  };
  const results: Record<Target, Run[]> = { hello: [], list: [], poll304: [], listBr: [], poll304Br: [] };
  await targets.hello(); // warm-up
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const name of Object.keys(targets) as Target[]) {
      const r = await targets[name]();
      results[name].push(r);
      line.push(`${name} ${Math.round(r.rps)}/s`);
    }
    console.log(`round ${round}: ${line.join("  ")}`);
  }
  const perRound = (name: Target) => results[name].map((r, i) => r.rps / results.hello[i]!.rps);
  const ratios = {
    list: median(perRound("list")),
    poll304: median(perRound("poll304")),
    listBr: median(perRound("listBr")),
    poll304Br: median(perRound("poll304Br")),
  };
  const rows = [
    ["hello-world", results.hello, 1, "-"],
    ["GET /api/products (200, raw)", results.list, ratios.list, "≥ 0.5×"],
    ["GET /api/products (If-None-Match → 304)", results.poll304, ratios.poll304, "≥ 0.8×"],
    ["GET /api/products (200, brotli)", results.listBr, ratios.listBr, "≥ 0.5×"],
    ["GET /api/products (brotli's If-None-Match → 304)", results.poll304Br, ratios.poll304Br, "≥ 0.8×"],
  ] as const;
  console.log("\n| target | median req/s | ratio to hello-world (median of rounds) | median p99 (ms) | goal |");
  console.log("|---|---|---|---|---|");
  for (const [name, runs, ratio, goal] of rows) {
    console.log(
      `| ${name} | ${Math.round(median(runs.map((r) => r.rps)))} | ${ratio.toFixed(2)}× | ${median(runs.map((r) => r.p99))} | ${goal} |`,
    );
  }
  // A 304 is not 2xx: here it is the answer a poller wants.
  for (const name of ["poll304", "poll304Br"] as const) {
    const notModified = results[name].reduce((n, r) => n + r.non2xx, 0);
    const total = results[name].reduce((n, r) => n + Math.round(r.rps * SECONDS), 0);
    console.log(`${name === "poll304" ? "\nthe raw" : "the brotli"} poll was answered 304 ${notModified} times of about ${total}`);
  }
  const listErrors = results.list.concat(results.listBr).reduce((n, r) => n + r.non2xx, 0);
  if (listErrors > 0) console.log(`the list answered something other than 200 ${listErrors} times`);
  return ratios.list >= 0.5 && ratios.listBr >= 0.5 && ratios.poll304 >= 0.8 && ratios.poll304Br >= 0.8 && listErrors === 0;
}

runBenchmark(import.meta.url, serve, bench);
