import { ClockIcon } from "../../../components/icons";
import { useHoldCountdown } from "../../../components/useHoldCountdown";
import "./orders.css";

/** The pickup hold's countdown ("02:59 left"); nothing once the hold has run out. */
export function HoldCountdown({ remaining, measuredAt }: { remaining: string | null; measuredAt: number }) {
  const left = useHoldCountdown(remaining, measuredAt);
  if (left === null) return null;
  return (
    <div className="hold-countdown" role="timer" aria-label={`${left} left to collect the order`}>
      <ClockIcon />
      <span className="hold-countdown__text">
        <strong className="hold-countdown__time" data-testid="hold-countdown">
          {left}
        </strong>
        <span className="hold-countdown__hint">left to collect your order</span>
      </span>
    </div>
  );
}
