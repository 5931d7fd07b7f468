import { useId, useState, type FormEvent } from "react";
import type { StaffOrder } from "@domain/contracts/staff";
import { formatBaht } from "@domain/format";
import { parseDiscountPercent } from "@domain/handover";
import { discountedPrice } from "@domain/orders";
import { notify } from "../../../components/notificationStore";
import { t } from "../../../lib/i18n";
import { haptic, showConfirm } from "../../../lib/telegram";
import { useCancelOrderAsAdmin } from "../api/useCancelOrderAsAdmin";
import { useSetDiscount } from "../api/useSetDiscount";
import { messageWithSlots } from "../messageSlots";
import "./handover.css";

/** Spec §5: a whole number 0–100, else 'Некорректное число'; null when it is not one. */
function percentOf(text: string): number | null {
  try {
    return parseDiscountPercent(text);
  } catch {
    return null;
  }
}

/** Admins only, while payment or delivery is not S (spec §4): a discount in percent, and cancelling the order. */
export function AdminOrderTools({ order }: { order: StaffOrder }) {
  const inputId = useId();
  const [percentText, setPercentText] = useState(String(order.discount_percent));
  const discount = useSetDiscount();
  const cancel = useCancelOrderAsAdmin();
  const percent = percentOf(percentText);

  const onDiscount = (event: FormEvent) => {
    event.preventDefault();
    if (discount.isPending) return;
    if (percent === null) {
      haptic("error");
      notify(t("staff.admin.invalidNumber"), "W");
      return;
    }
    discount.mutate(
      { id: order.id, percent },
      {
        onSuccess: (changed) => {
          haptic("success");
          const amount = formatBaht(changed.discounted_price);
          notify(t("staff.admin.discountApplied", { percent: changed.discount_percent, amount }), "S");
        },
      },
    );
  };

  const onCancel = async () => {
    if (!(await showConfirm(t("staff.admin.cancelQuestion", { id: order.id })))) return;
    cancel.mutate(order.id, {
      onSuccess: () => {
        haptic("warning");
        notify(t("staff.admin.canceled", { id: order.id }), "N");
      },
    });
  };

  return (
    <div className="handover-card card" data-testid="admin-tools">
      <h2 className="section-title">{t("staff.admin.title")}</h2>
      {order.actions.discount && (
        <form className="handover-discount" onSubmit={onDiscount} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              {t("staff.admin.discountLabel")}
            </label>
            <span className="handover-discount__row">
              <input
                id={inputId}
                className="field__input"
                type="text"
                inputMode="numeric"
                value={percentText}
                onChange={(event) => setPercentText(event.target.value)}
                data-testid="discount-input"
              />
              <button type="submit" className="button button--ghost" disabled={discount.isPending} data-testid="apply-discount">
                {discount.isPending && <span className="button__spinner" aria-hidden="true" />}
                {t("staff.admin.apply")}
              </button>
            </span>
          </div>
          {percent !== null && percent > 0 && (
            <p className="handover-discount__preview">
              {messageWithSlots("staff.admin.toPay", {
                old: <s>{formatBaht(order.total_price)}</s>,
                new: formatBaht(discountedPrice(order.total_price, percent)),
              })}
            </p>
          )}
        </form>
      )}
      {order.actions.cancel && (
        <button
          type="button"
          className="button button--danger"
          onClick={() => void onCancel()}
          disabled={cancel.isPending}
          data-testid="admin-cancel-order"
        >
          {cancel.isPending && <span className="button__spinner" aria-hidden="true" />}
          {t("staff.admin.cancelOrder")}
        </button>
      )}
    </div>
  );
}
