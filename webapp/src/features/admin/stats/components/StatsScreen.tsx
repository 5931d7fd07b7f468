import { useMemo, useState } from "react";
import { t } from "../../../../lib/i18n";
import { DownloadIcon } from "../../../../components/moreIcons";
import { useAdminStats } from "../api/useAdminStats";
import { useDownloadStatsCsv } from "../api/useDownloadStatsCsv";
import { islandToday, rangeQuery, type RangeKind, type StatsQuery } from "../statsRange";
import { SalesChart, TopProductsChart } from "./StatsCharts";
import { StatsFilters, type StatsShopChoice } from "./StatsFilters";
import { ProductStats, TotalStats } from "./StatsTables";
import "./stats.css";

/** The spec's loading text (§2 /admin/stat), as English says it. */
const STATS_LOADING = "staff.stats.loading";

/**
 * /admin/stat: 'STATISTICS', the spec's totals and product table over completed orders, and beyond the spec a
 * date range, a shop filter, the charts and the CSV of the product table.
 */
export function StatsScreen({ shops }: { shops: readonly StatsShopChoice[] }) {
  const [range, setRange] = useState<RangeKind>("30d");
  const [custom, setCustom] = useState(() => ({ from: "", to: islandToday() }));
  const [shopId, setShopId] = useState(0);
  const query = useMemo<StatsQuery>(
    () => ({ ...rangeQuery(range, custom), ...(shopId ? { shop_id: shopId } : {}) }),
    [range, custom, shopId],
  );
  const stats = useAdminStats(query);
  const csv = useDownloadStatsCsv();

  return (
    <section className="page stats-page">
      <h1 className="page__title">{t("staff.stats.title")}</h1>
      <StatsFilters
        range={range}
        onRange={setRange}
        custom={custom}
        onCustom={setCustom}
        shops={shops}
        shopId={shopId}
        onShop={setShopId}
      />

      {stats.data ? (
        <div className="stats-body" aria-busy={stats.isPlaceholderData} data-testid="stats" data-loading={stats.isPlaceholderData}>
          <TotalStats totals={stats.data.totals} />
          <SalesChart days={stats.data.days} />
          <TopProductsChart products={stats.data.products} />
          <ProductStats products={stats.data.products} />
          <button
            type="button"
            className="button button--ghost stats-csv"
            onClick={() => csv.mutate(query)}
            disabled={csv.isPending}
            data-testid="stats-csv"
          >
            {csv.isPending ? <span className="button__spinner" aria-hidden="true" /> : <DownloadIcon />}
            {t("staff.stats.csv")}
          </button>
        </div>
      ) : stats.isPending ? (
        <p className="status-message" role="status" data-testid="stats-loading">
          <span className="spinner" aria-hidden="true" />
          {t(STATS_LOADING)}
        </p>
      ) : (
        <div className="status-message">
          <p>{t("staff.stats.failed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void stats.refetch()}>
            {t("staff.tryAgain")}
          </button>
        </div>
      )}
    </section>
  );
}
