/**
 * Store statistics (spec §2 /admin/stat, §5 "Statistics page"; issue 12): figures over COMPLETED orders
 * (status S) only, counted on the island day they were completed. Pure: the service reads the orders, these
 * rules do every sum, so a test can check them against a hand computation.
 *
 * What each figure is (integer Baht unless it says items):
 * - `total_sales_amount`: the orders' value at the prices they were placed at (Σ per_price × amount over their
 *   lines: the sale price where a sale ran), before any promo or bonus discount;
 * - `total_sales_discounted_price`: what was charged (Σ of the orders' discounted_price; bonus-paid orders
 *   count what they were charged in bonus);
 * - `total_sales_cost_price`: Σ cost_price × amount (cost snapshots taken when the order was placed);
 * - `orders`: how many completed orders;
 * - `items_at_list`, `items_at_sale` (in the totals and per product): the items sold at their list price and
 *   at a sale price (a line whose per_price is below its list_price); together they are the items sold;
 * - per product: `total_amount` items sold, `cost_price_sum`, `discounted_price_sum` (each order's discounted
 *   price split over its lines in proportion to the lines' list value, in whole Baht, the parts summing
 *   exactly to the order's discounted price), `sales_sum` (list value);
 * - per day: `sales` = discounted sales, `margin` = discounted sales − cost.
 */
import { islandDate, ISLAND_UTC_OFFSET_MS } from "./format";
import { ValidationError } from "./errors";

/** A custom range may span this many days at most (the day chart has one point a day). */
export const MAX_RANGE_DAYS = 1096;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const STATS_TEXTS = {
  backwards: "from must be on or before to.",
} as const;

/** Midnight at the start of an island date, as epoch milliseconds; null when the text is no real date. */
function islandMidnight(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(y, m - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return utc - ISLAND_UTC_OFFSET_MS;
}

export { islandDate };

export interface StatsRange {
  /** First island day counted (inclusive), or null for since the beginning. */
  from: string | null;
  /** Last island day counted (inclusive), or null for up to now. */
  to: string | null;
  /** The same as UTC instants: completed at or after `fromUtc`, and before `toUtcExclusive`. */
  fromUtc: string | null;
  toUtcExclusive: string | null;
}

/** Reads `from`/`to` (island dates, both inclusive); 400 for a malformed or impossible date or a backwards range. */
export function parseStatsRange(input: { from?: string | undefined; to?: string | undefined }): StatsRange {
  const read = (param: "from" | "to") => {
    const raw = input[param];
    if (raw === undefined || raw === "") return null;
    const ms = islandMidnight(raw);
    if (ms === null) throw new ValidationError(param, "{param} must be a date written YYYY-MM-DD.", { param });
    return { raw, ms };
  };
  const from = read("from");
  const to = read("to");
  if (from && to) {
    if (from.ms > to.ms) throw new ValidationError("from", STATS_TEXTS.backwards);
    if ((to.ms - from.ms) / DAY_MS + 1 > MAX_RANGE_DAYS) {
      throw new ValidationError("to", "from and to may span at most {max} days.", { max: MAX_RANGE_DAYS });
    }
  }
  return {
    from: from?.raw ?? null,
    to: to?.raw ?? null,
    fromUtc: from ? new Date(from.ms).toISOString() : null,
    toUtcExclusive: to ? new Date(to.ms + DAY_MS).toISOString() : null,
  };
}

/**
 * Splits `total` whole Baht over parts in proportion to `weights` (largest remainder): every part is a whole
 * number and the parts sum to `total` exactly. Ties go to the earlier part. Zero weights share equally.
 * Integer arithmetic throughout (each part's remainder is `total × weight mod Σ weights`), so the database's
 * roll-up (db/repositories/stats.ts) computes the very same parts in SQL.
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const [ws, den] = sum > 0 ? [weights, sum] : [weights.map(() => 1), weights.length];
  const nums = ws.map((w) => total * w);
  const rests = nums.map((n) => n % den);
  const parts = nums.map((n, i) => (n - rests[i]!) / den);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = rests.map((rest, i) => ({ i, rest })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export interface CompletedOrder {
  id: number;
  /** ISO time the order became S. */
  completed_at: string;
  discounted_price: number;
  lines: { product_id: number; product_name: string; amount: number; per_price: number; list_price: number; cost_price: number }[];
}

/** Whether a line was sold at a sale price: below the list price it was placed against. */
export const soldAtSale = (line: { per_price: number; list_price: number }): boolean => line.per_price < line.list_price;

export interface StatsTotals {
  total_sales_cost_price: number;
  total_sales_amount: number;
  total_sales_discounted_price: number;
  orders: number;
  items_at_list: number;
  items_at_sale: number;
}

export interface ProductStatsRow {
  product_id: number;
  product: string;
  total_amount: number;
  cost_price_sum: number;
  discounted_price_sum: number;
  sales_sum: number;
  /** Of total_amount, the items sold at list price and at a sale price. */
  items_at_list: number;
  items_at_sale: number;
}

export interface DayStats {
  date: string;
  sales: number;
  margin: number;
}

