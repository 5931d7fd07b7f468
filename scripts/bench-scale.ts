/**
 * `npm run bench:scale` (issue 23): every read a screen makes, and placing, taking and finishing an order, over
 * real HTTP against the real server process (`node dist/server/start.mjs`, as `npm start` runs it), on a year of
 * data and on the demo database in the same run, endpoint by endpoint side by side (year, then demo, the same
 * seconds each; the demo first gets 100 orders of its customer in every status, so its lists show a full page
 * too). Prints one table of p50 and p99 at 10 connections and the year/demo ratio, the server's
 * resident memory after the bench, and exits 1 over budget:
 * - every read: p99 ≤ max(2 × its demo p99, 5 ms) and ≤ 50 ms; statistics and the CSV of the whole year ≤ 500 ms;
 * - placement (and take and finish) p99 ≤ 50 ms;
 * - the year server's RSS after the bench ≤ 300 MB.
 *
 * The year database: `--db PATH` (a SQLite file; the bench works on a copy), or made by `npm run seed:year` with
 * `--orders N` (default 1,000,000), `--customers`, `--products`, `--seed` and cached in the system's temporary
 * folder under a name made of those parameters, so a second run starts at once. `BENCH_SECONDS` per endpoint and
 * database (default 3), `BENCH_CONNECTIONS` (default 10). A read's seconds are `BENCH_READ_ROUNDS` (default 3)
 * interleaved rounds, year then demo, and its p99 is the median of its rounds' p99s (as bench:orders takes the
 * median of rounds): on this shared 2-core machine one second in which the scheduler, not the store, made the
 * tail moved a single 3-second p99 of a 1–5 ms read by half (the product list: 4.0 ms in one run, 6.3 in the next).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type autocannon from "autocannon";
import { sql } from "kysely";
import { openDatabase } from "../db/connection";
import { BENCH_BOT_TOKEN, load, loadGets, median, placementRequests, type Run } from "./benchHarness";
import { signInitData } from "../server/services/telegramInitData";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BOT_TOKEN = BENCH_BOT_TOKEN;
const METRICS_TOKEN = "bench-scale-metrics-token";
/** `--only home`: only the rows whose name holds this (quick runs while working on one read). */
const ONLY = flag("--only");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const READ_ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_TG = 990_000_001;
/** Telegram ids for roles a database has nobody for (the demo has no customers). */
const FALLBACK_TG = { customer: 990_000_002, referrer: 990_000_003, manager: 990_000_004 };
/** Customers the placements are spread over. */
const PLACERS = 200;

