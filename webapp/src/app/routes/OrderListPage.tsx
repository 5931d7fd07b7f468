import { ReceiptIcon } from "../../components/icons";
import { formatAmount } from "@domain/format";
import { useOrders } from "../../features/orders/api/useOrders";
import { OrderRow } from "../../features/orders/components/OrderRow";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/** /list/orders: every own order, newest first, with the count of done (S) orders (spec §2). */
export function OrderListPage() {
  const orders = useOrders();
  const list = orders.data;
  return (
    <section className="page">
      <h1 className="page__title">All orders</h1>
      {orders.isPending ? (
        <PageLoading text="Loading orders..." />
      ) : !list ? (
        <div className="status-message">
          <p>Your orders could not be loaded.</p>
          <button type="button" className="button button--ghost" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="status-message" data-testid="orders-empty">
          <span className="status-message__icon">
            <ReceiptIcon />
          </span>
          <p className="status-message__title">No orders yet</p>
        </div>
      ) : (
        <>
          <div className="order-list-page__summary">
            <span className="order-list-page__stat">
              <strong data-testid="orders-count">{formatAmount(list.length)}</strong>
              <span>Orders</span>
            </span>
            <span className="order-list-page__stat">
              <strong data-testid="orders-done-count">{formatAmount(list.filter((order) => order.status === "S").length)}</strong>
              <span>Done</span>
            </span>
          </div>
          <ul className="order-list">
            {list.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
