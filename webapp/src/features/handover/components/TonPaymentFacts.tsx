import type { StaffOrder } from "@domain/contracts/staff";
import { notify } from "../../../components/notificationStore";
import { t, type MessageId } from "../../../lib/i18n";
import { haptic, showConfirm } from "../../../lib/telegram";
import { useConfirmTonPayment } from "../api/useConfirmTonPayment";
import "./handover.css";

type TonPayment = NonNullable<StaffOrder["ton_payment"]>;

/** How a crypto payment stands, in the hand-over's words. */
const TON_STATE_TEXT: Record<TonPayment["state"], MessageId> = {
  none: "staff.ton.none",
  quoted: "staff.ton.quoted",
  waiting: "staff.ton.waiting",
  paid: "staff.ton.paid",
  underpaid: "staff.ton.underpaid",
};

/** The state with what the chain showed: how much came short, the paying transaction, or a confirmation by hand. */
function stateText(payment: TonPayment): string {
  if (payment.state === "underpaid" && payment.underpaid_ton !== null) return t("staff.ton.underpaidBy", { ton: payment.underpaid_ton });
  if (payment.state === "paid" && payment.tx_hash) return t("staff.ton.paidTx", { hash: payment.tx_hash });
  if (payment.state === "paid" && payment.confirmed_by_hand) return t("staff.ton.paidByHand");
  return t(TON_STATE_TEXT[payment.state]);
}

/**
 * A crypto order's payment on the hand-over screen (issue 15): where it stands as the chain showed it (paid with
 * its transaction, or a transfer that came short), and, while it is not paid, the manager's confirmation by hand
 * for when the store has no indexer or it is down: asked for twice, and audited with who pressed it.
 */
export function TonPaymentFacts({ order }: { order: StaffOrder }) {
  const confirm = useConfirmTonPayment();
  const payment = order.ton_payment;
  if (!payment) return null;

  const onConfirm = async () => {
    const question = t("staff.ton.confirmQuestion", { id: order.id });
    if (!(await showConfirm(question))) return;
    confirm.mutate(order.id, {
      onSuccess: () => {
        haptic("success");
        notify(t("staff.ton.markedPaid", { id: order.id }), "S");
      },
      onError: () => haptic("error"),
    });
  };

  return (
    <div className="handover-ton" data-testid="handover-ton" data-state={payment.state}>
      <dl className="handover-facts handover-facts--plain">
        <div className="handover-fact">
          <dt className="handover-fact__label">{t("staff.ton.title")}</dt>
          <dd data-testid="handover-ton-state">{stateText(payment)}</dd>
        </div>
        {payment.quote && (
          <div className="handover-fact">
            <dt className="handover-fact__label">{t("staff.ton.asked")}</dt>
            <dd>{t("staff.ton.quote", { ton: payment.quote.amount_ton, comment: payment.quote.comment })}</dd>
          </div>
        )}
      </dl>
      {payment.awaiting && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void onConfirm()}
          disabled={confirm.isPending}
          data-testid="confirm-ton-payment"
        >
          {confirm.isPending && <span className="button__spinner" aria-hidden="true" />}
          {t("staff.ton.confirm")}
        </button>
      )}
    </div>
  );
}
