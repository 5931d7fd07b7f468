/**
 * `npm run bench:batching` (issue 22, a feasibility measurement): what a placement would cost on PostgreSQL if
 * placements that arrive together were written together, as SQLite's group commit does, against what it costs today.
 * No HTTP: every target places in this process, 50 at a time, two-line pickup orders of the demo catalogue.
 *
 * - "PostgreSQL, one unit each": the store's own `placeOrder` (one transaction and ~12 statements a placement).
 * - "PostgreSQL, written together": NOT the store's code. A sketch of the set-based statements a batched placement
 *   would run: the placements queued in one turn of the event loop (up to 64) in one transaction of 9 statements
 *   (the customers' locks, their keys and open orders, the shop, the prices, the orders, their lines and events,
 *   the customers' notices, the staff to push, and every shelf's take with a history row per line), whatever the
 *   batch's size. It does the rows' work the store does for these orders (the same tables, indexes, foreign keys
 *   and triggers), but none of the store's rules in JavaScript, which the third line prices.
 * - "SQLite, one unit each": the store's `placeOrder` on SQLite (its group commit).
 *
 * Prints, per round and as medians, placements per second and the CPU each costs this process and the database's
 * processes (read from /proc: what the machine's other work barely moves), and at the end checks that the batched
 * writes wrote every order, line, event, notice and history row and took the stock they should.
 * Settings: BENCH_ROUNDS (5), BENCH_SECONDS (4).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { cpuSeconds, median, ROUNDS, SECONDS } from "./benchHarness";
import { startPostgresServer } from "./postgresServer";

/** Placements in flight at once, as the order bench's connections. */
const AT_ONCE = 50;
/** Placements written in one batched transaction at most, and batches in flight at once. */
const BATCH_MAX = 64;
const BATCHES_AT_ONCE = 2;
const CUSTOMERS = 500;

const { migrateToLatest, openDatabase, openPostgres } = await import("../db/connection");
const { seedDemo } = await import("../db/seed/demo");
const { loadConfig } = await import("../server/config");
const { createLogger } = await import("../server/log");
const { createServices } = await import("../server/services/index");
const { WAREHOUSE_SHOP_ID } = await import("../server/domain/constants");
type Db = ReturnType<typeof openDatabase>;

/** A store on `db`: migrated, the demo catalogue with stock for the whole run, and its customers. */
async function storeOn(db: Db, dataDir: string) {
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  await db.updateTable("stock").set({ amount: 1_000_000_000 }).execute();
  const customers: number[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const none = { telegram_id: null, first_name: null, last_name: null, username: null, photo_url: null, phone: null };
    const row = await db
      .insertInto("users")
      .values({ ...none, email: `c${i}@bench.test`, reflink: `bench${i}`, delivery_address: null, delivery_address_link: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    customers.push(row.id);
  }
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", MAX_OPEN_ORDERS: "1000000000" }), webappDir: null };
  return { customers, services: createServices(config, { db, log: createLogger(config) }) };
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-batching-"));
const server = await startPostgresServer();
await server.createDatabase("bench");
const url = server.socketUrlOf("bench");
const postgres = openPostgres(url);
const onPostgres = await storeOn(postgres, dataDir);
const sqlite = openDatabase(join(dataDir, "store.sqlite"));
const onSqlite = await storeOn(sqlite, dataDir);

// The order bench's body: two lines of the first pickup shop's shelves, one of each.
const shelves = await postgres
  .selectFrom("stock")
  .select(["shop_id", "product_id", "option_id"])
  .where("shop_id", "<>", WAREHOUSE_SHOP_ID)
  .orderBy("shop_id")
  .orderBy("product_id")
  .orderBy("option_id")
  .execute();
const shopId = shelves[0]!.shop_id;
const items = shelves
  .filter((s) => s.shop_id === shopId)
  .slice(0, 2)
  .map((s) => ({ product_id: s.product_id, option_id: s.option_id, amount: 1 }));
const body = { shop_id: shopId, items, delivery_option: 1, payment_option: 1 } as const;

let next = 0;
/** Places with `placeOne` from AT_ONCE loops for SECONDS; the number placed. */
async function placeFor(placeOne: (n: number) => Promise<unknown>): Promise<number> {
  let placed = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (Date.now() < end) {
        await placeOne(next++);
        placed++;
      }
    }),
  );
  return placed;
}

