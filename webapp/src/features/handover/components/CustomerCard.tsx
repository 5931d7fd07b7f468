import type { StaffOrder } from "@domain/contracts/staff";
import { formatBaht } from "@domain/format";
import { DELIVERY_OPTIONS } from "@domain/orders";
import { CourierWhere } from "../../../components/CourierWhere";
import { PhoneIcon } from "../../../components/moreIcons";
import { t } from "../../../lib/i18n";
import { deliveryOptionLabel, paymentOptionLabel } from "../../../lib/labels";
import "./handover.css";

/**
 * Who the order is for and who answers for it (spec §2 "Manager order view"): the customer with the masked
 * e-mail and bonus balance, the responsible manager (or nobody yet), and how it was to be delivered and paid.
 */
export function CustomerCard({ order }: { order: StaffOrder }) {
  const name = order.user_firstname ?? t("staff.handover.customer");
  // Paid with bonus is how it was paid, whatever the customer picked: a cash count must not include it.
  const paidBy = order.paid_with_bonus
    ? t("staff.handover.bonus")
    : (paymentOptionLabel(order.payment_option) ?? t("staff.handover.notChosen"));
  return (
    <div className="handover-card card handover-people">
      <div className="handover-person">
        {order.user_photourl ? (
          <img className="handover-person__avatar" src={order.user_photourl} alt="" width={40} height={40} />
        ) : (
          <span className="handover-person__avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <span className="handover-person__who">
          <span className="handover-person__name">{name}</span>
          <span className="handover-person__sub" data-testid="customer-email">
            {order.user_data.email ?? t("staff.handover.signedInWithTelegram")}
          </span>
        </span>
        <span className="handover-person__balance">
          <span className="handover-fact__label">{t("staff.handover.bonus")}</span>
          <span data-testid="customer-bonus">{formatBaht(order.partner_balance)}</span>
        </span>
      </div>
      <dl className="handover-facts">
        <div className="handover-fact">
          <dt className="handover-fact__label">{t("staff.handover.responsible")}</dt>
          <dd data-testid="responsible-manager">
            {order.manager_desc?.name ?? t(order.status === "C" ? "staff.handover.nobody" : "staff.handover.nobodyYet")}
          </dd>
        </div>
        <div className="handover-fact">
          <dt className="handover-fact__label">{t("staff.handover.shop")}</dt>
          <dd>{order.store.name}</dd>
        </div>
        <div className="handover-fact">
          <dt className="handover-fact__label">{t("staff.handover.delivery")}</dt>
          <dd data-testid="handover-delivery">{deliveryOptionLabel(order.delivery_option) ?? t("staff.handover.notChosen")}</dd>
        </div>
        <div className="handover-fact">
          <dt className="handover-fact__label">{t("staff.handover.payment")}</dt>
          <dd data-testid="handover-payment">{paidBy}</dd>
        </div>
      </dl>
      {order.delivery_option === DELIVERY_OPTIONS.courier && (order.phone || order.delivery_address || order.delivery_address_link) && (
        <div className="handover-courier">
          {order.phone && (
            <a href={`tel:${order.phone}`}>
              <PhoneIcon />
              {order.phone}
            </a>
          )}
          {(order.delivery_address || order.delivery_address_link) && (
            <CourierWhere address={order.delivery_address} link={order.delivery_address_link} />
          )}
        </div>
      )}
    </div>
  );
}
