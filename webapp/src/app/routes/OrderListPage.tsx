import { ReceiptIcon } from "../../components/icons";
import { LoadMore } from "../../components/LoadMore";
import { formatAmount } from "@domain/format";
import { useOrderPages } from "../../features/orders/api/useOrderPages";
import { OrderRow } from "../../features/orders/components/OrderRow";
import { PageLoading } from "./PageLoading";
import "./pages.css";
import { t } from "../../lib/i18n";

/** /list/orders: every own order, newest first, more as the list scrolls, with the count of done (S) orders (spec §2). */
export function OrderListPage() {
  const orders = useOrderPages();
  const list = orders.data?.pages.flatMap((page) => page.orders);
  const counts = orders.data?.pages[0]?.counts;
  return (
    <section className="page">
      <h1 className="page__title">{t("orders.title")}</h1>
      {orders.isPending ? (
        <PageLoading text={t("orders.loading")} />
      ) : !list ? (
        <div className="status-message">
          <p>{t("orders.failed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void orders.refetch()}>
            {t("ui.tryAgain")}
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="status-message" data-testid="orders-empty">
          <span className="status-message__icon">
            <ReceiptIcon />
          </span>
          <p className="status-message__title">{t("orders.empty")}</p>
        </div>
      ) : (
        <>
          <div className="order-list-page__summary">
            <span className="order-list-page__stat">
              <strong data-testid="orders-count">{formatAmount(counts?.all ?? list.length)}</strong>
              <span>{t("orders.count")}</span>
            </span>
            <span className="order-list-page__stat">
              <strong data-testid="orders-done-count">{formatAmount(counts?.done ?? 0)}</strong>
              <span>{t("orders.done")}</span>
            </span>
          </div>
          <ul className="order-list">
            {list.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={orders.hasNextPage} loading={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
        </>
      )}
    </section>
  );
}
