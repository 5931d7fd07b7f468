/**
 * `npm run bench:web`: the mini-app as a customer's phone gets it. Builds for production, starts the store
 * (`NODE_ENV=production`, a fresh demo database with its pictures, mail to a local SMTP server), and runs
 * Lighthouse 12 (mobile preset: a Moto G class phone, slow 4G, 4× CPU slowdown, simulated) in Debian's
 * Chromium on five pages, BENCH_WEB_RUNS (default 3) runs each, a cold HTTP cache every run:
 *
 *   home, first visit   nothing stored: the age gate over the list
 *   home                a returning adult (age confirmed)
 *   product             a product page, same visitor
 *   cart, two lines     signed in, a chosen shop and two lines in the cart (as the cart store persists them)
 *   order               a placed order's page, signed in
 *
 * Prints the median of each figure, the entry's gzipped size, and whether issue 16's targets are met
 * (exit code 1 when not): performance ≥ 95, accessibility 100, best practices 100, LCP ≤ 2.5 s, CLS ≤ 0.05.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { signInitData } from "../server/services/telegramInitData";
import { BENCH_BOT_TOKEN } from "./benchHarness";
import { mainCatalogue } from "./bench-web-catalogue";
import { kB, measureEntry } from "./check-entry";

const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** Any well-formed token: the store only checks the launch data the bench signs with it. */
const BOT_TOKEN = BENCH_BOT_TOKEN;

const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, lcpMs: 2500, cls: 0.05 };

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

