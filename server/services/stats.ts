/**
 * Store statistics (issue 12): the figures of completed orders over an island date range, at one shop or
 * all, for the admin's page, its CSV and the bot's /stats. The sums come from the roll-up the hand-over keeps
 * (db/repositories/stats.ts); server/domain/stats.ts lays them out and is the hand computation they equal.
 */
import type { DB } from "../../db/connection";
import {
  rebuildRollup,
  rollupIsFresh,
  selectDaySums,
  selectProductSums,
  selectStatsVersion,
  shopExists,
} from "../../db/repositories/stats";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { NotFoundError } from "../domain/errors";
import {
  islandDate,
  parseStatsRange,
  productStatsCsv,
  statsCsvFilename,
  statsFromSums,
  type DaySums,
  type ProductStatsRow,
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

/** Answers kept per process (docs/decisions.md "Statistics answers kept until their figures move"). */
const ANSWERS_KEPT = 32;

type Answer = StoreStats & { range: { from: string | null; to: string | null }; shop_id: number | null };

export function createStats({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("stats");
  // The last answers, by question and the roll-up's version (selectStatsVersion): a year's day or month is ~470
  // products' rows to read and lay out; asked again before any order completes or any product changes, the
  // answer is the same one. Oldest first (a Map keeps insertion order).
  const answers = new Map<string, Answer>();
  const keep = (key: string, answer: Answer) => {
    answers.delete(key);
    answers.set(key, answer);
    while (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
  };

  /** Rebuilds the statistics' roll-up from the orders when it is behind them (at start, or before a read). */
  async function refresh(): Promise<boolean> {
    return units.write("refreshRollup", async (tx) => {
      if (await rollupIsFresh(tx)) return false;
      await rebuildRollup(tx);
      return true;
    });
  }

  async function compute(query: StatsQuery = {}): Promise<Answer> {
    const range = parseStatsRange(query);
    const shopId = query.shop_id ?? null;
    const filter = { from: range.from, to: range.to, shopId };
    const question = `${range.from}|${range.to}|${shopId}`;
    const read = () =>
      units.read("compute", async (tx): Promise<Answer | { days: DaySums[]; products: ProductStatsRow[]; key: string } | null> => {
        if (shopId !== null && !(await shopExists(tx, shopId))) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
        const version = await selectStatsVersion(tx);
        if (!version.fresh) return null;
        const key = `${question}|${version.key}`;
        const kept = answers.get(key);
        if (kept) return kept;
        return { days: await selectDaySums(tx, filter), products: await selectProductSums(tx, filter), key };
      });
    const answerOf = (sums: NonNullable<Awaited<ReturnType<typeof read>>>): Answer => {
      if (!("key" in sums)) return sums;
      const answer = { ...statsFromSums(sums.days, sums.products, range), range: { from: range.from, to: range.to }, shop_id: shopId };
      keep(sums.key, answer);
      return answer;
    };
    // The roll-up is behind when completed orders were written by another path (a seed, a script): rebuild it
    // once, then read it.
    let sums = await read();
    for (let tries = 0; sums === null && tries < 3; tries++) {
      await refresh();
      sums = await read();
    }
    if (sums === null) throw new Error("The statistics' roll-up could not be brought up to date.");
    return answerOf(sums);
  }

  return {
    compute,
    refresh,

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
