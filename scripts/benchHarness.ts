/**
 * What the benchmarks share: the server runs in a child process (so the load generator does not take
 * its core), rounds of autocannon runs, medians. Settings come from the environment:
 *   BENCH_ROUNDS (default 5), BENCH_SECONDS per run (default 4), BENCH_CONNECTIONS (default 50)
 */
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { connect, type Socket } from "node:net";
import autocannon from "autocannon";
import type { FastifyInstance } from "fastify";

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** The bot token of the bench servers: their customers sign in with launch data it signed. */
export const BENCH_BOT_TOKEN = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";

/** Signs `count` Telegram customers (ids from `firstId` on) in on a bench server; their session tokens, in order. */
export async function signInCustomers(base: string, firstId: number, count: number): Promise<string[]> {
  const { signInitData } = await import("../server/services/telegramInitData");
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = JSON.stringify({ id: firstId + i, first_name: "Bench" });
    const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, BENCH_BOT_TOKEN);
    const answer = await fetch(`${base}/api/auth/telegram`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ initData }),
    });
    tokens.push(((await answer.json()) as { token: string }).token);
  }
  return tokens;
}

/** The order the placement benches place: one of each of the first shop's first two products, pickup, cash. */
export async function benchOrderBody(base: string): Promise<string> {
  const { products } = (await (await fetch(`${base}/api/products`)).json()) as {
    products: { id: number; stock: Record<string, unknown> }[];
  };
  const shopId = Number(Object.keys(products[0]!.stock)[0]);
  return JSON.stringify({
    shop_id: shopId,
    items: products
      .filter((p) => String(shopId) in p.stock)
      .slice(0, 2)
      .map((p) => ({ product_id: p.id, option_id: 0, amount: 1 })),
    delivery_option: 1,
    payment_option: 1,
  });
}

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx plus connection errors. */
  non2xx: number;
  /** Answers received. */
  count: number;
}

/**
 * POST /api/orders with one order body, each request a new order: a fresh Idempotency-Key (`prefix`-pid-n) and
 * the customers' tokens in turn. `onResponse` sees each answer (to collect the placed orders' ids).
 */
export function placementRequests(
  base: string,
  body: string,
  tokens: readonly string[],
  prefix: string,
  onResponse?: (status: number, answer: string) => void,
): autocannon.Options {
  let sequence = 0;
  return {
    url: `${base}/api/orders`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    requests: [
      {
        setupRequest: (req) => {
          const n = ++sequence;
          const auth = { authorization: `Bearer ${tokens[n % tokens.length]}`, "idempotency-key": `${prefix}-${process.pid}-${n}` };
          return { ...req, headers: { ...req.headers, ...auth } };
        },
        ...(onResponse ? { onResponse } : {}),
      },
    ],
  };
}

export function load(options: autocannon.Options): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx + result.errors,
        count: result.requests.total,
      });
    });
  });
}

/**
 * GET requests to `url` from `connections` keep-alive connections for `seconds`, each connection sending its
 * next request as soon as the answer before it has arrived (autocannon's closed loop), over plain sockets: an
 * answer's head is read for its status and length (Content-Length, or chunked), its body only counted, every
 * read landing in one buffer per connection. The load generator shares this machine's two cores with the
 * server, so what it spends per answer is taken from the server and lands in every latency it measures:
 * autocannon 8 keeps each answer's body as a string (decoding compressed bytes as UTF-8: ~0.5 ms of CPU for
 * the year's 31 KB product list), and Node's own HTTP client, with its streams and events, still delayed its
 * own event loop by 5 ms at p99 at 7,700 answers a second, as did a Buffer per read, by the garbage it left
 * (docs/performance.md, "The load generator"). Latencies to 0.1 ms.
 */
