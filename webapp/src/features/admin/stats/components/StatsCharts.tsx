import { useCallback, useMemo } from "react";
import type uPlot from "uplot";
import type { AdminStatsResponse } from "@domain/contracts/adminStats";
import { formatAmount } from "@domain/format";
import { currentLocale, t } from "../../../../lib/i18n";
import { formatDay } from "../statsRange";
import { UplotChart, type ChartColors } from "./UplotChart";

type Day = AdminStatsResponse["days"][number];
type ProductRow = AdminStatsResponse["products"][number];

/** How many products the bar chart shows: the best sellers by money taken. */
const TOP_PRODUCTS = 6;

const AXIS_FONT = "12px system-ui, sans-serif";
const DAY_S = 86_400;
/** Ticks fall on whole days (1, 2, 7 … days apart), never on hours. */
const DAY_INCRS = [1, 2, 7, 14, 30, 61, 91, 182, 365].map((days) => days * DAY_S);

/** An island day on the axis: "23.11" (Thai: "23/11", as its dates are written). */
function dayLabel(ts: number): string {
  const day = new Date(ts * 1000);
  return `${day.getUTCDate()}${currentLocale() === "th" ? "/" : "."}${day.getUTCMonth() + 1}`;
}

function axis(colors: ChartColors, extra: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: colors.hint,
    font: AXIS_FONT,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1, size: 4 },
    ...extra,
  };
}

/** Money is whole Baht: ticks 1, 2, 5, 10, 20, 50 … apart, never "0, 0, 0" for quarters of a Baht. */
const MONEY_INCRS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/** Money on an axis: "12,500", or "12.5k" once the figures get long. */
function moneyTick(value: number): string {
  return Math.abs(value) >= 10_000 ? `${formatAmount(Math.round(value / 100) / 10)}k`.replace(/\.0k$/, "k") : formatAmount(value);
}

/** A soft fill under the sales line, when the colour is one the canvas can be given with an alpha (#rrggbb). */
function withAlpha(color: string, alpha: number): { fill?: string } {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return {};
  return { fill: `${color}${Math.round(alpha * 255).toString(16).padStart(2, "0")}` };
}

/** How many characters of a name fit under one bar (12 px text, about 7 px a character). */
function labelChars(width: number, bars: number): number {
  return Math.max(6, Math.floor((width - 60) / Math.max(bars, 1) / 7));
}

/** "Gelato #41" stays; longer names are cut to fit under a bar. */
function shortName(name: string, max = 10): string {
  return name.length <= max ? name : `${name.slice(0, max - 1)}…`;
}

/** Sales and margin per island day, as two lines (the days come from the server, oldest first). */
export function SalesChart({ days }: { days: readonly Day[] }) {
  const data = useMemo<uPlot.AlignedData>(() => {
    // No day at all (nothing sold yet): one empty day, so the axes still have a range to draw.
    const shown = days.length > 0 ? days : [{ date: new Date().toISOString().slice(0, 10), sales: 0, margin: 0 }];
    return [shown.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000), shown.map((day) => day.sales), shown.map((day) => day.margin)];
  }, [days]);
  const options = useCallback(
    (_width: number, colors: ChartColors): Omit<uPlot.Options, "width" | "height"> => ({
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      // The days are island days: shown as they are, never moved into the phone's zone.
      tzDate: (ts) => new Date(ts * 1000 + new Date(ts * 1000).getTimezoneOffset() * 60_000),
      // Half a day either side: a single day is a point in the middle, not a chart spanning years.
      scales: {
        x: { time: true, auto: false, range: () => [data[0][0]! - DAY_S / 2, data[0][data[0].length - 1]! + DAY_S / 2] },
        y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, 1) * 1.1] },
      },
      axes: [
        axis(colors, { space: 48, incrs: DAY_INCRS, values: (_u, splits) => splits.map(dayLabel) }),
        axis(colors, { size: 52, incrs: MONEY_INCRS, values: (_u, splits) => splits.map(moneyTick) }),
      ],
      series: [
        {},
        {
          label: t("staff.stats.sales"),
          stroke: colors.accent,
          width: 2,
          ...withAlpha(colors.accent, 0.16),
          points: { show: days.length < 40, size: 6, fill: colors.accent },
        },
        { label: t("staff.stats.margin"), stroke: colors.amber, width: 2, points: { show: days.length < 40, size: 6, fill: colors.amber } },
      ],
    }),
    [data, days.length],
  );
  const label =
    days.length === 0
      ? t("staff.stats.noSales")
      : t("staff.stats.perDayRange", { from: formatDay(days[0]!.date), to: formatDay(days[days.length - 1]!.date) });
  return (
    <figure className="stats-card card stats-figure">
      <figcaption className="section-title stats-card__title">{t("staff.stats.perDay")}</figcaption>
      <ChartKey
        entries={[
          { name: t("staff.stats.sales"), className: "stats-key--sales" },
          { name: t("staff.stats.margin"), className: "stats-key--margin" },
        ]}
      />
      <UplotChart label={label} height={220} data={data} options={options} testId="sales-chart" />
    </figure>
  );
}

/** The best sellers by money taken, as bars under their (shortened) names. */
export function TopProductsChart({ products }: { products: readonly ProductRow[] }) {
  const top = useMemo(
    () => [...products].sort((a, b) => b.discounted_price_sum - a.discounted_price_sum).slice(0, TOP_PRODUCTS),
    [products],
  );
  const data = useMemo<uPlot.AlignedData>(() => [top.map((_row, index) => index), top.map((row) => row.discounted_price_sum)], [top]);
  const options = useCallback(
    (width: number, colors: ChartColors, library: typeof uPlot): Omit<uPlot.Options, "width" | "height"> => ({
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.6, max + 0.6] },
        y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
      },
      axes: [
        axis(colors, {
          grid: { show: false },
          values: (_u, splits) =>
            splits.map((split) => (Number.isInteger(split) ? shortName(top[split]?.product ?? "", labelChars(width, top.length)) : "")),
          incrs: [1],
        }),
        axis(colors, { size: 52, incrs: MONEY_INCRS, values: (_u, splits) => splits.map(moneyTick) }),
      ],
      series: [
        {},
        {
          label: t("staff.stats.sales"),
          stroke: colors.accent,
          fill: colors.accent,
          width: 0,
          points: { show: false },
          paths: library.paths.bars?.({ size: [0.6, 64], align: 0 }),
        },
      ],
    }),
    [top],
  );
  return (
    <figure className="stats-card card stats-figure">
      <figcaption className="section-title stats-card__title">{t("staff.stats.top")}</figcaption>
      <UplotChart
        label={top.length === 0 ? t("staff.stats.noTop") : t("staff.stats.topList", { names: top.map((row) => row.product).join(", ") })}
        height={200}
        data={data}
        options={options}
        testId="top-products-chart"
      />
    </figure>
  );
}

function ChartKey({ entries }: { entries: readonly { name: string; className: string }[] }) {
  return (
    <span className="stats-key" aria-hidden="true">
      {entries.map((entry) => (
        <span key={entry.name} className={`stats-key__item ${entry.className}`}>
          {entry.name}
        </span>
      ))}
    </span>
  );
}
