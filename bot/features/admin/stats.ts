/** /stats for admins: today's and the last seven days' completed orders, from the statistics service. */
import { Composer } from "grammy";
import { formatAmount, formatBaht } from "../../../server/domain/format";
import { formatOrderDate } from "../../../server/domain/orders";
import { islandDate, type StoreStats } from "../../../server/domain/stats";
import type { BotContext } from "../../context";
import { adminTexts } from "../../texts";

export const statsCommand = new Composer<BotContext>();

const DAY_MS = 86_400_000;

/** The statistics service's figures (completed orders), products best-selling first. */
export type StatsReport = Pick<StoreStats, "totals" | "products">;

/** 23.11.2026, as the bot writes dates. */
function shownDate(isoDate: string): string {
  return formatOrderDate(`${isoDate}T00:00:00.000Z`, false);
}

/** The three best sellers by money taken. */
export const TOP_PRODUCTS = 3;

function statsBlock(title: string, report: StatsReport): string[] {
  const { totals } = report;
  if (totals.orders === 0) return [title, adminTexts.statsNone];
  // The service lists the products by money taken, highest first.
  const top = report.products.slice(0, TOP_PRODUCTS);
  return [
    title,
    adminTexts.statsOrders(totals.orders),
    adminTexts.statsSales(totals.total_sales_discounted_price),
    adminTexts.statsMargin(totals.total_sales_discounted_price - totals.total_sales_cost_price),
    adminTexts.statsTop,
    ...top.map((p, i) => `${i + 1}. ${p.product}: ${formatAmount(p.total_amount)} sold, ${formatBaht(p.discounted_price_sum)}`),
  ];
}

export function statsMessage(now: number, today: StatsReport, week: StatsReport): string {
  const to = islandDate(now);
  const from = islandDate(now - 6 * DAY_MS);
  return [
    ...statsBlock(adminTexts.statsToday(shownDate(to)), today),
    "",
    ...statsBlock(adminTexts.statsWeek(shownDate(from), shownDate(to)), week),
    "",
    adminTexts.statsFooter,
  ].join("\n");
}

statsCommand.command("stats", async (ctx, next) => {
  const backOffice = ctx.deps.backOffice;
  if (!backOffice || (await ctx.deps.botAdmin.adminOf(ctx.sender.id)) === null) return next();
  const now = ctx.deps.clock();
  const to = islandDate(now);
  const [today, week] = await Promise.all([
    backOffice.stats.compute({ from: to, to }),
    backOffice.stats.compute({ from: islandDate(now - 6 * DAY_MS), to }),
  ]);
  await ctx.reply(statsMessage(now, today, week));
});
