import { Link } from "wouter";
import type { StaffOrder } from "@domain/contracts/staff";
import { formatBaht } from "@domain/format";
import { formatOrderDate } from "@domain/orders";
import { ClockIcon } from "../../../components/moreIcons";
import { OrderStatusBadge } from "../../../components/OrderStatusBadge";
import { useHoldCountdown } from "../../../components/useHoldCountdown";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { itemCount } from "../staffOrder";
import { deliveryOptionLabel } from "../../../lib/labels";
import { TakeOrderButton } from "./TakeOrderButton";
import "./handover.css";

interface StaffOrderRowProps {
  order: StaffOrder;
  /** When the list holding the order was fetched: the hold countdown runs from there. */
  measuredAt: number;
  /** Spec §4: 'take order' is for managers; admins see the order without it. */
  canTake: boolean;
}

/** One order in a staff list: opens the hand-over screen; a new one shows its hold and, for managers, 'take order'. */
export function StaffOrderRow({ order, measuredAt, canTake }: StaffOrderRowProps) {
  const time = formatOrderDate(order.created).split(" ")[1];
  const customer = order.user_data.email ?? order.user_firstname ?? t("staff.handover.customer");
  const showTake = canTake && order.actions.take;
  return (
    <li className="staff-row" data-testid="staff-order-row" data-order-id={order.id} data-status={order.status}>
      <Link href={paths.manageOrder(order.id)} className="staff-row__link">
        <span className="staff-row__main">
          <span className="staff-row__head">
            <span className="staff-row__number">{t("staff.order", { id: order.id })}</span>
            <OrderStatusBadge status={order.status} />
          </span>
          <span className="staff-row__meta">
            <span>{time}</span>
            <span>{order.store.name}</span>
            <span>{t("staff.items", { count: itemCount(order) })}</span>
            <span>{deliveryOptionLabel(order.delivery_option) ?? t("staff.row.noDelivery")}</span>
          </span>
          {order.cancel_reason && (
            <span className="staff-row__canceled" data-testid="staff-row-cancel-reason">
              {t(`staff.row.canceled.${order.cancel_reason}` as const)}
            </span>
          )}
          <span className="staff-row__who">
            <span data-testid="staff-row-customer">{customer}</span>
            {order.manager_desc && <span data-testid="staff-row-manager">{t("staff.row.manager", { name: order.manager_desc.name })}</span>}
          </span>
        </span>
        <strong className="staff-row__total" data-testid="staff-row-total">
          {formatBaht(order.discounted_price)}
        </strong>
      </Link>
      {(order.status === "N" || showTake) && (
        <span className="staff-row__foot">
          {order.status === "N" && <RowHold remaining={order.remaining_time} measuredAt={measuredAt} />}
          {showTake && <TakeOrderButton orderId={order.id} compact />}
        </span>
      )}
    </li>
  );
}

/** The hold's countdown, small: the first 5 characters of remaining_time, nothing once it has run out. */
function RowHold({ remaining, measuredAt }: { remaining: string | null; measuredAt: number }) {
  const left = useHoldCountdown(remaining, measuredAt);
  if (left === null) return <span className="staff-row__hold staff-row__hold--none" />;
  return (
    <span className="staff-row__hold" role="timer" aria-label={t("staff.hold", { left })}>
      <ClockIcon />
      <span data-testid="staff-row-hold">{left}</span>
    </span>
  );
}
