import { t } from "../../../lib/i18n";
import { useTakeOrderAction } from "../hooks/useTakeOrderAction";

/** 'take order' (spec §2): the new order becomes this manager's. */
export function TakeOrderButton({ orderId, compact = false }: { orderId: number; compact?: boolean }) {
  const { take, pending } = useTakeOrderAction();
  return (
    <button
      type="button"
      className={compact ? "button staff-take staff-take--compact" : "button staff-take"}
      onClick={() => take(orderId)}
      disabled={pending}
      data-testid="take-order"
    >
      {pending && <span className="button__spinner" aria-hidden="true" />}
      {/* The spec's words as they are ('take order'), their first letter drawn as a capital. */}
      <span className="staff-take__label">{t("staff.take")}</span>
    </button>
  );
}