export interface StoreStats {
  totals: StatsTotals;
  products: ProductStatsRow[];
  days: DayStats[];
}

/** Every island day from `first` to `last`, both included. */
function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${first}T00:00:00Z`); ms <= Date.parse(`${last}T00:00:00Z`); ms += DAY_MS)
    out.push(new Date(ms).toISOString().slice(0, 10));
  return out;
}

/**
 * The figures of completed orders. Products are sorted by discounted sales (highest first), then id. Days run
 * over the whole range when it is bounded (days without sales are 0), else from the first to the last sale.
 */
export function computeStats(
  orders: readonly CompletedOrder[],
  range: Pick<StatsRange, "from" | "to"> = { from: null, to: null },
): StoreStats {
  const products = new Map<number, ProductStatsRow>();
  const days = new Map<string, DaySums>();
  for (const order of orders) {
    const lineValues = order.lines.map((l) => l.per_price * l.amount);
    const charged = splitProportionally(order.discounted_price, lineValues);
    const date = islandDate(Date.parse(order.completed_at));
    const day = days.get(date) ?? days.set(date, { date, orders: 0, discounted: 0, cost: 0, sales: 0 }).get(date)!;
    day.orders += 1;
    day.discounted += order.discounted_price;
    order.lines.forEach((line, i) => {
      const cost = line.cost_price * line.amount;
      day.sales += lineValues[i]!;
      day.cost += cost;
      const row =
        products.get(line.product_id) ??
        products
          .set(line.product_id, {
            product_id: line.product_id,
            product: line.product_name,
            total_amount: 0,
            cost_price_sum: 0,
            discounted_price_sum: 0,
            sales_sum: 0,
            items_at_list: 0,
            items_at_sale: 0,
          })
          .get(line.product_id)!;
      row.total_amount += line.amount;
      if (soldAtSale(line)) row.items_at_sale += line.amount;
      else row.items_at_list += line.amount;
      row.cost_price_sum += cost;
      row.discounted_price_sum += charged[i]!;
      row.sales_sum += lineValues[i]!;
    });
  }
  return statsFromSums([...days.values()], [...products.values()], range);
}

/** One island day's sums over its completed orders (what the roll-up keeps per day). */
export interface DaySums {
  date: string;
  orders: number;
  discounted: number;
  cost: number;
  sales: number;
}

/**
 * The figures from per-day and per-product sums (each day at most once, each product at most once) over the same
 * range and shop: the totals are the days' sums (the items at list and at sale price the products' sums), and the
 * days and products are laid out as computeStats lays them out.
 */
export function statsFromSums(
  daySums: readonly DaySums[],
  productRows: readonly ProductStatsRow[],
  range: Pick<StatsRange, "from" | "to"> = { from: null, to: null },
): StoreStats {
  const totals: StatsTotals = {
    total_sales_cost_price: 0,
    total_sales_amount: 0,
    total_sales_discounted_price: 0,
    orders: 0,
    items_at_list: 0,
    items_at_sale: 0,
  };
  for (const p of productRows) {
    totals.items_at_list += p.items_at_list;
    totals.items_at_sale += p.items_at_sale;
  }
  const days = new Map<string, DayStats>();
  for (const d of daySums) {
    totals.orders += d.orders;
    totals.total_sales_discounted_price += d.discounted;
    totals.total_sales_cost_price += d.cost;
    totals.total_sales_amount += d.sales;
    days.set(d.date, { date: d.date, sales: d.discounted, margin: d.discounted - d.cost });
  }
  const seen = [...days.keys()].sort();
  let first = range.from ?? seen[0];
  let last = range.to ?? seen[seen.length - 1];
  // A range open on one side (from=0100-01-01 alone) is not capped by the parser: past the longest range the
  // days run only from the first to the last sale, so no request draws centuries of empty days.
  if (first && last && seen.length > 0 && (Date.parse(last) - Date.parse(first)) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    if (seen[0]! > first) first = seen[0]!;
    if (seen[seen.length - 1]! < last) last = seen[seen.length - 1]!;
  }
  const allDays = first && last && first <= last ? daysBetween(first, last) : [];
  return {
    totals,
    products: [...productRows].sort((a, b) => b.discounted_price_sum - a.discounted_price_sum || a.product_id - b.product_id),
    days: allDays.map((date) => days.get(date) ?? { date, sales: 0, margin: 0 }),
  };
}

/** A cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading ' (CSV injection). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const STATS_CSV_COLUMNS = ["product_id", "product", "total_amount", "cost_price_sum", "discounted_price_sum"] as const;

/** The product table as CSV (RFC 4180: CRLF line ends, a header row). */
export function productStatsCsv(rows: readonly ProductStatsRow[]): string {
  const lines = [STATS_CSV_COLUMNS.join(","), ...rows.map((r) => STATS_CSV_COLUMNS.map((c) => csvCell(r[c])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** The download's file name: the range and the shop it covers. */
export function statsCsvFilename(range: Pick<StatsRange, "from" | "to">, shopId: number | null): string {
  return `stats-${range.from ?? "start"}-to-${range.to ?? "now"}${shopId === null ? "" : `-shop-${shopId}`}.csv`;
}
