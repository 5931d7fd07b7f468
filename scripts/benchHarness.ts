/**
 * What the benchmarks share: the server runs in a child process (so the load generator does not take
 * its core), rounds of autocannon runs, medians. Settings come from the environment:
 *   BENCH_ROUNDS (default 5), BENCH_SECONDS per run (default 4), BENCH_CONNECTIONS (default 50)
 */
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { FastifyInstance } from "fastify";

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Run {
  rps: number;
  p99: number;
  /** Answers outside 2xx plus connection errors. */
  non2xx: number;
}

export function load(options: autocannon.Options): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors });
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Adds the hello-world route the benchmarks compare against, listens, and tells the parent its port. */
export async function serveForBench(app: FastifyInstance): Promise<void> {
  app.get("/bench/hello", async () => ({ hello: "world" }));
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  process.send!({ port: typeof address === "object" && address ? address.port : 0 });
}

/**
 * Runs a benchmark script: as the child (`--serve DATA_DIR`) it serves, as the parent it forks the child
 * on a temporary data directory and runs `bench` against its base URL.
 */
export function runBenchmark(scriptUrl: string, serve: (dataDir: string) => Promise<void>, bench: (base: string) => Promise<boolean>): void {
  const fail = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  if (process.argv[2] === "--serve") {
    serve(process.argv[3]!).catch(fail);
    return;
  }
  (async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "bench-"));
    const child = fork(fileURLToPath(scriptUrl), ["--serve", dataDir], { execArgv: process.execArgv });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.once("message", (m) => resolve((m as { port: number }).port));
        child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
      });
      const ok = await bench(`http://127.0.0.1:${port}`);
      console.log(ok ? "\nGoals met." : "\nGoals NOT met.");
      process.exitCode = ok ? 0 : 1;
    } finally {
      child.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  })().catch(fail);
}
