import { useId, useState, type FormEvent } from "react";
import type { StaffOrder } from "@domain/contracts/staff";
import { formatBaht } from "@domain/format";
import { HANDOVER_TEXTS, parseDiscountPercent } from "@domain/handover";
import { discountedPrice } from "@domain/orders";
import { notify } from "../../../components/notificationStore";
import { haptic, showConfirm } from "../../../lib/telegram";
import { useCancelOrderAsAdmin } from "../api/useCancelOrderAsAdmin";
import { useSetDiscount } from "../api/useSetDiscount";
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
      notify(HANDOVER_TEXTS.invalidNumber, "W");
      return;
    }
    discount.mutate(
      { id: order.id, percent },
      {
        onSuccess: (changed) => {
          haptic("success");
          notify(`Discount of ${changed.discount_percent}% applied: ${formatBaht(changed.discounted_price)} to pay`, "S");
        },
      },
    );
  };

  const onCancel = async () => {
    if (!(await showConfirm(`Cancel order #${order.id}? Its products go back on the shelf.`))) return;
    cancel.mutate(order.id, {
      onSuccess: () => {
        haptic("warning");
        notify(`Order #${order.id} was canceled`, "N");
      },
    });
  };

  return (
    <div className="handover-card card" data-testid="admin-tools">
      <h2 className="section-title">Admin</h2>
      {order.actions.discount && (
        <form className="handover-discount" onSubmit={onDiscount} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              Discount, %
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
                Apply
              </button>
            </span>
          </div>
          {percent !== null && percent > 0 && (
            <p className="handover-discount__preview">
              To pay: <s>{formatBaht(order.total_price)}</s> {formatBaht(discountedPrice(order.total_price, percent))}
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
          Cancel order
        </button>
      )}
    </div>
  );
}
