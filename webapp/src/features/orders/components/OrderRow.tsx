import { Link } from "wouter";
import type { Order } from "@domain/contracts/orders";
import { formatBaht } from "@domain/format";
import { DELIVERY_OPTIONS, formatOrderDate } from "@domain/orders";
import { ChevronRightIcon } from "../../../components/moreIcons";
import { paths } from "../../../lib/paths";
import { OrderStatusBadge } from "../../../components/OrderStatusBadge";
import "./orders.css";
import { t } from "../../../lib/i18n";
import { deliveryStatusLabel } from "../../../lib/labels";

/**
 * One order in a list (cabinet, /list/orders): number, date DD.M.YYYY H:M, status, shop, total; and a hint of why a
 * canceled order was canceled, or where an open courier order's delivery stands once it has moved.
 */
export function OrderRow({ order }: { order: Order }) {
  const items = order.products.reduce((sum, line) => sum + line.amount, 0);
  const open = order.status === "N" || order.status === "W";
  const hint = order.cancel_reason
    ? t(`orders.canceled.${order.cancel_reason}` as const)
    : open && order.delivery_option === DELIVERY_OPTIONS.courier && order.delivery_status !== "P"
      ? deliveryStatusLabel(order.delivery_status)
      : null;
  return (
    <Link href={paths.order(order.id)} className="order-row list-row" data-testid="order-row" data-order-id={order.id}>
      <span className="order-row__main">
        <span className="order-row__head">
          <span className="order-row__number">{t("order.title", { id: order.id })}</span>
          <OrderStatusBadge status={order.status} />
        </span>
        <span className="order-row__meta">
          <span data-testid="order-date">{formatOrderDate(order.created)}</span>
          <span>{order.store.name}</span>
          <span>{t("ui.items", { count: items })}</span>
        </span>
        {hint && (
          <span className="order-row__hint" data-testid="order-hint" data-status={order.status}>
            {hint}
          </span>
        )}
      </span>
      <strong className="order-row__total" data-testid="order-total">
        {formatBaht(order.discounted_price)}
      </strong>
      <ChevronRightIcon className="order-row__chevron" />
    </Link>
  );
}