const oneUnitEach = (store: typeof onPostgres, prefix: string) => (n: number) =>
  store.services.orders.placeOrder({ userId: store.customers[n % CUSTOMERS]!, idempotencyKey: `${prefix}-placement-${n}`, body });

// ---- written together: the sketch ----
const pool = new pg.Pool({ connectionString: url, max: 10 });
type Wanted = { userId: number; key: string; done: (error?: unknown) => void };
let queued: Wanted[] = [];
let running = 0;
let scheduled = false;
let batches = 0;

function writeQueued(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    while (queued.length > 0 && running < BATCHES_AT_ONCE) {
      const batch = queued.slice(0, BATCH_MAX);
      queued = queued.slice(BATCH_MAX);
      running++;
      batches++;
      void writeTogether(batch)
        .then(() => batch.forEach((w) => w.done()), (error: unknown) => batch.forEach((w) => w.done(error)))
        .finally(() => {
          running--;
          writeQueued();
        });
    }
  });
}

async function writeTogether(batch: readonly Wanted[]): Promise<void> {
  const client = await pool.connect();
  const run = (name: string, text: string, values: unknown[]) => client.query({ name, text, values });
  try {
    const users = batch.map((w) => w.userId);
    const keys = batch.map((w) => w.key);
    const now = new Date().toISOString();
    const hold = new Date(Date.now() + 3 * 3600_000).toISOString();
    await client.query("begin");
    const locking = [...new Set(users)].sort((a, b) => a - b);
    await run("b_lock", "select id from users where id = any($1::int[]) order by id for update", [locking]);
    const customers = await run(
      "b_customers",
      `select x.i, u.email, u.reflink, o.id as earlier_id, o.request_hash,
              (select count(*) from orders where user_id = x.user_id and status in ('N', 'P')) as open_orders
         from unnest($1::int[], $2::text[]) with ordinality as x(user_id, key, i) join users u on u.id = x.user_id
         left join orders o on o.user_id = u.id and o.idempotency_key = x.key
        order by x.i`,
      [users, keys],
    );
    if (customers.rows.length !== batch.length) throw new Error("a customer is missing");
    const shopColumns = "id, name, address, district, map_link, logo_filename, is_deleted";
    await run("b_shops", `select ${shopColumns} from shops where id = any($1::int[])`, [[shopId]]);
    const { rows: prices } = await run(
      "b_prices",
      `select o.product_id, o.option_id, o.per_price, o.cost_price, o.price_text, o.is_deleted as option_deleted,
              p.name, p.is_inactive, p.is_deleted, p.max_amount
         from product_options o join products p on p.id = o.product_id
        where (o.product_id, o.option_id) in (select * from unnest($1::int[], $2::int[]))`,
      [items.map((l) => l.product_id), items.map((l) => l.option_id)],
    );
    const total = prices.reduce((sum: number, p: { per_price: number }) => sum + p.per_price, 0);
    const cost = prices.reduce((sum: number, p: { cost_price: number }) => sum + p.cost_price, 0);
    const { rows: placed } = await run(
      "b_orders",
      `insert into orders (user_id, shop_id, status, payment_status, delivery_status, delivery_option, payment_option, phone,
                           delivery_address, delivery_address_link, map_html, discount_percent, is_reserved, total_price,
                           discounted_price, total_cost_price, hold_until, manager_id, idempotency_key, request_hash, created_at,
                           updated_at)
       select x.user_id, $3, 'N', 'P', 'P', 1, 1, '', '', '', '', 0, 1, $4, $4, $5, $6, null, x.key, x.hash, $7, $7
         from unnest($1::int[], $2::text[], $8::text[]) with ordinality as x(user_id, key, hash, i)
        order by x.i
       returning id`,
      [users, keys, shopId, total, cost, hold, now, keys.map((k) => `${k}-request`)],
    );
    const ids = placed.map((r: { id: number }) => r.id);
    const lines = ids.flatMap((id: number) => prices.map((p: Record<string, unknown>) => ({ id, ...p })));
    const column = (name: string) => lines.map((l: Record<string, unknown>) => l[name]);
    await run(
      "b_lines",
      `with lines as (
         insert into order_lines (order_id, product_id, option_id, product_name, price_text, per_price, cost_price, amount)
         select *, 1 from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[])
         returning id, order_id),
       events as (
         insert into order_events (order_id, type, from_status, to_status, actor_user_id, created_at, data)
         select x.order_id, 'placed', null, 'N', x.user_id, $8, null from unnest($9::int[], $10::int[]) as x(order_id, user_id))
       select id, order_id from lines`,
      [column("id"), column("product_id"), column("option_id"), column("name"), column("price_text"), column("per_price"),
        column("cost_price"), now, ids, users],
    );
    const payloads = ids.map((id: number) =>
      JSON.stringify({ order_id: id, shop_name: "", shop_address: "", total, item_count: 2, hold_until: hold }),
    );
    await run(
      "b_notices",
      `insert into outbox (kind, user_id, order_id, payload, dedupe_key, created_at, next_attempt_at)
       select 'order_placed', x.user_id, x.order_id, x.payload, 'order_placed:' || x.order_id, $4, $4
         from unnest($1::int[], $2::int[], $3::text[]) as x(user_id, order_id, payload)
       on conflict (dedupe_key) do nothing`,
      [users, ids, payloads, now],
    );
    const staff = "select u.id, u.telegram_id from shop_staff s join users u on u.id = s.user_id where s.shop_id = any($1::int[])";
    await run("b_staff", staff, [[shopId]]);
    // Every shelf once, by the batch's whole take, under locks taken in (product, option) order; a history row per
    // line with the amount its shelf held after it, as if the batch's orders had taken one after the other.
    const { rows: [taken] } = await run(
      "b_take",
      `with wanted (product_id, option_id, amount) as (select * from unnest($1::int[], $2::int[], $3::int[])),
       locked as (
         select s.product_id, s.option_id from stock s join wanted w using (product_id, option_id)
          where s.shop_id = $4 order by s.product_id, s.option_id for update of s),
       taken as (
         update stock s set amount = s.amount - w.amount, updated_at = $5
           from wanted w, locked l
          where s.shop_id = $4 and s.product_id = l.product_id and s.option_id = l.option_id
            and w.product_id = l.product_id and w.option_id = l.option_id and s.amount >= w.amount
         returning s.product_id, s.option_id, s.amount),
       history as (
         insert into stock_history (shop_id, product_id, option_id, delta, amount_after, reason, actor_user_id, order_id, created_at)
         select $4, t.product_id, t.option_id, -1,
                t.amount + (count(*) over (partition by t.product_id, t.option_id order by x.order_id desc) - 1),
                'sold', x.user_id, x.order_id, $5
           from taken t cross join unnest($6::int[], $7::int[]) as x(order_id, user_id))
       select count(*) as shelves from taken`,
      [items.map((l) => l.product_id), items.map((l) => l.option_id), items.map(() => batch.length), shopId, now, ids, users],
    );
    if (Number(taken.shelves) !== items.length) throw new Error("a shelf was short");
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const writtenTogether = (n: number) =>
  new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => (error ? reject(error) : resolve());
    queued.push({ userId: onPostgres.customers[n % CUSTOMERS]!, key: `together-${n}`, done });
    writeQueued();
  });

