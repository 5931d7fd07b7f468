import type { StaffOrder } from "@domain/contracts/staff";
import { notify } from "../../../components/notificationStore";
import { haptic, showConfirm } from "../../../lib/telegram";
import { useConfirmTonPayment } from "../api/useConfirmTonPayment";
import "./handover.css";

/** How a crypto payment stands, in the hand-over's words. */
const TON_STATE_TEXT = {
  none: "Not paid: the customer has not asked for the amount yet",
  quoted: "Not paid yet",
  waiting: "Waiting for the network",
  paid: "Paid",
  underpaid: "Underpaid",
} as const;

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
    const question = `Mark order #${order.id} as paid in crypto? Do it only when you see the transfer in the shop's wallet.`;
    if (!(await showConfirm(question))) return;
    confirm.mutate(order.id, {
      onSuccess: () => {
        haptic("success");
        notify(`Order #${order.id} is marked paid`, "S");
      },
      onError: () => haptic("error"),
    });
  };

  return (
    <div className="handover-ton" data-testid="handover-ton" data-state={payment.state}>
      <dl className="handover-facts handover-facts--plain">
        <div className="handover-fact">
          <dt className="handover-fact__label">Crypto payment</dt>
          <dd data-testid="handover-ton-state">
            {TON_STATE_TEXT[payment.state]}
            {payment.state === "underpaid" && payment.underpaid_ton !== null && `: ${payment.underpaid_ton} TON arrived, less than asked`}
            {payment.state === "paid" &&
              (payment.tx_hash ? ` (transaction ${payment.tx_hash})` : payment.confirmed_by_hand ? " (confirmed by hand)" : "")}
          </dd>
        </div>
        {payment.quote && (
          <div className="handover-fact">
            <dt className="handover-fact__label">Asked</dt>
            <dd>
              {payment.quote.amount_ton} TON, comment {payment.quote.comment}
            </dd>
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
          Confirm crypto payment by hand
        </button>
      )}
    </div>
  );
}
