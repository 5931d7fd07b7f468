import type { Order } from "@domain/contracts/orders";
import { ClockIcon, CloseIcon } from "./moreIcons";
import "./CanceledNote.css";

/** Why a canceled order was canceled (`cancel_reason`), under its title: the customer's page and the hand-over's. */
export function CanceledNote({ reason, text, testId }: { reason: NonNullable<Order["cancel_reason"]>; text: string; testId: string }) {
  return (
    <p className="canceled-note" data-testid={testId} data-reason={reason}>
      {reason === "expired" ? <ClockIcon /> : <CloseIcon />}
      {text}
    </p>
  );
}