const BUDGET = { readMs: 50, readFloorMs: 5, readRatio: 2, yearStatsMs: 500, writeMs: 50, rssMb: 300 };

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function positive(name: string, fallback: number): number {
  const raw = flag(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive whole number (got "${raw}")`);
    process.exit(2);
  }
  return n;
}

const YEAR = {
  orders: positive("--orders", 1_000_000),
  customers: positive("--customers", 100_000),
  products: positive("--products", 500),
  seed: positive("--seed", 23),
};

/** The year database: the one given, or the cached one made by seed:year with these parameters. */
async function yearDatabase(): Promise<string> {
  const given = flag("--db");
  if (given === "postgres") {
    console.error("--db postgres is not measured by bench:scale yet: give a SQLite file or nothing");
    process.exit(2);
  }
  if (given) {
    if (!existsSync(given)) {
      console.error(`--db ${given}: no such file`);
      process.exit(2);
    }
    return given;
  }
  const dir = join(tmpdir(), "storefront-year");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `year-o${YEAR.orders}-c${YEAR.customers}-p${YEAR.products}-s${YEAR.seed}.sqlite`);
  if (existsSync(file)) {
    console.log(`year database: ${file} (cached)`);
    return file;
  }
  const work = join(dir, `making-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  console.log(`year database: making ${file} with npm run seed:year (once; later runs reuse it)`);
  const started = Date.now();
  const args = ["run", "seed:year", "--", "--orders", String(YEAR.orders), "--customers", String(YEAR.customers)];
  args.push("--products", String(YEAR.products), "--seed", String(YEAR.seed));
  const seeded = spawnSync("npm", args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, DATA_DIR: work, DATABASE_URL: "" } });
  if (seeded.status !== 0) throw new Error(`seed:year failed (exit ${seeded.status})`);
  await checkpoint(join(work, "store.sqlite"));
  renameSync(join(work, "store.sqlite"), file);
  rmSync(work, { recursive: true, force: true });
  console.log(`year database made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return file;
}

/** Folds the WAL into the file, so the file alone is the whole database. */
async function checkpoint(file: string): Promise<void> {
  const db = openDatabase(file);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  await db.destroy();
}

interface Roles {
  customerTg: number;
  referrerTg: number;
  managerTg: number;
  /** The busiest shop's id. */
  shopId: number;
  /** Whether the manager already staffs the shop (else the admin grants it over HTTP). */
  managerStaffs: boolean;
}

/**
 * Prepares a copy of a database for the bench: stock that lasts the placements, and who plays which role (the
 * customer with the most orders, the partner with the most referrals, the manager who handled most orders of the
 * busiest shop), giving a Telegram id to whoever has none. Setup queries: they may read whole tables.
 */
async function prepare(file: string): Promise<Roles> {
  const db = openDatabase(file);
  try {
    await sql`update stock set amount = 1000000000`.execute(db);
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];
    const telegramOf = async (userId: number | undefined, fallback: number) => {
      if (userId === undefined) return fallback;
      const row = (await one(sql<{ telegram_id: number | null }>`select telegram_id from users where id = ${userId}`))!;
      if (row.telegram_id !== null) return row.telegram_id;
      await sql`update users set telegram_id = ${fallback} where id = ${userId}`.execute(db);
      return fallback;
    };
    const shop =
      (await one(sql<{ shop_id: number }>`select shop_id from orders group by shop_id order by count(*) desc limit 1`))?.shop_id ??
      (await one(sql<{ id: number }>`select id from shops where id <> 1 and is_deleted = 0 order by id limit 1`))!.id;
    const customer = (await one(sql<{ user_id: number }>`select user_id from orders group by user_id order by count(*) desc limit 1`))
      ?.user_id;
    const referrer = (
      await one(sql<{ partner_id: number }>`select partner_id from referrals group by partner_id order by count(*) desc limit 1`)
    )?.partner_id;
    const manager = (
      await one(
        sql<{ user_id: number }>`select st.user_id from shop_staff st
          left join orders o on o.manager_id = st.user_id and o.shop_id = st.shop_id
          where st.shop_id = ${shop} group by st.user_id order by count(o.id) desc limit 1`,
      )
    )?.user_id;
    return {
      customerTg: await telegramOf(customer, FALLBACK_TG.customer),
      referrerTg: await telegramOf(referrer, FALLBACK_TG.referrer),
      managerTg: await telegramOf(manager, FALLBACK_TG.manager),
      shopId: shop,
      managerStaffs: manager !== undefined,
    };
  } finally {
    await db.destroy();
  }
}

interface Server {
  base: string;
  child: ChildProcess;
  dataDir: string;
}

/** `node dist/server/start.mjs` on a data folder (its database: `store.sqlite` in it). */
async function startServer(name: string, dataDir: string): Promise<Server> {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: "0",
    HOST: "127.0.0.1",
    BOT_TOKEN,
    BOT_MODE: "off",
    ADMIN_TELEGRAM_IDS: String(ADMIN_TG),
    LOG_LEVEL: "warn",
    WEBAPP_DIR: join(dataDir, "no-webapp"),
    MAX_OPEN_ORDERS: "1000000000",
    RATE_LIMIT_WRITES_PER_MINUTE: "1000000000",
    RATE_LIMIT_SIGNINS_PER_MINUTE: "1000000000",
    // As `npm start` runs it (docs/performance.md "A year of data": memory).
    MALLOC_ARENA_MAX: "2",
    // For the memory breakdown after the bench (the heap, buffers and the rest of the RSS).
    METRICS_TOKEN,
  };
  // BENCH_PROFILE_DIR: each server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${join(process.env.BENCH_PROFILE_DIR, name)}`] : [];
  const child = spawn(process.execPath, [...profile, "dist/server/start.mjs"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Store is running: http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once("exit", (code) => reject(new Error(`the ${name} server exited with ${code}: ${out}`)));
  });
  child.stdout!.resume();
  return { base, child, dataDir };
}

