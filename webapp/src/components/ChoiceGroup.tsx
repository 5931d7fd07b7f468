import type { ComponentType, SVGProps } from "react";
import "./ChoiceGroup.css";

export interface Choice {
  value: number;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

interface ChoiceGroupProps {
  /** Names the group for screen readers ("Delivery"). */
  label: string;
  choices: readonly Choice[];
  value: number;
  onChange: (value: number) => void;
  /** Choices shown but not offered here (e.g. crypto at a shop without a wallet). */
  disabledValues?: readonly number[];
  testId?: string;
}

/** A row of equal tiles of which exactly one is chosen: a radio group that reads well on a phone. */
export function ChoiceGroup({ label, choices, value, onChange, disabledValues, testId }: ChoiceGroupProps) {
  return (
    <div className="choice-group" role="radiogroup" aria-label={label} data-testid={testId}>
      {choices.map(({ value: choiceValue, label: choiceLabel, Icon }) => (
        <button
          key={choiceValue}
          type="button"
          role="radio"
          aria-checked={choiceValue === value}
          className="choice-group__choice"
          disabled={disabledValues?.includes(choiceValue)}
          onClick={() => onChange(choiceValue)}
        >
          <Icon />
          {choiceLabel}
        </button>
      ))}
    </div>
  );
}
