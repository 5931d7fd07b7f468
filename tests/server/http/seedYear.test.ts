/**
 * `npm run seed:year` (issue 23) run as an operator runs it, with small numbers, on SQLite and (project
 * "postgres") PostgreSQL: what the API then shows — statistics for the whole year and for one day, a
 * customer's balance and bonus history, a referrer's incomes per referral, a product page's stock — equals a
 * computation done here with plain SQL over the raw tables. Also: the rows are what the services would have
 * written (shelves are the sum of their history, no balance ever below zero), statuses come in a real shop's
 * proportions with live holds now, one seed writes the same rows twice, and bad input is refused.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openStore, type DB } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { loadConfig, type Config } from "../../../server/config";
import { appOn, ON_POSTGRES, postgresTestDatabaseUrl, UNLIMITED } from "../../helpers/app";
import { bearer } from "../../helpers/session";
import { useStoreProcesses } from "../../helpers/storeProcess";

const { tempDir, runScript } = useStoreProcesses();

const NOW = "2026-11-27T12:00:00.000Z";
const SMALL = ["--orders", "20000", "--customers", "2000", "--products", "60", "--seed", "7", "--now", NOW];
/** An island day (UTC+7) near the end of the year: 2026-11-26 runs from 17:00 UTC on the 25th. */
const DAY = { date: "2026-11-26", from: "2026-11-25T17:00:00.000Z", to: "2026-11-26T17:00:00.000Z" };

/** A target for one run: a DATA_DIR, and on PostgreSQL a database of its own (migrated, empty). */
async function target(prefix: string): Promise<{ dataDir: string; env: Record<string, string>; config: Config }> {
  const dataDir = await tempDir(prefix);
  const env: Record<string, string> = ON_POSTGRES ? { DATABASE_URL: await postgresTestDatabaseUrl() } : {};
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...UNLIMITED, ...env });
  return { dataDir, env, config };
}

async function seed(t: { dataDir: string; env: Record<string, string> }, args: string[]) {
  return runScript("seed-year", t.dataDir, args, t.env);
}

/** A live session for a seeded user, written straight into the database (the seed writes no sessions). */
async function sessionFor(db: DB, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      user_id: userId,
      token_hash: createHash("sha256").update(token).digest("hex"),
      auth_type: "EMAIL",
      expires_at: "2999-01-01T00:00:00.000Z",
    })
    .execute();
  return token;
}

/** A fingerprint of a table's rows in id order, to compare two runs. */
async function tableHash(db: DB, table: "orders" | "order_lines" | "bonus_ledger" | "stock_history" | "outbox"): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(db);
  return createHash("sha256").update(JSON.stringify(rows)).digest("hex");
}

const num = (v: unknown) => Number(v ?? 0);

