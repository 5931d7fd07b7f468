/** Completed orders for the statistics: a report read, through Kysely. */
import { sql, SqliteAdapter } from "kysely";
import { ISLAND_UTC_OFFSET_MS } from "../../server/domain/format";
import { islandDate, soldAtSale, splitProportionally, type DaySums, type ProductStatsRow } from "../../server/domain/stats";
import type { Executor } from "../executor";

export async function shopExists(db: Executor, shopId: number): Promise<boolean> {
  const row = await db.selectFrom("shops").select("id").where("id", "=", shopId).executeTakeFirst();
  return row !== undefined;
}

/*
 * The roll-up (migration 20261127T120000_scale; docs/decisions.md "Statistics from a roll-up"): sums per island
 * day, shop and product of completed orders, shop 0 being every shop. It is exact: each order's discounted price
 * is split over its lines by largest remainder in integers (server/domain/stats.ts splitProportionally) both
 * where the hand-over adds one order and where the whole roll-up is rebuilt in SQL. The product rows also count
 * the items sold at a sale price (`items_at_sale`: lines whose per_price is below their list_price).
 */

const ISLAND_HOURS = ISLAND_UTC_OFFSET_MS / 3_600_000;

function isSqlite(db: Executor): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The island day (YYYY-MM-DD) of an ISO UTC time, in SQL. */
function islandDay(db: Executor, iso: string): string {
  return isSqlite(db)
    ? `strftime('%Y-%m-%d', ${iso}, '+${ISLAND_HOURS} hours')`
    : `to_char(cast(${iso} as timestamp) + interval '${ISLAND_HOURS} hours', 'YYYY-MM-DD')`;
}

/** True when the roll-up holds every completed order: its counter has caught up with the orders' triggers. */
export async function rollupIsFresh(db: Executor): Promise<boolean> {
  const rows = await db
    .selectFrom("change_counters")
    .select(["name", "version"])
    .where("name", "in", ["completed_orders", "stats_rollup"])
    .execute();
  const of = (name: string) => rows.find((r) => r.name === name)?.version;
  return of("completed_orders") !== undefined && Number(of("completed_orders")) === Number(of("stats_rollup"));
}

/**
 * What a statistics answer depends on besides its question, in one read: whether the roll-up is fresh, and a key
 * that moves with any change of a completed order (`completed_orders`), of the roll-up (`stats_rollup`) or of a
 * product's name (`catalog`, moved by the catalogue's triggers). Equal keys, equal answers.
 */
export async function selectStatsVersion(db: Executor): Promise<{ fresh: boolean; key: string }> {
  const rows = await db
    .selectFrom("change_counters")
    .select(["name", "version"])
    .where("name", "in", ["completed_orders", "stats_rollup", "catalog"])
    .execute();
  const of = (name: string) => rows.find((r) => r.name === name)?.version;
  const completed = of("completed_orders");
  const fresh = completed !== undefined && Number(completed) === Number(of("stats_rollup"));
  return { fresh, key: `${Number(completed)}:${Number(of("stats_rollup"))}:${Number(of("catalog"))}` };
}

/** Takes the roll-up's counter first (a row lock on PostgreSQL), so writers of the roll-up go one at a time. */
async function bumpRollupCounter(tx: Executor, to: "next" | number): Promise<void> {
  await tx
    .updateTable("change_counters")
    .set((eb) => ({ version: to === "next" ? eb("version", "+", 1) : to }))
    .where("name", "=", "stats_rollup")
    .execute();
}

/**
 * Adds one order that has just become S (in the unit that completed it) on island day of `completedAt`.
 * The orders' trigger moves `completed_orders` by one at the same commit, and this moves `stats_rollup` by one:
 * a fresh roll-up stays fresh, a stale one stays stale until it is rebuilt.
 */
