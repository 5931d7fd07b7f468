import { useState } from "react";
import type { StaffOrder, StatusesBody } from "@domain/contracts/staff";
import { DELIVERY_STATUSES, PAYMENT_STATUSES } from "@domain/handover";
import { notify } from "../../../components/notificationStore";
import { t } from "../../../lib/i18n";
import { haptic } from "../../../lib/telegram";
import { useSaveStatuses } from "../api/useSaveStatuses";
import { deliveryStatusLabel, paymentStatusLabel } from "../../../lib/labels";
import { TonPaymentFacts } from "./TonPaymentFacts";
import "./handover.css";

/**
 * Payment and delivery statuses (spec §7 update_settings_status): editable while the order is on the counter,
 * read-only once it is done or canceled. Mount it keyed by the saved statuses so a change from elsewhere shows.
 */
export function StatusesCard({ order }: { order: StaffOrder }) {
  const [statuses, setStatuses] = useState<StatusesBody>({ payment_status: order.payment_status, delivery_status: order.delivery_status });
  const save = useSaveStatuses();
  const editable = order.actions.statuses;
  const changed = statuses.payment_status !== order.payment_status || statuses.delivery_status !== order.delivery_status;

  const onSave = () =>
    save.mutate(
      { id: order.id, statuses },
      {
        onSuccess: () => {
          haptic("success");
          notify(t("staff.statuses.updated"), "S");
        },
        onError: () => haptic("error"),
      },
    );

  if (!editable) {
    // A canceled order was never paid or delivered, rather than waiting for it.
    const canceled = order.status === "C";
    return (
      <div className="handover-card card" data-testid="handover-statuses">
        <h2 className="section-title">{t("staff.statuses.title")}</h2>
        <TonPaymentFacts order={order} />
        <dl className="handover-facts handover-facts--plain">
          <div className="handover-fact">
            <dt className="handover-fact__label">{t("staff.handover.payment")}</dt>
            <dd data-testid="payment-status-text">
              {canceled && order.payment_status === "P" ? t("staff.statuses.notPaid") : paymentStatusLabel(order.payment_status)}
            </dd>
          </div>
          <div className="handover-fact">
            <dt className="handover-fact__label">{t("staff.handover.delivery")}</dt>
            <dd data-testid="delivery-status-text">
              {canceled && order.delivery_status === "P" ? t("staff.statuses.notDelivered") : deliveryStatusLabel(order.delivery_status)}
            </dd>
          </div>
        </dl>
      </div>
    );
  }

  return (
    <div className="handover-card card" data-testid="handover-statuses">
      <h2 className="section-title">{t("staff.statuses.title")}</h2>
      <TonPaymentFacts order={order} />
      <div className="handover-statuses">
        <label className="field">
          <span className="field__label">{t("staff.handover.payment")}</span>
          <select
            className="field__input handover-select"
            value={statuses.payment_status}
            onChange={(event) => setStatuses({ ...statuses, payment_status: event.target.value as StatusesBody["payment_status"] })}
            data-testid="payment-status"
          >
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {paymentStatusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("staff.handover.delivery")}</span>
          <select
            className="field__input handover-select"
            value={statuses.delivery_status}
            onChange={(event) => setStatuses({ ...statuses, delivery_status: event.target.value as StatusesBody["delivery_status"] })}
            data-testid="delivery-status"
          >
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {deliveryStatusLabel(status)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button
        type="button"
        className="button button--ghost"
        onClick={onSave}
        disabled={!changed || save.isPending}
        data-testid="save-statuses"
      >
        {save.isPending && <span className="button__spinner" aria-hidden="true" />}
        {t("staff.statuses.save")}
      </button>
    </div>
  );
}