export async function loadGets({
  url,
  headers = {},
  connections = CONNECTIONS,
  duration = SECONDS,
}: {
  /** One address, or several on the same server asked in turn (the next request of any connection takes the next). */
  url: string | string[];
  headers?: Record<string, string>;
  connections?: number;
  duration?: number;
}): Promise<Run> {
  const urls = (Array.isArray(url) ? url : [url]).map((u) => new URL(u));
  const target = urls[0]!;
  const head = Object.entries({ host: target.host, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const requests = urls.map((u) => Buffer.from(`GET ${u.pathname}${u.search} HTTP/1.1\r\n${head}\r\n`));
  let turn = 0;
  const nextRequest = () => requests[turn++ % requests.length]!;
  const latencies: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  const until = started + duration * 1000;
  await Promise.all(Array.from({ length: connections }, () => connectionLoop(target, nextRequest, until, latencies, () => non2xx++)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), non2xx, count: latencies.length };
}

/** One connection of `loadGets`: request, read the answer, again, until `until`; reconnects if the server closes. */
function connectionLoop(target: URL, nextRequest: () => Buffer, until: number, latencies: number[], failed: () => void): Promise<void> {
  return new Promise((resolve) => {
    let socket: Socket;
    let sent = 0;
    /** The answer's head so far (until its blank line), its status, and what is left of its body. */
    let headBytes: Buffer | null = Buffer.alloc(0);
    let status = 0;
    let remaining = 0;
    /** Chunked bodies: -1 while reading a chunk's size line (kept in `sizeLine`), else the chunk's bytes left. */
    let chunked = false;
    let chunkLeft = -1;
    let sizeLine = "";
    let done = false;
    const send = () => {
      headBytes = Buffer.alloc(0);
      sent = performance.now();
      socket.write(nextRequest());
    };
    const answered = () => {
      latencies.push(performance.now() - sent);
      if (status < 200 || status >= 300) failed();
      if (performance.now() < until) send();
      else {
        done = true;
        socket.end();
        resolve();
      }
    };
    /** Bytes of a chunked body from `at`; true once its last (empty) chunk and the final CRLF are read. */
    const readChunked = (data: Buffer, at: number): boolean => {
      while (at < data.length) {
        if (chunkLeft < 0) {
          const lineEnd = data.indexOf(10, at);
          if (lineEnd < 0) {
            sizeLine += data.toString("latin1", at);
            return false;
          }
          sizeLine += data.toString("latin1", at, lineEnd);
          at = lineEnd + 1;
          const size = Number.parseInt(sizeLine.trim(), 16);
          sizeLine = "";
          // The last chunk: its empty line (no trailers are sent here) ends the body.
          chunkLeft = size === 0 ? -2 : size + 2;
          if (chunkLeft === -2) {
            remaining = 2;
            chunked = false;
            return readSized(data, at);
          }
        } else {
          const take = Math.min(chunkLeft, data.length - at);
          chunkLeft -= take;
          at += take;
          if (chunkLeft === 0) chunkLeft = -1;
        }
      }
      return false;
    };
    const readSized = (data: Buffer, at: number): boolean => {
      remaining -= data.length - at;
      return remaining <= 0;
    };
    const onData = (data: Buffer) => {
      let at = 0;
      if (headBytes) {
        const joined: Buffer = headBytes.length === 0 ? data : Buffer.concat([headBytes, data]);
        const end = joined.indexOf("\r\n\r\n");
        if (end < 0) {
          // A head split across reads: kept as a copy, the read buffer is used again.
          headBytes = Buffer.from(joined);
          return;
        }
        const text = joined.toString("latin1", 0, end).toLowerCase();
        status = Number(text.slice(9, 12));
        chunked = /\r\ntransfer-encoding:[^\r]*chunked/.test(text);
        const length = /\r\ncontent-length:\s*(\d+)/.exec(text);
        remaining = length ? Number(length[1]) : 0;
        chunkLeft = -1;
        sizeLine = "";
        headBytes = null;
        data = joined;
        at = end + 4;
      }
      if (chunked ? readChunked(data, at) : readSized(data, at)) answered();
    };
    // Every read lands in this one buffer (`onread`): no Buffer per read, so a 31 KB answer 15,000 times a
    // second leaves the generator no garbage to collect, whose pauses had set its own loop 4-5 ms late at p99.
    const readBuffer = Buffer.allocUnsafe(256 * 1024);
    const open = () => {
      socket = connect({
        host: target.hostname,
        port: Number(target.port),
        onread: {
          buffer: readBuffer,
          callback: (length) => {
            onData(readBuffer.subarray(0, length));
            return true;
          },
        },
      });
      socket.setNoDelay(true);
      socket.on("connect", send);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        if (done) return;
        failed();
        if (performance.now() < until) open();
        else resolve();
      });
    };
    open();
  });
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux everywhere that matters). */
const TICKS = 100;

/** CPU seconds a process has used, with those of its children that ended (Linux /proc). */
function cpuOf(pid: number): { own: number; children: number; parent: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's closing parenthesis; the command itself may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return { own: (utime! + stime!) / TICKS, children: (cutime! + cstime!) / TICKS, parent: Number(fields[1]) };
}

