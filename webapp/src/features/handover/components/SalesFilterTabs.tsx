import type { SalesCounts } from "@domain/contracts/staff";
import { formatAmount } from "@domain/format";
import type { SalesFilter } from "@domain/handover";
import { t, type MessageId } from "../../../lib/i18n";
import "./handover.css";

const FILTERS: readonly { value: SalesFilter; label: MessageId }[] = [
  { value: "new", label: "staff.sales.new" },
  { value: "done", label: "staff.sales.done" },
];

/** Spec §2 sales lists: the filters New and Done, each with its count. */
export function SalesFilterTabs({
  value,
  counts,
  onChange,
}: {
  value: SalesFilter;
  counts: SalesCounts | undefined;
  onChange: (filter: SalesFilter) => void;
}) {
  return (
    <div className="tabs sales-tabs" role="tablist" aria-label={t("staff.sales.tabs")}>
      {FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          role="tab"
          aria-selected={filter.value === value}
          className="tabs__tab"
          onClick={() => onChange(filter.value)}
          data-testid={`sales-filter-${filter.value}`}
        >
          {t(filter.label)}
          <span className="pill pill--accent tabs__count" data-testid={`sales-count-${filter.value}`}>
            {counts ? formatAmount(counts[filter.value]) : "…"}
          </span>
        </button>
      ))}
    </div>
  );
}