export async function addCompletedOrder(tx: Executor, orderId: number, completedAt: string): Promise<void> {
  await bumpRollupCounter(tx, "next");
  const order = await tx
    .selectFrom("orders")
    .select(["shop_id", "discounted_price", "manager_id"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (order.manager_id !== null) {
    await tx
      .insertInto("stats_managers")
      .values({ manager_id: order.manager_id, shop_id: order.shop_id, orders: 1 })
      .onConflict((oc) => oc.columns(["manager_id", "shop_id"]).doUpdateSet((eb) => ({ orders: eb("stats_managers.orders", "+", 1) })))
      .execute();
  }
  const lines = await tx
    .selectFrom("order_lines")
    .select(["product_id", "amount", "per_price", "list_price", "cost_price"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  if (lines.length === 0) return;
  const values = lines.map((l) => l.per_price * l.amount);
  const charged = splitProportionally(order.discounted_price, values);
  type ProductSums = { items: number; items_at_sale: number; cost: number; charged: number; sales: number };
  const byProduct = new Map<number, ProductSums>();
  lines.forEach((l, i) => {
    const p =
      byProduct.get(l.product_id) ??
      byProduct.set(l.product_id, { items: 0, items_at_sale: 0, cost: 0, charged: 0, sales: 0 }).get(l.product_id)!;
    p.items += l.amount;
    if (soldAtSale(l)) p.items_at_sale += l.amount;
    p.cost += l.cost_price * l.amount;
    p.charged += charged[i]!;
    p.sales += values[i]!;
  });
  const day = islandDate(Date.parse(completedAt));
  const cost = [...byProduct.values()].reduce((a, p) => a + p.cost, 0);
  const sales = values.reduce((a, b) => a + b, 0);
  const shops = [order.shop_id, 0];
  await tx
    .insertInto("stats_days")
    .values(shops.map((shop_id) => ({ shop_id, day, orders: 1, discounted: order.discounted_price, cost, sales })))
    .onConflict((oc) =>
      oc.columns(["shop_id", "day"]).doUpdateSet((eb) => ({
        orders: eb("stats_days.orders", "+", eb.ref("excluded.orders")),
        discounted: eb("stats_days.discounted", "+", eb.ref("excluded.discounted")),
        cost: eb("stats_days.cost", "+", eb.ref("excluded.cost")),
        sales: eb("stats_days.sales", "+", eb.ref("excluded.sales")),
      })),
    )
    .execute();
  const productIds = [...byProduct.keys()].sort((a, b) => a - b);
  await tx
    .insertInto("stats_product_days")
    .values(
      shops.flatMap((shop_id) => productIds.map((product_id) => ({ shop_id, day, product_id, orders: 1, ...byProduct.get(product_id)! }))),
    )
    .onConflict((oc) =>
      oc.columns(["shop_id", "day", "product_id"]).doUpdateSet((eb) => ({
        orders: eb("stats_product_days.orders", "+", eb.ref("excluded.orders")),
        items: eb("stats_product_days.items", "+", eb.ref("excluded.items")),
        items_at_sale: eb("stats_product_days.items_at_sale", "+", eb.ref("excluded.items_at_sale")),
        cost: eb("stats_product_days.cost", "+", eb.ref("excluded.cost")),
        charged: eb("stats_product_days.charged", "+", eb.ref("excluded.charged")),
        sales: eb("stats_product_days.sales", "+", eb.ref("excluded.sales")),
      })),
    )
    .execute();
  await tx
    .insertInto("stats_product_months")
    .values(
      shops.flatMap((shop_id) =>
        productIds.map((product_id) => ({ shop_id, month: day.slice(0, 7), product_id, orders: 1, ...byProduct.get(product_id)! })),
      ),
    )
    .onConflict((oc) =>
      oc.columns(["shop_id", "month", "product_id"]).doUpdateSet((eb) => ({
        orders: eb("stats_product_months.orders", "+", eb.ref("excluded.orders")),
        items: eb("stats_product_months.items", "+", eb.ref("excluded.items")),
        items_at_sale: eb("stats_product_months.items_at_sale", "+", eb.ref("excluded.items_at_sale")),
        cost: eb("stats_product_months.cost", "+", eb.ref("excluded.cost")),
        charged: eb("stats_product_months.charged", "+", eb.ref("excluded.charged")),
        sales: eb("stats_product_months.sales", "+", eb.ref("excluded.sales")),
      })),
    )
    .execute();
  await tx
    .insertInto("stats_products")
    .values(productIds.map((product_id) => ({ product_id, orders: 1 })))
    .onConflict((oc) => oc.column("product_id").doUpdateSet((eb) => ({ orders: eb("stats_products.orders", "+", 1) })))
    .execute();
}

/**
 * Every completed line with its share of the order's discounted price, in SQL: each line's floor of
 * d × value / Σ values, then the Baht left over to the lines with the largest remainders (ties: the earlier
 * line), as splitProportionally does. Lines of an order whose list value is 0 weigh 1 each.
 */
function completedLinesSql(db: Executor) {
  return sql.raw(`
  with done as (
    select order_id, min(created_at) as completed_at from order_events where to_status = 'S' group by order_id
  ), oc as (
    select o.id, o.shop_id, cast(o.discounted_price as bigint) as d, coalesce(done.completed_at, o.updated_at) as completed_at
    from orders o left join done on done.order_id = o.id where o.status = 'S'
  ), l1 as (
    select oc.id as order_id, oc.shop_id, ${islandDay(db, "oc.completed_at")} as day, oc.d, l.id as line_id,
      l.product_id, l.amount, case when l.per_price < l.list_price then l.amount else 0 end as at_sale,
      cast(l.cost_price as bigint) * l.amount as cost, cast(l.per_price as bigint) * l.amount as val
    from oc join order_lines l on l.order_id = oc.id join products p on p.id = l.product_id
  ), l2 as (
    select l1.*, cast(sum(val) over (partition by order_id) as bigint) as tot, count(*) over (partition by order_id) as n from l1
  ), l3 as (
    select l2.*, case when tot > 0 then d * val else d end as num, case when tot > 0 then tot else n end as den from l2
  ), l4 as (
    select l3.*, num / den as base, num % den as rest from l3
  ), l5 as (
    select l4.*, d - cast(sum(base) over (partition by order_id) as bigint) as lft,
      row_number() over (partition by order_id order by rest desc, line_id) as rk from l4
  ), lines as (
    select order_id, shop_id, day, product_id, amount, at_sale, cost, val, base + case when rk <= lft then 1 else 0 end as charged from l5
  )`);
}

/**
 * Rebuilds the whole roll-up from the orders and marks it fresh as of the orders' counter read first (an order
 * completed meanwhile by another path leaves it stale, and the next read rebuilds again).
 */
export async function rebuildRollup(tx: Executor): Promise<void> {
  // SQLite keeps its temporary sort trees in memory on this store (temp_store = MEMORY): a year's rebuild sorts
  // millions of lines, and the process would keep that memory afterwards. On disk for this unit only.
  if (isSqlite(tx)) await sql`pragma temp_store = FILE`.execute(tx);
  try {
    await rebuild(tx);
  } finally {
    if (isSqlite(tx)) await sql`pragma temp_store = MEMORY`.execute(tx);
  }
}

async function rebuild(tx: Executor): Promise<void> {
  await bumpRollupCounter(tx, -1);
  const counter = await tx.selectFrom("change_counters").select("version").where("name", "=", "completed_orders").executeTakeFirstOrThrow();
  await tx.deleteFrom("stats_days").execute();
  await tx.deleteFrom("stats_product_days").execute();
  await tx.deleteFrom("stats_product_months").execute();
  await tx.deleteFrom("stats_managers").execute();
  await tx.deleteFrom("stats_products").execute();
  const lines = completedLinesSql(tx);
  await sql`insert into stats_days (shop_id, day, orders, discounted, cost, sales)
    ${lines} select shop_id, day, count(distinct order_id), sum(charged), sum(cost), sum(val) from lines group by shop_id, day`.execute(tx);
  await sql`insert into stats_days (shop_id, day, orders, discounted, cost, sales)
    select 0, day, sum(orders), sum(discounted), sum(cost), sum(sales) from stats_days where shop_id <> 0 group by day`.execute(tx);
  await sql`insert into stats_product_days (shop_id, day, product_id, orders, items, items_at_sale, cost, charged, sales)
    ${lines} select shop_id, day, product_id, count(distinct order_id), sum(amount), sum(at_sale), sum(cost), sum(charged), sum(val)
    from lines group by shop_id, day, product_id`.execute(tx);
  await sql`insert into stats_product_days (shop_id, day, product_id, orders, items, items_at_sale, cost, charged, sales)
    select 0, day, product_id, sum(orders), sum(items), sum(items_at_sale), sum(cost), sum(charged), sum(sales)
    from stats_product_days where shop_id <> 0 group by day, product_id`.execute(tx);
  await sql`insert into stats_product_months (shop_id, month, product_id, orders, items, items_at_sale, cost, charged, sales)
    select shop_id, substr(day, 1, 7), product_id, sum(orders), sum(items), sum(items_at_sale), sum(cost), sum(charged), sum(sales)
    from stats_product_days group by shop_id, substr(day, 1, 7), product_id`.execute(tx);
  await sql`insert into stats_managers (manager_id, shop_id, orders)
    select manager_id, shop_id, count(*) from orders where status = 'S' and manager_id is not null
    group by manager_id, shop_id`.execute(tx);
  await sql`insert into stats_products (product_id, orders)
    select product_id, sum(orders) from stats_product_days where shop_id = 0 group by product_id`.execute(tx);
  await bumpRollupCounter(tx, Number(counter.version));
}

/** The roll-up's day sums over an island day range (either end open), at one shop or all (null). */
export async function selectDaySums(
  db: Executor,
  f: { from: string | null; to: string | null; shopId: number | null },
): Promise<DaySums[]> {
  let query = db
    .selectFrom("stats_days")
    .select(["day as date", "orders", "discounted", "cost", "sales"])
    .where("shop_id", "=", f.shopId ?? 0);
  if (f.from !== null) query = query.where("day", ">=", f.from);
  if (f.to !== null) query = query.where("day", "<=", f.to);
  const rows = await query.orderBy("day").execute();
  return rows.map((r) => ({
    date: r.date,
    orders: Number(r.orders),
    discounted: Number(r.discounted),
    cost: Number(r.cost),
    sales: Number(r.sales),
  }));
}

/** The day after (+1) or before (-1) an island day. */
function shiftDay(day: string, by: 1 | -1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

const monthOf = (day: string) => day.slice(0, 7);
const firstDayOf = (month: string) => `${month}-01`;
function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}
const lastDayOf = (month: string) => shiftDay(firstDayOf(nextMonth(month)), -1);

/**
 * The whole months inside [from, to] (either end open) and the days at its ends outside them: a range is read
 * from the month rows where it covers whole months and from the day rows only at its ends (at most two
 * partial months).
 */
export function splitRange(
  from: string | null,
  to: string | null,
): { months: { from: string | null; to: string | null } | null; days: { from: string | null; to: string | null }[] } {
  const firstFull = from === null ? null : from === firstDayOf(monthOf(from)) ? monthOf(from) : nextMonth(monthOf(from));
  const lastFull = to === null ? null : to === lastDayOf(monthOf(to)) ? monthOf(to) : monthOf(shiftDay(firstDayOf(monthOf(to)), -1));
  if (firstFull !== null && lastFull !== null && firstFull > lastFull) return { months: null, days: [{ from, to }] };
  const days: { from: string | null; to: string | null }[] = [];
  if (from !== null && firstFull !== null && from < firstDayOf(firstFull)) days.push({ from, to: shiftDay(firstDayOf(firstFull), -1) });
  if (to !== null && lastFull !== null && to > lastDayOf(lastFull)) days.push({ from: firstDayOf(nextMonth(lastFull)), to });
  return { months: { from: firstFull, to: lastFull }, days };
}

/** The roll-up's product sums over an island day range, each product named as it is named now. */
export async function selectProductSums(
  db: Executor,
  f: { from: string | null; to: string | null; shopId: number | null },
): Promise<ProductStatsRow[]> {
  const shopId = f.shopId ?? 0;
  const parts = splitRange(f.from, f.to);
  type Range = { from: string | null; to: string | null };
  const sumsOf = (table: "stats_product_days" | "stats_product_months", column: "day" | "month", r: Range) => {
    let q = db
      .selectFrom(table)
      .select(["product_id", "items", "items_at_sale", "cost", "charged", "sales"])
      .where("shop_id", "=", shopId);
    if (r.from !== null) q = q.where(column, ">=", r.from);
    if (r.to !== null) q = q.where(column, "<=", r.to);
    return q;
  };
  const pieces = [
    ...(parts.months ? [sumsOf("stats_product_months", "month", parts.months)] : []),
    ...parts.days.map((r) => sumsOf("stats_product_days", "day", r)),
  ];
  let all = pieces[0]!;
  for (const piece of pieces.slice(1)) all = all.unionAll(piece);
  const rows = await db
    .selectFrom(
      db
        .selectFrom(all.as("u"))
        .select([
          "u.product_id",
          sql<number>`sum(u.items)`.as("items"),
          sql<number>`sum(u.items_at_sale)`.as("items_at_sale"),
          sql<number>`sum(u.cost)`.as("cost"),
          sql<number>`sum(u.charged)`.as("charged"),
          sql<number>`sum(u.sales)`.as("sales"),
        ])
        .groupBy("u.product_id")
        .as("s"),
    )
    .innerJoin("products as p", "p.id", "s.product_id")
    .select(["s.product_id", "p.name", "s.items", "s.items_at_sale", "s.cost", "s.charged", "s.sales"])
    .execute();
  return rows.map((r) => ({
    product_id: r.product_id,
    product: r.name,
    total_amount: Number(r.items),
    cost_price_sum: Number(r.cost),
    discounted_price_sum: Number(r.charged),
    sales_sum: Number(r.sales),
    items_at_list: Number(r.items) - Number(r.items_at_sale),
    items_at_sale: Number(r.items_at_sale),
  }));
}

/** Per product, how many completed orders hold it (the catalogue's figure), from the roll-up. */
export async function selectProductOrderCounts(db: Executor): Promise<{ product_id: number; n: number }[]> {
  const rows = await db.selectFrom("stats_products").select(["product_id", "orders as n"]).execute();
  return rows.map((r) => ({ product_id: r.product_id, n: Number(r.n) }));
}