/** Where the RSS is, from the server's own /metrics (prom-client's process and V8 figures), in MB. */
async function memoryOf(server: Server): Promise<string> {
  const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const mb = (name: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${name} `));
    return line ? Math.round(Number(line.split(" ")[1]) / 1048576) : NaN;
  };
  const heap = `heap ${mb("nodejs_heap_size_used_bytes")} used of ${mb("nodejs_heap_size_total_bytes")}`;
  return `${heap}, external ${mb("nodejs_external_memory_bytes")}`;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : 0;
}

async function call<T>(base: string, path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function signIn(base: string, telegramId: number, name = "Bench"): Promise<string> {
  const user = JSON.stringify({ id: telegramId, first_name: name });
  const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user }, BOT_TOKEN);
  return (await call<{ token: string }>(base, "/api/auth/telegram", null, { method: "POST", body: { initData } })).token;
}

interface Target {
  name: string;
  /** What budget applies: a screen's read, the whole year's statistics, a write. */
  kind: "read" | "year-stats" | "write";
  /** A function for runs whose requests depend on what the runs before made. */
  options: autocannon.Options | (() => autocannon.Options);
  /** Reads only: several paths asked in turn instead of `options.url` (the searches). */
  paths?: string[];
}

/** The same order on every run (a fixed seed), not the catalogue's: typed starts of one word are not asked together. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 23;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const optionsOf = (t: Target) => (typeof t.options === "function" ? t.options() : t.options);

/**
 * The demo database's first day: the bench's customer places orders at the shop its manager staffs, and they end
 * in every status (new, taken, done, canceled), so each list of the demo has a full page to show, as the year's
 * has: the two sides then compare the same screens, not a full page with an empty one.
 */
async function firstDay(base: string, shop: number, customer: string, manager: string): Promise<void> {
  const { products } = await call<{ products: { id: number }[] }>(base, `/api/products?stock_id=${shop}`, null);
  const items = products.slice(0, 2).map((p) => ({ product_id: p.id, option_id: 0, amount: 1 }));
  const ids: number[] = [];
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${base}/api/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${customer}`, "content-type": "application/json", "idempotency-key": `first-day-${i}` },
      body: JSON.stringify({ shop_id: shop, items, delivery_option: 1, payment_option: 1 }),
    });
    if (res.status !== 201) throw new Error(`placing the first day's orders: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { order: { id: number } }).order.id);
  }
  for (const id of ids.slice(0, 50)) await call(base, `/api/staff/orders/${id}/take`, manager, { method: "POST", body: {} });
  for (const id of ids.slice(0, 25)) await call(base, `/api/staff/orders/${id}/finish`, manager, { method: "POST", body: { by: "cash" } });
  for (const id of ids.slice(75)) await call(base, `/api/orders/${id}/cancel`, customer, { method: "POST", body: {} });
}

/** Everything one server is measured on, with the ids found on its own database. */
async function targetsOf(
  server: Server,
  roles: Roles,
  { fill }: { fill: boolean },
): Promise<{ reads: Target[]; writes: () => Promise<Target[]> }> {
  const base = server.base;
  const admin = await signIn(base, ADMIN_TG, "Admin");
  const customer = await signIn(base, roles.customerTg, "Customer");
  const referrer = await signIn(base, roles.referrerTg, "Referrer");
  const manager = await signIn(base, roles.managerTg, "Manager");
  if (!roles.managerStaffs) {
    const grant = { telegram_id: roles.managerTg, role: "manager" };
    await call(base, `/api/admin/shops/${roles.shopId}/staff`, admin, { method: "POST", body: grant });
  }
  if (fill) await firstDay(base, roles.shopId, customer, manager);
  const get = (name: string, path: string, token: string | null, kind: Target["kind"] = "read"): Target => ({
    name,
    kind,
    // As the mini-app asks (every browser sends Accept-Encoding): a year's product list is 500 products, and its
    // bytes, not the database, would be what a read without compression measures.
    options: { url: `${base}${path}`, headers: { "accept-encoding": "br, gzip", ...(token ? { authorization: `Bearer ${token}` } : {}) } },
  });
  const { products } = await call<{ products: { id: number; name: string }[] }>(base, "/api/products", null);
  const productId = products[0]!.id;
  // Searches with the words of the listed products' names, in lower case, asked in turn: each whole word; each
  // as it is typed, from its third letter on (more questions than the catalogue keeps answers for, so most are
  // ranked afresh); each of five letters or more with its third letter missing (one typo).
  const words = [...new Set(products.flatMap((p) => p.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3))];
  const typed = words.flatMap((w) => Array.from({ length: w.length - 2 }, (_, i) => w.slice(0, i + 3)));
  const typos = words.filter((w) => w.length >= 5).map((w) => w.slice(0, 2) + w.slice(3));
  const searches = (name: string, qs: string[]): Target => ({
    ...get(`${name} (${qs.length} in turn)`, "/api/products", null),
    paths: shuffled(qs).map((q) => `/api/products?q=${encodeURIComponent(q)}`),
  });
  // Order list pages: the first and the fourth (three cursors on).
  let cursor: string | null = null;
  let page = "/api/orders?limit=20";
  for (let i = 0; i < 3; i++) {
    const answer: { orders: { id: number }[]; next_cursor: string | null } = await call(base, page, customer);
    cursor = answer.next_cursor;
    if (cursor === null) break;
    page = `/api/orders?limit=20&cursor=${encodeURIComponent(cursor)}`;
  }
  const firstPage = await call<{ orders: { id: number }[] }>(base, "/api/orders?limit=20", customer);
  const stats = await call<{ days: { date: string; sales: number }[] }>(base, "/api/admin/stats", admin);
  const busiest = stats.days.reduce((a, d) => (d.sales > a.sales ? d : a), stats.days[0] ?? { date: "2026-11-27", sales: 0 });
  const day = busiest.date;
  const month = day.slice(0, 7);
  const monthEnd = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const shop = roles.shopId;
  const reads: Target[] = [
    get("home: product list", "/api/products", null),
    searches("home: search, words of product names", words),
    searches("home: search as typed", typed),
    searches("home: search with a typo", typos),
    get("a product", `/api/products/${productId}`, null),
    get("cabinet: me", "/api/me", customer),
    get("cabinet: partner figures", "/api/partner", customer),
    get("cabinet: wishlist", "/api/wishlist", customer),
    get("orders: first page", "/api/orders?limit=20", customer),
    get("orders: fourth page", page, customer),
    ...(firstPage.orders[0] ? [get("an order", `/api/orders/${firstPage.orders[0].id}`, customer)] : []),
    get("bonus history (top referrer)", "/api/partner/ledger?limit=20", referrer),
    get("bonus incomes (top referrer)", "/api/partner/ledger?type=income&limit=20", referrer),
    get("referral list (top referrer)", "/api/partner/referrals?limit=20", referrer),
    get("partner figures (top referrer)", "/api/partner", referrer),
    get("manager: sales summary", "/api/staff/sales/summary", manager),
    get("manager: new orders", "/api/staff/orders?status=N&limit=20", manager),
    get("manager: in progress", "/api/staff/orders?status=W&limit=20", manager),
    get("manager: done", "/api/staff/orders?status=S&limit=20", manager),
    get("manager: canceled", "/api/staff/orders?status=C&limit=20", manager),
    get("manager: sales new (busiest shop)", `/api/staff/sales?filter=new&shop_id=${shop}&limit=20`, manager),
    get("manager: sales done (busiest shop)", `/api/staff/sales?filter=done&shop_id=${shop}&limit=20`, manager),
    get("manager: my sales done", "/api/staff/sales?filter=done&mine=true&limit=20", manager),
    get("admin: products", "/api/admin/products", admin),
    get("admin: stock history", `/api/admin/stock/history?product_id=${productId}&limit=20`, admin),
    get("admin: shop staff", `/api/admin/shops/${shop}/staff`, admin),
    get("admin: statistics, a day", `/api/admin/stats?from=${day}&to=${day}`, admin),
    get("admin: statistics, a month", `/api/admin/stats?from=${month}-01&to=${monthEnd}`, admin),
    get("admin: statistics, a month, one shop", `/api/admin/stats?from=${month}-01&to=${monthEnd}&shop_id=${shop}`, admin),
    get("admin: statistics, the whole year", "/api/admin/stats", admin, "year-stats"),
    get("admin: statistics CSV, the whole year", "/api/admin/stats.csv", admin, "year-stats"),
  ];

  /** Placement, then taking and finishing the orders it placed: each run works on what the one before made. */
  const writes = async (): Promise<Target[]> => {
    const tokens: string[] = [];
    for (let i = 0; i < PLACERS; i++) tokens.push(await signIn(base, 995_000_000 + i, "Placer"));
    const atShop = await call<{ products: { id: number }[] }>(base, `/api/products?stock_id=${shop}`, null);
    const items = atShop.products.slice(0, 2).map((p) => ({ product_id: p.id, option_id: 0, amount: 1 }));
    const body = JSON.stringify({ shop_id: shop, items, delivery_option: 1, payment_option: 1 });
    const placed: number[] = [];
    const taken: number[] = [];
    const place: Target = {
      name: "place an order",
      kind: "write",
      options: placementRequests(base, body, tokens, "scale", (status, answer) => {
        if (status === 201) placed.push((JSON.parse(answer) as { order: { id: number } }).order.id);
      }),
    };
    /**
     * Each request acts on the next order of `from` and, answered 200, hands it to `to`; a run makes as many
     * requests as `from` has orders left, so no request finds its order gone.
     */
    const move = (name: string, action: "take" | "finish", from: number[], to: number[] | null): Target => {
      let next = 0;
      return {
        name,
        kind: "write",
        options: () => ({
          url: `${base}/api/staff/orders/0/${action}`,
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
          body: action === "finish" ? JSON.stringify({ by: "cash" }) : "{}",
          amount: Math.max(1, from.length - next),
          requests: [
            {
              setupRequest: (req, context) => {
                const id = from[next++] ?? 0;
                (context as { id?: number }).id = id;
                return { ...req, path: `/api/staff/orders/${id}/${action}` };
              },
              onResponse: (status, _answer, context) => {
                if (status === 200 && to) to.push((context as { id: number }).id);
              },
            },
          ],
        }),
      };
    };
    return [place, move("take an order", "take", placed, taken), move("finish an order", "finish", taken, null)];
  };
  return { reads, writes };
}

interface Row {
  name: string;
  kind: Target["kind"];
  year: Run[];
  demo: Run[];
}

/** Each round's p99, and the median the verdict takes: "4.1/3.9/6.2 → 4.1". */
const p99s = (runs: Run[]) =>
  runs.length === 1 ? `${runs[0]!.p99}` : `${runs.map((r) => r.p99).join("/")} → ${median(runs.map((r) => r.p99))}`;
const sum = (runs: Run[], key: "non2xx" | "count") => runs.reduce((total, r) => total + r[key], 0);

function verdict(row: Row): { ok: boolean; goal: string } {
  const yearP99 = median(row.year.map((r) => r.p99));
  const demoP99 = median(row.demo.map((r) => r.p99));
  // A run that got no answer at all (the server stalled for the whole run) fails like errors do.
  const silent = [...row.year, ...row.demo].some((r) => r.count === 0);
  const errors = row.year.reduce((a, r) => a + r.non2xx, 0) + row.demo.reduce((a, r) => a + r.non2xx, 0) + (silent ? 1 : 0);
  if (row.kind === "year-stats") return { ok: yearP99 <= BUDGET.yearStatsMs && errors === 0, goal: `≤ ${BUDGET.yearStatsMs} ms` };
  if (row.kind === "write") return { ok: yearP99 <= BUDGET.writeMs && errors === 0, goal: `≤ ${BUDGET.writeMs} ms` };
  const limit = Math.min(BUDGET.readMs, Math.max(BUDGET.readRatio * demoP99, BUDGET.readFloorMs));
  return { ok: yearP99 <= limit && errors === 0, goal: `≤ ${limit} ms` };
}

async function main(): Promise<void> {
  // Always compiled afresh (a second or two): a dist/server left by an earlier build would measure old code.
  const tsx = join(ROOT, "node_modules/tsx/dist/cli.mjs");
  execFileSync(process.execPath, [tsx, "scripts/build-server.ts"], { cwd: ROOT, stdio: "inherit" });
  const yearFile = await yearDatabase();
  const work = await mkdtemp(join(tmpdir(), "bench-scale-"));
  const servers: Server[] = [];
  try {
    const yearDir = join(work, "year");
    mkdirSync(yearDir);
    const yearCopy = join(yearDir, "store.sqlite");
    copyFileSync(yearFile, yearCopy);
    const demoDir = join(work, "demo");
    mkdirSync(demoDir);
    const seeded = spawnSync(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/seed.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: demoDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    if (seeded.status !== 0) throw new Error(`the demo seed failed: ${seeded.stderr}`);
    const demoCopy = join(demoDir, "store.sqlite");
    await checkpoint(demoCopy);
    const roles = { year: await prepare(yearCopy), demo: await prepare(demoCopy) };
    const year = await startServer("year", yearDir);
    servers.push(year);
    const demo = await startServer("demo", demoDir);
    servers.push(demo);
    // The roll-up is rebuilt at start when the seed wrote the orders; the first statistics read waits for it.
    const started = Date.now();
    const targets = {
      year: await targetsOf(year, roles.year, { fill: false }),
      demo: await targetsOf(demo, roles.demo, { fill: true }),
    };
    console.log(`setup (sign-ins, the statistics' roll-up, ids): ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `${SECONDS}s per endpoint and database (reads in ${READ_ROUNDS} rounds), ${CONNECTIONS} connections, year then demo side by side\n`,
    );

    const rows: Row[] = [];
    const measure = async (y: Target, d: Target) => {
      // Reads with Node's own client (it never decodes the bodies, loadGets), writes with autocannon's
      // per-request bodies and answers.
      const runFor = (t: Target, duration: number) => {
        const options = optionsOf(t);
        return t.kind === "write"
          ? load({ connections: CONNECTIONS, duration, ...options })
          : loadGets({
              url: t.paths ? t.paths.map((path) => new URL(path, String(options.url)).href) : String(options.url),
              headers: options.headers as Record<string, string>,
              connections: CONNECTIONS,
              duration,
            });
      };
      // A short warm-up of each (the JIT, the page cache, the catalogue's snapshot); not of take and finish,
      // whose orders are counted.
      if (typeof y.options !== "function") {
        await runFor(y, 1);
        await runFor(d, 1);
      }
      const row: Row = { name: y.name, kind: y.kind, year: [], demo: [] };
      // Writes once (take and finish work on the orders the placement before them made), reads in rounds.
      const rounds = y.kind === "write" ? 1 : READ_ROUNDS;
      for (let round = 0; round < rounds; round++) {
        row.year.push(await runFor(y, SECONDS / rounds));
        row.demo.push(await runFor(d, SECONDS / rounds));
      }
      rows.push(row);
      const v = verdict(row);
      console.log(
        `${v.ok ? "ok  " : "OVER"} ${y.name}: year p99 ${p99s(row.year)} ms, demo p99 ${p99s(row.demo)} ms` +
          (sum(row.year, "non2xx") + sum(row.demo, "non2xx") > 0
            ? ` (${sum(row.year, "non2xx")} + ${sum(row.demo, "non2xx")} errors)`
            : "") +
          ` (${sum(row.year, "count")} + ${sum(row.demo, "count")} answers)`,
      );
    };
    for (const [i, y] of targets.year.reads.entries()) {
      if (ONLY && !y.name.includes(ONLY)) continue;
      const d = targets.demo.reads.find((t) => t.name === y.name) ?? targets.demo.reads[i]!;
      await measure(y, d);
    }
    const writes = { year: await targets.year.writes(), demo: await targets.demo.writes() };
    for (const [i, y] of writes.year.entries()) if (!ONLY || y.name.includes(ONLY)) await measure(y, writes.demo[i]!);

    const rss = { year: rssMb(year.child.pid!), demo: rssMb(demo.child.pid!) };
    console.log("\n| request | year p50 (ms) | year p99 (ms) | demo p50 (ms) | demo p99 (ms) | p99 year/demo | budget (year p99) | |");
    console.log("|---|---|---|---|---|---|---|---|");
    let ok = true;
    for (const row of rows) {
      const v = verdict(row);
      ok &&= v.ok;
      const m = (runs: Run[], k: "p50" | "p99") => median(runs.map((r) => r[k]));
      const ratio = m(row.year, "p99") / Math.max(0.5, m(row.demo, "p99"));
      console.log(
        `| ${row.name} | ${m(row.year, "p50")} | ${m(row.year, "p99")} | ${m(row.demo, "p50")} | ${m(row.demo, "p99")} | ` +
          `${ratio.toFixed(1)}× | ${v.goal} | ${v.ok ? "ok" : "**over**"} |`,
      );
    }
    const rssOk = rss.year <= BUDGET.rssMb;
    ok &&= rssOk;
    const rssVerdict = `budget ${BUDGET.rssMb} MB: ${rssOk ? "ok" : "OVER"}`;
    console.log(`\nserver RSS after the bench: year ${rss.year} MB (${rssVerdict}), demo ${rss.demo} MB`);
    console.log(`of which: year ${await memoryOf(year)}; demo ${await memoryOf(demo)}`);
    console.log(ok ? "\nBudgets met." : "\nBudgets NOT met.");
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const server of servers) {
      server.child.kill("SIGTERM");
      await new Promise((resolve) => (server.child.exitCode !== null ? resolve(null) : server.child.once("exit", resolve)));
    }
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
