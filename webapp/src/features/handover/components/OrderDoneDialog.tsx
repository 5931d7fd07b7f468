import type { StaffOrder } from "@domain/contracts/staff";
import { formatBaht } from "@domain/format";
import type { FinishBy } from "@domain/handover";
import { CheckIcon } from "../../../components/icons";
import { Modal } from "../../../components/Modal";
import { notify } from "../../../components/notificationStore";
import { t } from "../../../lib/i18n";
import { haptic } from "../../../lib/telegram";
import { useFinishOrder } from "../api/useFinishOrder";
import "./handover.css";

interface OrderDoneDialogProps {
  active: boolean;
  onClose: () => void;
  order: StaffOrder;
  by: FinishBy;
  /** Who answers for the hand-over: the manager holding the order, or the one finishing it now. */
  responsible: string;
  items: number;
}

/**
 * ORDER DONE's confirmation (spec §2): RESPONSIBLE PERSON, I HAVE TAKEN MONEY or CANNABONUS, I HAVE GIVEN ALL
 * PRODUCTS with the item count, CLIENT HAPPY, then CONFIRM completes the order.
 */
export function OrderDoneDialog({ active, onClose, order, by, responsible, items }: OrderDoneDialogProps) {
  const finish = useFinishOrder();
  const onConfirm = () =>
    finish.mutate(
      { id: order.id, by },
      {
        onSuccess: () => {
          haptic("success");
          notify(t("staff.done.notice", { id: order.id }), "S");
          onClose();
        },
        onError: () => {
          haptic("error");
          onClose();
        },
      },
    );

  return (
    <Modal active={active} onClose={onClose} title={t("staff.done.title")}>
      <dl className="done-rows" data-testid="order-done-dialog">
        <div className="done-row">
          <dt>{t("staff.done.responsible")}</dt>
          <dd data-testid="done-responsible">{responsible}</dd>
        </div>
        <div className="done-row">
          <dt data-testid="done-money">{by === "bonus" ? t("staff.done.bonus") : t("staff.done.money")}</dt>
          <dd>{formatBaht(order.discounted_price)}</dd>
        </div>
        <div className="done-row">
          <dt>{t("staff.done.products")}</dt>
          <dd data-testid="done-items">{t("staff.items", { count: items })}</dd>
        </div>
        <div className="done-row">
          <dt>{t("staff.done.happy")}</dt>
          <dd className="done-row__tick">
            <CheckIcon />
          </dd>
        </div>
      </dl>
      <button type="button" className="button done-confirm" onClick={onConfirm} disabled={finish.isPending} data-testid="confirm-done">
        {finish.isPending && <span className="button__spinner" aria-hidden="true" />}
        {t("staff.done.confirm")}
      </button>
    </Modal>
  );
}
