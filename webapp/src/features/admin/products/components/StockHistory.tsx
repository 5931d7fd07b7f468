import { formatAmount, formatIslandTime, islandClock } from "@domain/format";
import { formatOrderDate } from "@domain/orders";
import { LoadMore } from "../../../../components/LoadMore";
import { currentLocale, t } from "../../../../lib/i18n";
import type { AdminProduct } from "../api/types";
import { useStockHistory } from "../api/useStockHistory";

const REASONS = {
  added: "staff.stock.reason.added",
  moved: "staff.stock.reason.moved",
  sold: "staff.stock.reason.sold",
  returned: "staff.stock.reason.returned",
} as const;

/** DD.M.YYYY HH:MM (spec §9) on the island's clock, as every date of the store; Russian and Thai in their own form. */
function dateOf(iso: string): string {
  if (Number.isNaN(Date.parse(iso))) return iso;
  if (currentLocale() !== "en") return formatOrderDate(iso);
  const day = islandClock(iso);
  return `${String(day.getUTCDate()).padStart(2, "0")}.${day.getUTCMonth() + 1}.${day.getUTCFullYear()} ${formatIslandTime(iso)}`;
}

/** Every stock change of a product (who, when, shop, option, change, what is left), newest first. */
export function StockHistory({ product }: { product: AdminProduct }) {
  const history = useStockHistory(product.id);
  if (history.isPending) return <p className="admin-history__note">{t("staff.stock.historyLoading")}</p>;
  if (!history.data) {
    return (
      <div className="admin-history__note admin-history__failed" role="alert" data-testid="stock-history-failed">
        <p>{t("staff.stock.historyFailed")}</p>
        <button type="button" className="button button--ghost" onClick={() => void history.refetch()}>
          {t("staff.tryAgain")}
        </button>
      </div>
    );
  }
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="admin-history__note">{t("staff.stock.historyEmpty")}</p>;
  return (
    <>
      <ol className="admin-history" data-testid="stock-history">
        {entries.map((entry) => (
          <li key={entry.id} className="admin-history__entry" data-testid="stock-history-entry" data-reason={entry.reason}>
            <span className="admin-history__what">
              <strong>{t(REASONS[entry.reason])}</strong> · {entry.shop_name} ·{" "}
              {/* "7 g" is one thing: never "7" at a line's end and "g" on the next. */}
              <span className="admin-history__option">{entry.price_text || t("staff.option.standard")}</span>
              {entry.order_id !== null && ` · ${t("staff.stock.order", { id: entry.order_id })}`}
            </span>
            <span className="admin-history__figures">
              <span className={entry.delta < 0 ? "admin-history__delta admin-history__delta--out" : "admin-history__delta"}>
                {entry.delta > 0 ? "+" : ""}
                {formatAmount(entry.delta)}
              </span>
              <span>→ {formatAmount(entry.amount_after)}</span>
            </span>
            <span className="admin-history__when">
              {dateOf(entry.created)}
              {entry.who ? ` · ${entry.who.name || entry.who.email || t("staff.stock.user", { id: entry.who.user_id })}` : ""}
            </span>
          </li>
        ))}
      </ol>
      <LoadMore
        hasMore={history.hasNextPage}
        loading={history.isFetchingNextPage}
        failed={history.isFetchNextPageError}
        onMore={() => void history.fetchNextPage()}
      />
    </>
  );
}
