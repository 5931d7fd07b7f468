import { useId } from "react";
import { t } from "../../../../lib/i18n";
import { RANGE_CHOICES, type RangeKind } from "../statsRange";

export interface StatsShopChoice {
  id: number;
  name: string;
}

interface StatsFiltersProps {
  range: RangeKind;
  onRange: (range: RangeKind) => void;
  custom: { from: string; to: string };
  onCustom: (custom: { from: string; to: string }) => void;
  shops: readonly StatsShopChoice[];
  shopId: number;
  onShop: (shopId: number) => void;
}

/** The range (Today, 7 days, 30 days, All, Custom from/to) and the shop the figures are for. */
export function StatsFilters({ range, onRange, custom, onCustom, shops, shopId, onShop }: StatsFiltersProps) {
  const id = useId();
  return (
    <div className="stats-filters">
      <div className="stats-ranges" role="radiogroup" aria-label={t("staff.stats.range")}>
        {RANGE_CHOICES.map((choice) => (
          <button
            key={choice.kind}
            type="button"
            role="radio"
            aria-checked={range === choice.kind}
            className="stats-ranges__choice"
            onClick={() => onRange(choice.kind)}
            data-testid={`stats-range-${choice.kind}`}
          >
            {t(choice.label)}
          </button>
        ))}
      </div>
      {range === "custom" && (
        <div className="stats-custom">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-from`}>
              {t("staff.stats.from")}
            </label>
            <input
              id={`${id}-from`}
              className="field__input"
              type="date"
              value={custom.from}
              max={custom.to || undefined}
              onChange={(event) => onCustom({ ...custom, from: event.target.value })}
              data-testid="stats-from"
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-to`}>
              {t("staff.stats.to")}
            </label>
            <input
              id={`${id}-to`}
              className="field__input"
              type="date"
              value={custom.to}
              min={custom.from || undefined}
              onChange={(event) => onCustom({ ...custom, to: event.target.value })}
              data-testid="stats-to"
            />
          </div>
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-shop`}>
          {t("staff.handover.shop")}
        </label>
        <select
          id={`${id}-shop`}
          className="field__input stats-select"
          value={shopId}
          onChange={(event) => onShop(Number(event.target.value))}
          data-testid="stats-shop"
        >
          <option value={0}>{t("staff.stats.everyShop")}</option>
          {shops.map((shop) => (
            <option key={shop.id} value={shop.id}>
              {shop.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
