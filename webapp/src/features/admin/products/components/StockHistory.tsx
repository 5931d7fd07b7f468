import { formatAmount, formatIslandTime, islandClock } from "@domain/format";
import { LoadMore } from "../../../../components/LoadMore";
import type { AdminProduct } from "../api/types";
import { useStockHistory } from "../api/useStockHistory";

const REASONS = { added: "Added", moved: "Moved", sold: "Sold", returned: "Returned" } as const;

/** DD.M.YYYY HH:MM (spec §9) on the island's clock, as every date of the store. */
function dateOf(iso: string): string {
  if (Number.isNaN(Date.parse(iso))) return iso;
  const day = islandClock(iso);
  return `${String(day.getUTCDate()).padStart(2, "0")}.${day.getUTCMonth() + 1}.${day.getUTCFullYear()} ${formatIslandTime(iso)}`;
}

/** Every stock change of a product (who, when, shop, option, change, what is left), newest first. */
export function StockHistory({ product }: { product: AdminProduct }) {
  const history = useStockHistory(product.id);
  if (history.isPending) return <p className="admin-history__note">Loading stock history...</p>;
  if (!history.data) {
    return (
      <div className="admin-history__note admin-history__failed" role="alert" data-testid="stock-history-failed">
        <p>The stock history could not be loaded.</p>
        <button type="button" className="button button--ghost" onClick={() => void history.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="admin-history__note">No stock changes yet</p>;
  return (
    <>
      <ol className="admin-history" data-testid="stock-history">
        {entries.map((entry) => (
          <li key={entry.id} className="admin-history__entry" data-testid="stock-history-entry" data-reason={entry.reason}>
            <span className="admin-history__what">
              <strong>{REASONS[entry.reason]}</strong> · {entry.shop_name} · {entry.price_text || "Standard"}
              {entry.order_id !== null && ` · order #${entry.order_id}`}
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
              {entry.who ? ` · ${entry.who.name || entry.who.email || `user ${entry.who.user_id}`}` : ""}
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
