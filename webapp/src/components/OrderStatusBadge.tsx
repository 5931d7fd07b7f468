import type { OrderStatus } from "@domain/orders";
import { orderStatusLabel } from "../lib/labels";
import "./OrderStatusBadge.css";

/** The order's status in the spec's words (N New, W In progress, P Pending, C Canceled, S Done). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className="status-badge" data-status={status} data-testid="order-status">
      {orderStatusLabel(status)}
    </span>
  );
}
