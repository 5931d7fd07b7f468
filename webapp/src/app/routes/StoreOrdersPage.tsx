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
      <h1 className="page__title">Store orders</h1>
      {list ? (
        <div className="staff-page__list">
          <StaffOrderList
            orders={list}
            measuredAt={orders.dataUpdatedAt}
            canTake={!isAdmin}
            hasMore={orders.hasNextPage}
            loadingMore={orders.isFetchingNextPage}
            onMore={() => void orders.fetchNextPage()}
            emptyText="No orders in your shops yet"
          />
        </div>
      ) : orders.isPending ? (
        <PageLoading text="Loading orders..." />
      ) : (
        <div className="status-message">
          <p>The orders could not be loaded.</p>
          <button type="button" className="button button--ghost" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
