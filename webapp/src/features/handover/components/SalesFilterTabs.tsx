import type { SalesCounts } from "@domain/contracts/staff";
import { formatAmount } from "@domain/format";
import type { SalesFilter } from "@domain/handover";
import "./handover.css";

const FILTERS: readonly { value: SalesFilter; label: string }[] = [
  { value: "new", label: "New" },
  { value: "done", label: "Done" },
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
    <div className="tabs sales-tabs" role="tablist" aria-label="Sales">
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
          {filter.label}
          <span className="pill pill--accent tabs__count" data-testid={`sales-count-${filter.value}`}>
            {counts ? formatAmount(counts[filter.value]) : "…"}
          </span>
        </button>
      ))}
    </div>
  );
}
