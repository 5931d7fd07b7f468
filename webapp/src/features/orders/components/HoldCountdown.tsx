import { ClockIcon } from "../../../components/moreIcons";
import { useHoldCountdown } from "../../../components/useHoldCountdown";
import "./orders.css";
import { t } from "../../../lib/i18n";

/** The pickup hold's countdown ("02:59 left"); nothing once the hold has run out. */
export function HoldCountdown({ remaining, measuredAt }: { remaining: string | null; measuredAt: number }) {
  const left = useHoldCountdown(remaining, measuredAt);
  if (left === null) return null;
  return (
    <div className="hold-countdown" role="timer" aria-label={t("order.holdLeftLabel", { time: left })}>
      <ClockIcon />
      <span className="hold-countdown__text">
        <strong className="hold-countdown__time" data-testid="hold-countdown">
          {left}
        </strong>
        <span className="hold-countdown__hint">{t("order.holdLeft")}</span>
      </span>
    </div>
  );
}
