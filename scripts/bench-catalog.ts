/**
 * `npm run bench:catalog`: the product list against a hello-world route in the same server process,
 * in interleaved rounds, so the machine's noise hits both alike. Prints the median ratio and p99 latency.
 * Goals (issue 2): list ≥ 0.5× hello-world throughput; a repeated poll answered 304 ≥ 0.8×.
 *
 *   BENCH_ROUNDS (default 5), BENCH_SECONDS per run (default 4), BENCH_CONNECTIONS (default 50)
 */
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function serve(dataDir: string): Promise<void> {
  const { migrateToLatest, openDatabase } = await import("../db/connection");
  const { seedDemo } = await import("../db/seed/demo");
  const { loadConfig } = await import("../server/config");
  const { buildApp } = await import("../server/http/app");
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0" }), webappDir: null };
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  const app = await buildApp(config, { db });
  app.get("/bench/hello", async () => ({ hello: "world" }));
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  process.send!({ port: typeof address === "object" && address ? address.port : 0 });
}

interface Run {
  rps: number;
  p99: number;
  non2xx: number;
}

function run(url: string, headers: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function bench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-catalog-"));
  const child = fork(fileURLToPath(import.meta.url), ["--serve", dataDir], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const listing = await fetch(`${base}/api/products`);
    const etag = listing.headers.get("etag")!;
    const size = (await listing.text()).length;
    console.log(`catalogue: ${size} bytes of JSON, ETag ${etag}`);
    console.log(`${ROUNDS} interleaved rounds of ${SECONDS}s per target, ${CONNECTIONS} connections\n`);

    const targets = {
      hello: () => run(`${base}/bench/hello`),
      list: () => run(`${base}/api/products`),
      poll304: () => run(`${base}/api/products`, { "if-none-match": etag }),
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
      const rps = Math.round(median(runs.map((r) => r.rps)));
      console.log(`| ${name} | ${rps} | ${ratio.toFixed(2)}× | ${median(runs.map((r) => r.p99))} | ${goal} |`);
    }
    const notModified = results.poll304.reduce((n, r) => n + r.non2xx, 0);
    const pollTotal = results.poll304.reduce((n, r) => n + Math.round(r.rps * SECONDS), 0);
    console.log(`\nthe poll was answered 304 ${notModified} times of about ${pollTotal}`);
    const ok = listRatio >= 0.5 && pollRatio >= 0.8;
    console.log(ok ? "\nGoals met." : "\nGoals NOT met.");
    process.exitCode = ok ? 0 : 1;
  } finally {
    child.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--serve") {
  serve(process.argv[3]!).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  bench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