// ---- the rounds ----
const me = [process.pid];
const database = [server.pid()];
const targets: [string, (n: number) => Promise<unknown>, number[]][] = [
  ["PostgreSQL, the store's placeOrder", oneUnitEach(onPostgres, "unit"), database],
  ["PostgreSQL, written together (sketch)", writtenTogether, database],
  ["SQLite, the store's placeOrder", oneUnitEach(onSqlite, "sqlite"), []],
];
const results = targets.map(() => [] as { rate: number; node: number; database: number }[]);
console.log(`${ROUNDS} interleaved rounds of ${SECONDS}s per target, ${AT_ONCE} placements at once, in this process (no HTTP)`);
console.log(`PostgreSQL ${server.version} (a throwaway cluster, fsync off, over its Unix socket)\n`);
for (const [, place] of targets) await placeFor(place);
for (let round = 1; round <= ROUNDS; round++) {
  const line: string[] = [];
  for (const [i, [name, place, pids]] of targets.entries()) {
    const before = { node: cpuSeconds(me), database: cpuSeconds(pids), at: performance.now() };
    const placed = await placeFor(place);
    const each = (seconds: number) => (seconds * 1000) / placed;
    const result = {
      rate: (placed * 1000) / (performance.now() - before.at),
      node: each(cpuSeconds(me) - before.node),
      database: each(cpuSeconds(pids) - before.database),
    };
    results[i]!.push(result);
    line.push(`${name} ${Math.round(result.rate)}/s (${result.node.toFixed(2)} + ${result.database.toFixed(2)} ms)`);
  }
  console.log(`round ${round}: ${line.join("  ")}`);
}

