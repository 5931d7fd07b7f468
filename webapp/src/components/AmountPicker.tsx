import { formatAmount } from "@domain/format";
import { MinusIcon, PlusIcon } from "./moreIcons";
import "./AmountPicker.css";
import { t } from "../lib/i18n";

interface AmountPickerProps {
  value: number;
  onChange: (value: number) => void;
  min: number;
  /** Null: no upper limit. */
  max: number | null;
  step: number;
  /** What is counted, for screen readers: "Amount of Jack Herer". */
  label: string;
  size?: "regular" | "small";
}

/** − amount +: each tap moves by `step`, never past `min` or `max`. */
export function AmountPicker({ value, onChange, min, max, step, label, size = "regular" }: AmountPickerProps) {
  const lower = Math.max(min, value - step);
  const higher = max === null ? value + step : Math.min(max, value + step);
  return (
    <div className="amount-picker" data-size={size} role="group" aria-label={label} data-testid="amount-picker">
      <button
        type="button"
        className="amount-picker__step"
        onClick={() => onChange(lower)}
        disabled={value <= min}
        aria-label={t("amount.fewer")}
        data-testid="amount-less"
      >
        <MinusIcon />
      </button>
      <output className="amount-picker__value" aria-live="polite" data-testid="amount-value">
        {formatAmount(value)}
      </output>
      <button
        type="button"
        className="amount-picker__step"
        onClick={() => onChange(higher)}
        disabled={higher <= value}
        aria-label={t("amount.more")}
        data-testid="amount-more"
      >
        <PlusIcon />
      </button>
    </div>
  );
}
