/** /stats for admins: today's and the last seven days' completed orders, from the statistics service. */
import { Composer } from "grammy";
import { formatOrderDate } from "../../../server/domain/orders";
import { islandDate, type StoreStats } from "../../../server/domain/stats";
import type { BotContext } from "../../context";
import type { Say } from "../../i18n";
import { adminTextsOf } from "../../texts";

export const statsCommand = new Composer<BotContext>();

const DAY_MS = 86_400_000;

/** The statistics service's figures (completed orders), products best-selling first. */
export type StatsReport = Pick<StoreStats, "totals" | "products">;

/** 23.11.2026, as the bot writes dates (in the reader's locale's way). */
function shownDate(say: Say, isoDate: string): string {
  return formatOrderDate(`${isoDate}T00:00:00.000Z`, false, say.locale);
}

/** The three best sellers by money taken. */
export const TOP_PRODUCTS = 3;

function statsBlock(say: Say, title: string, report: StatsReport): string[] {
  const adminTexts = adminTextsOf(say);
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
    ...top.map((p, i) => adminTexts.statsTopLine(i + 1, p.product, p.total_amount, p.discounted_price_sum)),
  ];
}

export function statsMessage(say: Say, now: number, today: StatsReport, week: StatsReport): string {
  const adminTexts = adminTextsOf(say);
  const to = islandDate(now);
  const from = islandDate(now - 6 * DAY_MS);
  return [
    ...statsBlock(say, adminTexts.statsToday(shownDate(say, to)), today),
    "",
    ...statsBlock(say, adminTexts.statsWeek(shownDate(say, from), shownDate(say, to)), week),
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
  await ctx.reply(statsMessage(ctx.say, now, today, week));
});
