import type { OrderStatus } from "@domain/orders";
import { t } from "../../../lib/i18n";
import { useStaffOrders } from "../api/useStaffOrders";
import { StaffOrderList } from "./StaffOrderList";
import "./handover.css";

interface OrderSectionProps {
  title: string;
  status: OrderStatus;
  canTake: boolean;
}

/** One section of the manager cabinet (spec §2): the shops' orders of one status, by day, polled. */
export function OrderSection({ title, status, canTake }: OrderSectionProps) {
  const orders = useStaffOrders(status);
  const list = orders.data?.pages.flatMap((page) => page.orders);
  return (
    <section className="staff-section" data-testid="staff-section" data-status={status} aria-label={title}>
      <h2 className="section-title staff-section__title">
        {title}
        {list && list.length > 0 && (
          <span className="staff-section__count pill pill--accent" data-testid="staff-section-count">
            {list.length}
            {orders.hasNextPage ? "+" : ""}
          </span>
        )}
      </h2>
      {list ? (
        <StaffOrderList
          orders={list}
          measuredAt={orders.dataUpdatedAt}
          canTake={canTake}
          hasMore={orders.hasNextPage}
          loadingMore={orders.isFetchingNextPage}
          onMore={() => void orders.fetchNextPage()}
          emptyText={t("staff.list.noOrders")}
        />
      ) : orders.isPending ? (
        <p className="staff-empty" role="status">
          <span className="button__spinner" aria-hidden="true" />
          {t("staff.list.loading")}
        </p>
      ) : (
        <div className="staff-empty">
          <p>{t("staff.list.sectionFailed")}</p>
          <button type="button" className="button button--ghost staff-more" onClick={() => void orders.refetch()}>
            {t("staff.tryAgain")}
          </button>
        </div>
      )}
    </section>
  );
}