interface Audit {
  name: string;
  path: string;
  /** localStorage of the origin before the run (null: nothing stored, a first visit). */
  storage: Record<string, string> | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function startSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The store as `NODE_ENV=production npm start` runs it, on a fresh DATA_DIR with the demo catalogue. */
async function startStore(dataDir: string, smtpUrl: string, seedDemo = true): Promise<{ base: string; child: ChildProcess }> {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    SEED_DEMO: seedDemo ? "true" : "false",
    SMTP_URL: smtpUrl,
    BOT_TOKEN,
    BOT_MODE: "off",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the store did not listen within 120 s:\n${output}`)), 120_000);
    child.once("exit", () => clearTimeout(timer));
    child.stdout!.on("data", () => {
      const match = /Store is running: http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`the store exited (${code}) before it listened:\n${output}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** Chromium with a DevTools port for Lighthouse, headless as the tech notes say. */
async function startChromium(profileDir: string): Promise<{ port: number; child: ChildProcess }> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium is missing at ${CHROME_PATH}: apt-get install -y chromium (or set CHROME_PATH)`);
  const child = spawn(
    CHROME_PATH,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--remote-debugging-port=0",
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const portFile = join(profileDir, "DevToolsActivePort");
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (existsSync(portFile)) {
      const port = Number((await readFile(portFile, "utf8")).split("\n")[0]);
      if (port > 0) return { port, child };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("Chromium did not open its DevTools port");
}

async function api<T>(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const answer = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!answer.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

interface ListedProduct {
  id: number;
  name: string;
  /** shop id → option id → amount */
  stock: Record<string, unknown>;
}

/** A signed-in customer (a Telegram sign-in, as the mini-app makes it), a cart of two lines and a placed order. */
async function prepareCustomer(base: string) {
  const initData = signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: 7_160_001, first_name: "Bench" }) },
    BOT_TOKEN,
  );
  const { token } = await api<{ token: string }>(base, "/api/auth/telegram", { method: "POST", body: { initData } });
  const { products } = await api<{ products: ListedProduct[] }>(base, "/api/products");
  const shopId = Number(Object.keys(products[0]!.stock)[0]);
  const two = products.filter((p) => String(shopId) in p.stock).slice(0, 2);
  if (two.length < 2) throw new Error("the demo catalogue has no shop holding two products");
  const items = two.map((p) => ({ product_id: p.id, option_id: 0, amount: 1 }));
  const { order } = await api<{ order: { id: number } }>(base, "/api/orders", {
    method: "POST",
    token,
    headers: { "idempotency-key": `bench-web-${Date.now()}` },
    body: { shop_id: shopId, items, delivery_option: 1, payment_option: 1 },
  });
  const cart = {
    state: {
      lines: two.map((p) => ({ id: p.id, picked_option: "0", amount: 1 })),
      settings: { delivery_option: 1, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
      placement: null,
    },
    version: 2,
  };
  return {
    productId: two[0]!.id,
    orderId: order.id,
    signedIn: {
      year_confirm_fr: "1",
      token,
      chosen_shop: JSON.stringify({ state: { chosenShopId: shopId }, version: 1 }),
      cart: JSON.stringify(cart),
    },
  };
}

/** Puts the origin's localStorage as `storage` says, through a page of the same browser profile Lighthouse uses. */
async function setStorage(port: number, base: string, storage: Record<string, string> | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    // A JSON 404 of the same origin: storage is per origin, and the app itself must not run here.
    await page.goto(`${base}/api/bench-web-storage`);
    await page.evaluate((entries) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const [key, value] of Object.entries(entries ?? {})) localStorage.setItem(key, value);
    }, storage);
    await page.close();
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  figures: Figures;
  /** Audits of the accessibility and best-practices categories that did not pass. */
  failed: string[];
}

async function runLighthouse(
  port: number,
  url: string,
  categories: string[] = ["performance", "accessibility", "best-practices"],
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed: string[] = [];
  for (const id of ["accessibility", "best-practices"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failed.push(`${id}: ${ref.id} (${audit.title})${DETAILS ? `\n    ${detailsOf(audit.details).join("\n    ")}` : ""}`);
      }
    }
  }
  if (DETAILS) {
    for (const id of ["layout-shifts", "largest-contentful-paint-element", "render-blocking-resources", "long-tasks", "bootup-time"]) {
      const audit = lhr.audits[id];
      if (audit?.details) failed.push(`details: ${id}\n    ${detailsOf(audit.details).join("\n    ")}`);
    }
  }
  return {
    figures: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      fcpMs: value("first-contentful-paint"),
      lcpMs: value("largest-contentful-paint"),
      tbtMs: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      bytes: value("total-byte-weight"),
    },
    failed,
  };
}

/** BENCH_WEB_DETAILS=1: which elements an audit found (for working on a page, not for the record). */
const DETAILS = process.env.BENCH_WEB_DETAILS === "1";

function detailsOf(details: unknown): string[] {
  const lines: string[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (record.type === "node" && typeof record.snippet === "string") {
      lines.push(`${String(record.selector ?? "")} ${record.snippet.slice(0, 160)}`);
      return;
    }
    if (typeof record.url === "string" && typeof record.duration === "number") {
      lines.push(`${record.url} ${Math.round(record.duration)} ms at ${Math.round(Number(record.startTime ?? 0))} ms`);
    } else if (typeof record.url === "string" && typeof record.scripting === "number") {
      lines.push(`${record.url} scripting ${Math.round(record.scripting)} ms`);
    } else if (typeof record.url === "string" && (record.type === "url" || "wastedMs" in record || "totalBytes" in record))
      lines.push(record.url);
    for (const child of Object.values(record)) visit(child);
  };
  visit(details);
  return [...new Set(lines)].slice(0, 12);
}

function medianFigures(runs: Figures[]): Figures {
  const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    bytes: pick("bytes"),
  };
}

function meetsTargets(f: Figures): boolean {
  return (
    f.performance >= TARGETS.performance &&
    f.accessibility >= TARGETS.accessibility &&
    f.bestPractices >= TARGETS.bestPractices &&
    f.lcpMs <= TARGETS.lcpMs &&
    f.cls <= TARGETS.cls
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function buildOnce(): void {
  if (process.env.BENCH_WEB_SKIP_BUILD === "1") return;
  console.log("building the mini-app for production…");
  const build = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--config", "webapp/vite.config.ts", "--logLevel", "warn"],
    {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (build.status !== 0) throw new Error("vite build failed");
}

async function main(): Promise<boolean> {
  buildOnce();
  const entry = measureEntry();

  const work = await mkdtemp(join(tmpdir(), "bench-web-"));
  const smtp = await startSmtp();
  let store: ChildProcess | undefined;
  let browser: ChildProcess | undefined;
  try {
    const started = await startStore(join(work, "data"), smtp.url);
    store = started.child;
    const { base } = started;
    const customer = await prepareCustomer(base);
    const chrome = await startChromium(join(work, "chrome"));
    browser = chrome.child;

    const returning = { year_confirm_fr: "1" };
    const only = process.env.BENCH_WEB_PAGES?.split(",");
    const audits: Audit[] = ([
      { name: "home, first visit", path: "/", storage: null },
      { name: "home", path: "/", storage: returning },
      { name: "product", path: `/products/${customer.productId}`, storage: returning },
      { name: "cart, two lines", path: "/orders", storage: customer.signedIn },
      { name: "order", path: `/order/${customer.orderId}`, storage: customer.signedIn },
    ] satisfies Audit[]).filter((audit) => !only || only.includes(audit.name));

    console.log(`\nLighthouse ${RUNS}× per page, mobile preset, ${base} (NODE_ENV=production)\n`);
    const rows: { audit: Audit; figures: Figures; failed: string[] }[] = [];
    for (const audit of audits) {
      const runs: LighthouseRun[] = [];
      for (let run = 1; run <= RUNS; run++) {
        await setStorage(chrome.port, base, audit.storage);
        const result = await runLighthouse(chrome.port, `${base}${audit.path}`);
        runs.push(result);
        const f = result.figures;
        console.log(
          `${audit.name} #${run}: perf ${f.performance}  a11y ${f.accessibility}  bp ${f.bestPractices}  FCP ${seconds(f.fcpMs)}  ` +
            `LCP ${seconds(f.lcpMs)}  TBT ${Math.round(f.tbtMs)} ms  CLS ${f.cls.toFixed(3)}  ${kB(f.bytes)}`,
        );
      }
      const failed = [...new Set(runs.flatMap((run) => run.failed))];
      rows.push({ audit, figures: medianFigures(runs.map((run) => run.figures)), failed });
    }

    console.log(`\nMedians of ${RUNS} runs:\n`);
    console.log("| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | transferred |");
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const { audit, figures: f } of rows) {
      console.log(
        `| ${audit.name} (\`${audit.path.replace(/\d+$/, "{id}")}\`) | ${f.performance} | ${f.accessibility} | ` +
          `${f.bestPractices} | ${seconds(f.fcpMs)} | ` +
          `${seconds(f.lcpMs)} | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${kB(f.bytes)} |`,
      );
    }
    console.log(
      `\nentry ${entry.entry}: ${kB(entry.gzip)} gzipped (${kB(entry.brotli)} brotli, ${kB(entry.raw)} raw); ` +
        `index.html loads ${entry.scripts.length} script(s)`,
    );
    for (const problem of entry.problems) console.log(`entry problem: ${problem}`);
    for (const { audit, failed } of rows) for (const line of failed) console.log(`${audit.name}: not passed in some run: ${line}`);

    const missed = rows.filter((row) => !meetsTargets(row.figures)).map((row) => row.audit.name);
    console.log(
      `\ntargets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}, ` +
        `LCP ≤ ${seconds(TARGETS.lcpMs)}, CLS ≤ ${TARGETS.cls}`,
    );
    console.log(
      missed.length === 0 && entry.problems.length === 0 ? "Targets met." : `Targets NOT met: ${[...missed, ...entry.problems].join("; ")}`,
    );
    return missed.length === 0 && entry.problems.length === 0;
  } finally {
    browser?.kill();
    store?.kill("SIGTERM");
    await new Promise((resolve) => (store && store.exitCode === null ? store.once("exit", resolve) : resolve(null)));
    await smtp.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** `--catalogue year`: the year catalogue beside the demo (scripts/bench-web-catalogue.ts); otherwise issue 16's five pages. */
function catalogueFlag(args: readonly string[]): "year" | null {
  const at = args.findIndex((arg) => arg === "--catalogue" || arg.startsWith("--catalogue="));
  if (at < 0) return null;
  const value = args[at]!.includes("=") ? args[at]!.split("=")[1] : args[at + 1];
  if (value !== "year") {
    console.error(`--catalogue takes "year" (got "${value ?? ""}")\nUsage: npm run bench:web [-- --catalogue year]`);
    process.exit(64);
  }
  return "year";
}

const catalogue = catalogueFlag(process.argv.slice(2));
(catalogue === "year"
  ? mainCatalogue({ buildOnce, startSmtp, startStore, startChromium, setStorage, runLighthouse })
  : main()
).then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
