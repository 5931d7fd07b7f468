/**
 * Store statistics (issue 12): the figures of completed orders over an island date range, at one shop or
 * all, for the admin's page, its CSV and the bot's /stats. The sums are server/domain/stats.ts's.
 */
import type { DB } from "../../db/connection";
import { selectCompletedLines, shopExists } from "../../db/repositories/stats";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { NotFoundError } from "../domain/errors";
import {
  computeStats,
  islandDate,
  parseStatsRange,
  productStatsCsv,
  statsCsvFilename,
  type CompletedOrder,
  type StoreStats,
} from "../domain/stats";

export type Stats = ReturnType<typeof createStats>;

export interface StatsQuery {
  /** First island day (YYYY-MM-DD), inclusive. */
  from?: string | undefined;
  /** Last island day, inclusive. */
  to?: string | undefined;
  shop_id?: number | undefined;
}

export function createStats({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("stats");

  async function compute(
    query: StatsQuery = {},
  ): Promise<StoreStats & { range: { from: string | null; to: string | null }; shop_id: number | null }> {
    const range = parseStatsRange(query);
    const shopId = query.shop_id ?? null;
    const rows = await units.read("compute", async (tx) => {
      if (shopId !== null && !(await shopExists(tx, shopId))) throw new NotFoundError("Shop", `Shop ${shopId} not found`);
      return selectCompletedLines(tx, { fromUtc: range.fromUtc, toUtcExclusive: range.toUtcExclusive, shopId });
    });
    const orders = new Map<number, CompletedOrder>();
    for (const row of rows) {
      let order = orders.get(row.order_id);
      if (!order)
        orders.set(
          row.order_id,
          (order = { id: row.order_id, completed_at: row.completed_at, discounted_price: row.discounted_price, lines: [] }),
        );
      order.lines.push({
        product_id: row.product_id,
        product_name: row.product_name,
        amount: row.amount,
        per_price: row.per_price,
        cost_price: row.cost_price,
      });
    }
    return { ...computeStats([...orders.values()], range), range: { from: range.from, to: range.to }, shop_id: shopId };
  }

  return {
    compute,

    /** The product table as a CSV file: its name and its text. */
    async csv(query: StatsQuery = {}): Promise<{ filename: string; text: string }> {
      const stats = await compute(query);
      return { filename: statsCsvFilename(stats.range, stats.shop_id), text: productStatsCsv(stats.products) };
    },

    /** Today on the island (YYYY-MM-DD), for callers asking "today" or "the last 7 days" (the bot). */
    today(): string {
      return islandDate(clock());
    },
  };
}