describe("a seeded year, as the API shows it", () => {
  let db: DB;
  let app: FastifyInstance;
  let adminToken: string;
  let seeded: Awaited<ReturnType<typeof target>>;
  let again: Awaited<ReturnType<typeof target>>;

  beforeAll(async () => {
    // Two runs with the same seed side by side: the second is compared with the first below.
    [seeded, again] = await Promise.all([target("seed-year-"), target("seed-year-again-")]);
    const runs = await Promise.all([seed(seeded, SMALL), seed(again, SMALL)]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Done in [\d.]+ s: 20000 orders/);
    }
    db = openStore(seeded.config);
    app = await appOn(seeded.config, db, { clock: () => Date.parse(NOW) });
    const admin = await db.selectFrom("users").select("id").where("is_admin", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    adminToken = await sessionFor(db, admin.id);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const get = async (url: string, token: string) => {
    const res = await app.inject({ method: "GET", url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Completed orders as the statistics define them, from the raw tables: completed at their first event into S. */
  async function completedOrders() {
    type Row = { id: number; discounted_price: number; done_at: string; list: number; cost: number; at_list: number; at_sale: number };
    const { rows } = await sql<Row>`
      select o.id, o.discounted_price,
             (select min(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'S') as done_at,
             (select sum(l.per_price * l.amount) from order_lines l where l.order_id = o.id) as list,
             (select sum(l.cost_price * l.amount) from order_lines l where l.order_id = o.id) as cost,
             (select sum(l.amount) from order_lines l where l.order_id = o.id and l.per_price >= l.list_price) as at_list,
             (select sum(l.amount) from order_lines l where l.order_id = o.id and l.per_price < l.list_price) as at_sale
        from orders o where o.status = 'S'`.execute(db);
    return rows.map((r) => ({
      ...r,
      discounted_price: num(r.discounted_price),
      list: num(r.list),
      cost: num(r.cost),
      at_list: num(r.at_list),
      at_sale: num(r.at_sale),
    }));
  }

  const totalsOf = (orders: Awaited<ReturnType<typeof completedOrders>>) => ({
    orders: orders.length,
    total_sales_amount: orders.reduce((s, o) => s + o.list, 0),
    total_sales_discounted_price: orders.reduce((s, o) => s + o.discounted_price, 0),
    total_sales_cost_price: orders.reduce((s, o) => s + o.cost, 0),
    items_at_list: orders.reduce((s, o) => s + o.at_list, 0),
    items_at_sale: orders.reduce((s, o) => s + o.at_sale, 0),
  });

  it("statistics for the whole year and for one island day equal the completed orders' sums", async () => {
    const done = await completedOrders();
    expect(done.every((o) => o.done_at !== null)).toBe(true);
    const year = await get("/api/admin/stats", adminToken);
    expect(year.totals).toEqual(totalsOf(done));

    const ofDay = done.filter((o) => o.done_at >= DAY.from && o.done_at < DAY.to);
    expect(ofDay.length).toBeGreaterThan(20);
    const day = await get(`/api/admin/stats?from=${DAY.date}&to=${DAY.date}`, adminToken);
    expect(day.totals).toEqual(totalsOf(ofDay));
    const { total_sales_discounted_price: sales, total_sales_cost_price: cost } = totalsOf(ofDay);
    expect(day.days).toEqual([{ date: DAY.date, sales, margin: sales - cost }]);
  });

  it("a customer who paid with bonus sees a balance and a history that are the ledger's", async () => {
    const spender = await db
      .selectFrom("bonus_ledger")
      .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("type", "=", "exp")
      .groupBy("user_id")
      .orderBy("n", "desc")
      .orderBy("user_id")
      .executeTakeFirstOrThrow();
    const entries = await db.selectFrom("bonus_ledger").selectAll().where("user_id", "=", spender.user_id).orderBy("id", "desc").execute();
    const income = entries.filter((e) => e.type === "income").reduce((s, e) => s + e.amount, 0);
    const spent = entries.filter((e) => e.type === "exp").reduce((s, e) => s + e.amount, 0);
    expect(spent).toBeGreaterThan(0);

    const token = await sessionFor(db, spender.user_id);
    const shown: { id: number; amount: number }[] = [];
    let cursor: number | null = null;
    type Sums = Record<"balance" | "income_sum" | "exp_sum", number>;
    type Page = Sums & { entries: { id: number; amount: number }[]; next_cursor: number | null };
    let page: Page;
    do {
      page = await get(`/api/partner/ledger?limit=100${cursor === null ? "" : `&cursor=${cursor}`}`, token);
      shown.push(...page.entries);
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect({ balance: page.balance, income_sum: page.income_sum, exp_sum: page.exp_sum }).toEqual({
      balance: income - spent,
      income_sum: income,
      exp_sum: spent,
    });
    expect(shown).toEqual(entries.map((e) => expect.objectContaining({ id: e.id, amount: e.type === "income" ? e.amount : -e.amount })));
    expect((await get("/api/partner", token)).balance).toBe(income - spent);
  });

  it("the customer with the most referrals sees each referral's completed orders and the 3% it earned", async () => {
    const partner = await db
      .selectFrom("referrals")
      .select(["partner_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("partner_id")
      .orderBy("n", "desc")
      .orderBy("partner_id")
      .executeTakeFirstOrThrow();
    const token = await sessionFor(db, partner.partner_id);
    const shown: { id: number; orders_count: number; income: number }[] = [];
    let cursor: number | null = null;
    do {
      const page = await get(`/api/partner/referrals?limit=100${cursor === null ? "" : `&cursor=${cursor}`}`, token);
      expect(page.total).toBe(num(partner.n));
      shown.push(...page.referrals);
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(shown).toHaveLength(num(partner.n));

    const { rows } = await sql<{ id: number; done: number; income: number; paid: number }>`
      select r.user_id as id,
             (select count(*) from orders o where o.user_id = r.user_id and o.status = 'S') as done,
             (select coalesce(sum(l.amount), 0) from bonus_ledger l
               where l.user_id = r.partner_id and l.source_user_id = r.user_id and l.type = 'income') as income,
             (select coalesce(sum(o.discounted_price * 3 / 100), 0) from orders o
               where o.user_id = r.user_id and o.status = 'S' and o.paid_with_bonus = 0) as paid
        from referrals r where r.partner_id = ${partner.partner_id} order by r.user_id desc`.execute(db);
    expect(shown.map((r) => ({ id: r.id, orders_count: r.orders_count, income: r.income }))).toEqual(
      rows.map((r) => ({ id: num(r.id), orders_count: num(r.done), income: num(r.income) })),
    );
    // Every income is 3% of what a completed order was paid in money, rounded down.
    expect(rows.map((r) => num(r.income))).toEqual(rows.map((r) => num(r.paid)));
    expect(rows.reduce((s, r) => s + num(r.income), 0)).toBeGreaterThan(0);
  });

  it("a product page shows at each pickup shop what the stock history adds up to", async () => {
    const popular = await db
      .selectFrom("order_lines as l")
      .innerJoin("products as p", "p.id", "l.product_id")
      .select(["l.product_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("p.is_deleted", "=", 0)
      .where("p.is_inactive", "=", 0)
      .groupBy("l.product_id")
      .orderBy("n", "desc")
      .orderBy("l.product_id")
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ shop_id: number; option_id: number; amount: number }>`
      select shop_id, option_id, sum(delta) as amount from stock_history
       where product_id = ${popular.product_id} and shop_id <> 1 group by shop_id, option_id`.execute(db);
    const expected: Record<number, Record<string, { amount: number }>> = {};
    for (const r of rows) if (num(r.amount) > 0) (expected[r.shop_id] ??= {})[`opt_${r.option_id}`] = { amount: num(r.amount) };
    const { product } = await get(`/api/products/${popular.product_id}`, adminToken);
    const shown = Object.fromEntries(product.shop_list.map((s: { store_id: number; options: object }) => [s.store_id, s.options]));
    expect(shown).toEqual(expected);
    const done = await sql<{ n: number }>`
      select count(distinct o.id) as n from orders o join order_lines l on l.order_id = o.id
       where o.status = 'S' and l.product_id = ${popular.product_id}`.execute(db);
    expect(product.stats.orders).toBe(num(done.rows[0]!.n));
    // Its picture is a file in the uploads, as the page links it.
    expect(product.images).toHaveLength(1);
    expect(existsSync(join(seeded.config.uploadsDir, "product", String(popular.product_id), product.images[0].filename))).toBe(true);
  });

  it("every shelf is the sum of its history, each history row's amount_after the running sum, never below zero", async () => {
    const history = await db
      .selectFrom("stock_history")
      .select(["shop_id", "product_id", "option_id", "delta", "amount_after"])
      .orderBy("id")
      .execute();
    const running = new Map<string, number>();
    let wrong = 0;
    for (const h of history) {
      const key = `${h.shop_id}:${h.product_id}:${h.option_id}`;
      const after = (running.get(key) ?? 0) + h.delta;
      running.set(key, after);
      if (after !== h.amount_after || after < 0) wrong++;
    }
    expect(wrong).toBe(0);
    const shelves = await db.selectFrom("stock").select(["shop_id", "product_id", "option_id", "amount"]).execute();
    const shelfAmounts = Object.fromEntries(shelves.map((s) => [`${s.shop_id}:${s.product_id}:${s.option_id}`, s.amount]));
    expect(shelfAmounts).toEqual(Object.fromEntries(running));
  });

  it("no bonus balance is ever below zero, at any moment of the year", async () => {
    const entries = await db
      .selectFrom("bonus_ledger")
      .select(["user_id", "type", "amount", "created_at"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const balance = new Map<number, number>();
    let lowest = 0;
    for (const e of entries) {
      const after = (balance.get(e.user_id) ?? 0) + (e.type === "income" ? e.amount : -e.amount);
      balance.set(e.user_id, after);
      lowest = Math.min(lowest, after);
    }
    expect(entries.some((e) => e.type === "exp")).toBe(true);
    expect(lowest).toBe(0);
  });

  it("statuses come in a real shop's proportions, and a few orders are open now with their holds running", async () => {
    const rows = await db.selectFrom("orders").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
    const share = Object.fromEntries(rows.map((r) => [r.status, num(r.n) / 20_000]));
    expect(share.S).toBeGreaterThan(0.8);
    expect(share.S).toBeLessThan(0.92);
    expect(share.C).toBeGreaterThan(0.05);
    expect(share.C).toBeLessThan(0.16);
    const open = (share.N ?? 0) + (share.W ?? 0) + (share.P ?? 0);
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThan(0.02);
    const live = await db.selectFrom("orders").select("id").where("status", "=", "N").where("hold_until", ">", NOW).execute();
    expect(live.length).toBeGreaterThan(0);
    const expired = await db.selectFrom("order_events").select("id").where("type", "=", "expired").execute();
    expect(expired.length / 20_000).toBeGreaterThan(0.02);
  });

  it("one seed and one end of the year write the same rows again", async () => {
    const other = openStore(again.config);
    try {
      for (const table of ["orders", "order_lines", "bonus_ledger", "stock_history", "outbox"] as const) {
        expect(await tableHash(other, table), table).toBe(await tableHash(db, table));
      }
    } finally {
      await other.destroy();
    }
  });

  it("refuses the database that has the year's orders: exit 1, one line, nothing written", async () => {
    const before = await tableHash(db, "orders");
    const run = await seed(seeded, ["--orders", "100", "--now", NOW]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/has 20000 orders/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(await tableHash(db, "orders")).toBe(before);
  });

  // Last of the group: it changes the year's rows.
  it("the catalogue still follows its changes after the load: stock added to a shop shows on the product page", async () => {
    const { product } = await get("/api/products/1", adminToken);
    const shop = product.shop_list[0] as { store_id: number; options: Record<string, { amount: number }> };
    const before = shop.options.opt_0?.amount ?? 0;
    const add = await app.inject({
      method: "POST",
      url: "/api/admin/stock",
      headers: bearer(adminToken),
      payload: { product_id: 1, option_id: 0, shop_id: shop.store_id, amount: 5 },
    });
    expect(add.statusCode, add.body).toBe(200);
    const { product: changed } = await get("/api/products/1", adminToken);
    const after = changed.shop_list.find((s: { store_id: number }) => s.store_id === shop.store_id);
    expect(after.options.opt_0.amount).toBe(before + 5);
  });
});

// Each case is a process of its own that starts, reads its arguments and stops: they run side by side.
describe.concurrent("seed:year's command line", () => {
  it("the smallest year (one customer, one product) is written too", async () => {
    const t = await target("seed-year-tiny-");
    const run = await seed(t, ["--customers", "1", "--products", "1", "--orders", "50", "--now", NOW]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Done in [\d.]+ s: 50 orders/);
  });

  it.each([
    [["--orders", "-1"], /--orders must be a whole number/],
    [["--orders", "lots"], /--orders must be a whole number/],
    [["--customers=0"], /--customers must be a whole number/],
    [["--orders"], /--orders needs a value/],
    [["--now", "yesterday"], /--now must be an ISO time/],
    [["--bogus", "1"], /Unknown argument --bogus/],
  ])("%j is refused with exit 64, naming the flag, and writes nothing", async (args, message) => {
    const t = await target("seed-year-bad-");
    const run = await seed(t, args);
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(message);
    if (!ON_POSTGRES) expect(existsSync(join(t.dataDir, "store.sqlite"))).toBe(false);
  });

  it("a database with the demo catalogue and no orders is refused too (exit 1), and keeps just the demo", async () => {
    const t = await target("seed-year-demo-");
    const demo = openStore(t.config);
    try {
      await migrateToLatest(demo);
      await seedDemo(demo, { uploadsDir: null });
      const run = await seed(t, ["--orders", "100", "--now", NOW]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/is not empty/);
      const products = await demo.selectFrom("products").select("id").execute();
      expect(products).toHaveLength(16);
      expect(await demo.selectFrom("users").select("id").execute()).toHaveLength(0);
    } finally {
      await demo.destroy();
    }
  });

  it(
    ON_POSTGRES
      ? "--force does not replace a PostgreSQL database that has orders: exit 1, nothing changed"
      : "--force moves a database with orders and its uploads aside into DATA_DIR/replaced-… and writes the year afresh",
    async () => {
      const t = await target("seed-year-force-");
      const tiny = ["--orders", "300", "--customers", "40", "--products", "8", "--now", NOW];
      const first = await seed(t, tiny);
      expect(first.code, first.stderr).toBe(0);
      const run = await seed(t, [...tiny, "--orders", "200", "--force"]);
      const db = openStore(t.config);
      try {
        const { n } = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
        if (ON_POSTGRES) {
          expect(run.code).toBe(1);
          expect(run.stderr).toMatch(/has 300 orders/);
          expect(num(n)).toBe(300);
        } else {
          expect(run.code, run.stderr).toBe(0);
          expect(num(n)).toBe(200);
          const replaced = readdirSync(t.dataDir).filter((name) => name.startsWith("replaced-"));
          expect(replaced).toHaveLength(1);
          expect(readdirSync(join(t.dataDir, replaced[0]!)).sort()).toEqual(["store.sqlite", "uploads"]);
          expect(existsSync(join(t.dataDir, replaced[0]!, "uploads", "product", "1", "year-1.webp"))).toBe(true);
        }
      } finally {
        await db.destroy();
      }
    },
    60_000,
  );
});
