import { ClockIcon } from "../../../components/icons";
import { useHoldCountdown } from "../../../components/useHoldCountdown";
import "./handover.css";

/** A new order's pickup hold on the hand-over screen; nothing once it has run out. */
export function StaffHold({ remaining, measuredAt }: { remaining: string | null; measuredAt: number }) {
  const left = useHoldCountdown(remaining, measuredAt);
  if (left === null) return null;
  return (
    <div className="staff-hold" role="timer" aria-label={`${left} left of the pickup hold`}>
      <ClockIcon />
      <strong data-testid="handover-hold">{left}</strong>
      <span>left of the pickup hold</span>
    </div>
  );
}