/**
 * CPU seconds used so far by the processes `pids` and everything under them (a server and its database's
 * backends, which come and go): a figure that, unlike requests per second, barely depends on what else the
 * machine runs meanwhile. Linux only; 0 where /proc is missing.
 */
export function cpuSeconds(pids: readonly number[]): number {
  if (!existsSync("/proc/self/stat")) return 0;
  const parents = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = cpuOf(Number(name)).parent;
      parents.set(parent, [...(parents.get(parent) ?? []), Number(name)]);
    } catch {
      // Ended between the listing and the read.
    }
  }
  let total = 0;
  // A child that ends moves its time into its parent's "children" figure: counting both for every process
  // of the tree keeps the total steady across it.
  const visit = (pid: number) => {
    try {
      const cpu = cpuOf(pid);
      total += cpu.own + cpu.children;
    } catch {
      return;
    }
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  for (const pid of pids) visit(pid);
  return total;
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

/** Forks `script --serve DATA_DIR` in `cwd` and waits for the port it listens on. */
async function startServer(
  script: string,
  cwd: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(script, ["--serve", dataDir], { cwd, execArgv: process.execArgv, env: { ...process.env, ...env } });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`bench server (${cwd}) exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * The same script of an older commit, checked out into a temporary folder (with this checkout's
 * node_modules), so a change can be measured side by side with the code before it on the same machine in
 * the same run. `ref` is any commit git knows.
 */
async function checkoutBaseline(scriptUrl: string, ref: string): Promise<{ script: string; cwd: string }> {
  const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
  const commit = execFileSync("git", ["rev-parse", "--short", `${ref}^{commit}`], { cwd: root, encoding: "utf8" }).trim();
  const cwd = join(tmpdir(), `bench-baseline-${commit}`);
  if (!existsSync(join(cwd, "package.json"))) {
    await mkdir(cwd, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C ${JSON.stringify(cwd)}`], { cwd: root });
    await symlink(join(root, "node_modules"), join(cwd, "node_modules"));
  }
  return { script: join(cwd, relative(root, fileURLToPath(scriptUrl))), cwd };
}

export interface Targets {
  /** This checkout's server. */
  base: string;
  /** The process id of the server at `base` (one this harness started). */
  pidOf(base: string): number;
  /** The baseline commit's server, when the benchmark asked for one. */
  baseline?: { base: string; commit: string };
  /** Starts another server of this checkout with these environment variables added; stopped with the rest. */
  another(env: Record<string, string>): Promise<string>;
}

/**
 * Runs a benchmark script: as the child (`--serve DATA_DIR`) it serves, as the parent it forks the child
 * on a temporary data directory (and, with `baseline`, the same script of that commit on another) and runs
 * `bench` against them.
 */
export function runBenchmark(
  scriptUrl: string,
  serve: (dataDir: string) => Promise<void>,
  bench: (targets: Targets) => Promise<boolean>,
  options: { baseline?: string } = {},
): void {
  const fail = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  if (process.argv[2] === "--serve") {
    serve(process.argv[3]!).catch(fail);
    return;
  }
  (async () => {
    const dataDirs: string[] = [];
    const children: ChildProcess[] = [];
    const pids = new Map<string, number>();
    const server = async (script: string, cwd: string, env?: Record<string, string>) => {
      const dataDir = await mkdtemp(join(tmpdir(), "bench-"));
      dataDirs.push(dataDir);
      const started = await startServer(script, cwd, dataDir, env);
      children.push(started.child);
      pids.set(started.base, started.child.pid!);
      return started.base;
    };
    try {
      const script = fileURLToPath(scriptUrl);
      const targets: Targets = {
        base: await server(script, process.cwd()),
        pidOf: (base) => pids.get(base)!,
        another: (env) => server(script, process.cwd(), env),
      };
      if (options.baseline) {
        const { script, cwd } = await checkoutBaseline(scriptUrl, options.baseline);
        targets.baseline = { base: await server(script, cwd), commit: options.baseline };
      }
      const ok = await bench(targets);
      console.log(ok ? "\nGoals met." : "\nGoals NOT met.");
      process.exitCode = ok ? 0 : 1;
    } finally {
      for (const child of children) child.kill();
      for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
    }
  })().catch(fail);
}
