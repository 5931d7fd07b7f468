import { t } from "../../lib/i18n";
import { useSession } from "../../features/auth/hooks/useSession";
import { useStaffOrders } from "../../features/handover/api/useStaffOrders";
import { StaffOrderList } from "../../features/handover/components/StaffOrderList";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/** /list/store-orders: every order of the shops the staff member works for (an admin: every shop), by day. */
export function StoreOrdersPage() {
  const { isAdmin } = useSession();
  const orders = useStaffOrders(null);
  const list = orders.data?.pages.flatMap((page) => page.orders);
  return (
    <section className="page staff-page">
      <h1 className="page__title">{t("staff.storeOrders")}</h1>
      {list ? (
        <div className="staff-page__list">
          <StaffOrderList
            orders={list}
            measuredAt={orders.dataUpdatedAt}
            canTake={!isAdmin}
            hasMore={orders.hasNextPage}
            loadingMore={orders.isFetchingNextPage}
            onMore={() => void orders.fetchNextPage()}
            emptyText={t("staff.storeOrders.empty")}
          />
        </div>
      ) : orders.isPending ? (
        <PageLoading text={t("staff.list.loading")} />
      ) : (
        <div className="status-message">
          <p>{t("staff.storeOrders.failed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void orders.refetch()}>
            {t("staff.tryAgain")}
          </button>
        </div>
      )}
    </section>
  );
}