const sqliteRate = median(results[2]!.map((r) => r.rate));
console.log("\n| target | median placements/s | vs SQLite | CPU per placement: this process + database (ms) |");
console.log("|---|---|---|---|");
for (const [i, [name]] of targets.entries()) {
  const rate = median(results[i]!.map((r) => r.rate));
  const node = median(results[i]!.map((r) => r.node));
  const db = median(results[i]!.map((r) => r.database));
  const cpu = `${node.toFixed(2)} + ${db.toFixed(2)} = ${(node + db).toFixed(2)}`;
  console.log(`| ${name} | ${Math.round(rate)} | ${(rate / sqliteRate).toFixed(2)}× | ${cpu} |`);
}

// The sketch wrote what it should: every order with its two lines, event, notice and two history rows, and the stock.
const { rows: [check] } = await pool.query(`
  select (select count(*) from orders where idempotency_key like 'together-%') as orders,
         (select count(*) from order_lines l join orders o on o.id = l.order_id where o.idempotency_key like 'together-%') as lines,
         (select count(*) from order_events e join orders o on o.id = e.order_id where o.idempotency_key like 'together-%') as events,
         (select count(*) from outbox n join orders o on o.id = n.order_id where o.idempotency_key like 'together-%') as notices,
         (select count(*) from stock_history h join orders o on o.id = h.order_id where o.idempotency_key like 'together-%') as history,
         (select count(*) from orders) as all_orders,
         (select sum(1000000000 - amount) from stock where shop_id = $1) as taken`, [shopId]);
const orders = Number(check.orders);
const wrote =
  Number(check.lines) === 2 * orders && Number(check.events) === orders && Number(check.notices) === orders &&
  Number(check.history) === 2 * orders && Number(check.taken) === 2 * Number(check.all_orders);
console.log(`\nwritten together: ${orders} orders in ${batches} transactions (${(orders / batches).toFixed(1)} a transaction); ` +
  `lines, events, notices, history rows and stock ${wrote ? "as they should be" : `WRONG: ${JSON.stringify(check)}`}`);

await pool.end();
await postgres.destroy();
await sqlite.destroy();
server.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(wrote ? 0 : 1);
