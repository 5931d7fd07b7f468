import { islandClock } from "@domain/format";
import { formatOrderDate } from "@domain/orders";
import type { MessageId } from "../../../lib/i18n";

/** The date ranges the statistics page offers (beyond the spec's all-time figures). */
export type RangeKind = "today" | "7d" | "30d" | "all" | "custom";

export const RANGE_CHOICES: readonly { kind: RangeKind; label: MessageId }[] = [
  { kind: "today", label: "staff.stats.range.today" },
  { kind: "7d", label: "staff.stats.range.7d" },
  { kind: "30d", label: "staff.stats.range.30d" },
  { kind: "all", label: "staff.stats.range.all" },
  { kind: "custom", label: "staff.stats.range.custom" },
];

/** What GET /api/admin/stats is asked: island days YYYY-MM-DD (both ends included) and a shop, each optional. */
export interface StatsQuery {
  from?: string;
  to?: string;
  shop_id?: number;
}

/** Today's date on the island (UTC+7), whatever the phone's zone. */
export function islandToday(now = new Date()): string {
  return islandClock(now.toISOString()).toISOString().slice(0, 10);
}

/** `days` days before an island date. */
function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** The query of a range choice; a custom range keeps only the ends that are filled in. */
export function rangeQuery(kind: RangeKind, custom: { from: string; to: string }, today = islandToday()): Pick<StatsQuery, "from" | "to"> {
  switch (kind) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: daysBefore(today, 6), to: today };
    case "30d":
      return { from: daysBefore(today, 29), to: today };
    case "all":
      return {};
    case "custom":
      return { ...(custom.from ? { from: custom.from } : {}), ...(custom.to ? { to: custom.to } : {}) };
  }
}

/** An island day "2026-11-23" as the app writes dates in the display language ("23.11.2026", "23/11/2026"). */
export function formatDay(date: string): string {
  return formatOrderDate(`${date}T00:00:00+07:00`, false);
}
