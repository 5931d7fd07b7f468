import { useState } from "react";
import type { SalesFilter } from "@domain/handover";
import { t } from "../../lib/i18n";
import { useSales } from "../../features/handover/api/useSales";
import { SalesFilterTabs } from "../../features/handover/components/SalesFilterTabs";
import { StaffOrderList } from "../../features/handover/components/StaffOrderList";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/**
 * /list/sales (the shops' sales) and /list/manager/sales (`mine`: the orders this manager took or handed over),
 * with the filters New and Done and their counts (spec §2); rows open the hand-over screen.
 */
export function SalesPage({ mine }: { mine: boolean }) {
  const [filter, setFilter] = useState<SalesFilter>("new");
  const sales = useSales(filter, mine);
  const list = sales.data?.pages.flatMap((page) => page.orders);
  const counts = sales.data?.pages[0]?.counts;
  return (
    <section className="page staff-page">
      <h1 className="page__title">{mine ? t("staff.sales.mine") : t("staff.sales.all")}</h1>
      <SalesFilterTabs value={filter} counts={counts} onChange={setFilter} />
      {list ? (
        <div className="staff-page__list">
          <StaffOrderList
            orders={list}
            measuredAt={sales.dataUpdatedAt}
            canTake={false}
            hasMore={sales.hasNextPage}
            loadingMore={sales.isFetchingNextPage}
            onMore={() => void sales.fetchNextPage()}
            emptyText={filter === "new" ? t("staff.sales.emptyNew") : t("staff.sales.emptyDone")}
          />
        </div>
      ) : sales.isPending ? (
        <PageLoading text={t("staff.sales.loading")} />
      ) : (
        <div className="status-message">
          <p>{t("staff.sales.failed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void sales.refetch()}>
            {t("staff.tryAgain")}
          </button>
        </div>
      )}
    </section>
  );
}
