import { ClockIcon } from "../../../components/moreIcons";
import { useHoldCountdown } from "../../../components/useHoldCountdown";
import { t } from "../../../lib/i18n";
import { messageWithSlots } from "../messageSlots";
import "./handover.css";

/** A new order's pickup hold on the hand-over screen; nothing once it has run out. */
export function StaffHold({ remaining, measuredAt }: { remaining: string | null; measuredAt: number }) {
  const left = useHoldCountdown(remaining, measuredAt);
  if (left === null) return null;
  return (
    <div className="staff-hold" role="timer" aria-label={t("staff.hold", { left })}>
      <ClockIcon />
      <span className="staff-hold__text">
        {messageWithSlots("staff.hold", { left: <strong data-testid="handover-hold">{left}</strong> })}
      </span>
    </div>
  );
}
