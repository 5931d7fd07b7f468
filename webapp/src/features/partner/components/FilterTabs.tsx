import "./refstat.css";

interface FilterTab<T extends string> {
  value: T;
  label: string;
  /** What the filter holds (a sum, a count), or "…" while it is not known. */
  figure: string;
}

interface FilterTabsProps<T extends string> {
  label: string;
  tabs: readonly FilterTab<T>[];
  /** The filter applied; null: none, the list shows everything. */
  value: T | null;
  /** False while there is nothing to narrow: the filters show their figures but do not switch. */
  switchable: boolean;
  /** The filter tapped; tapping the applied one again takes it back (null). */
  onChange: (value: T | null) => void;
}

/** The partner screens' two filters with their figures (Expenses and Incomes; Passive and Active). */
export function FilterTabs<T extends string>({ label, tabs, value, switchable, onChange }: FilterTabsProps<T>) {
  return (
    <div className="tabs" role="group" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          aria-pressed={tab.value === value}
          disabled={!switchable}
          className="tabs__tab"
          onClick={() => onChange(tab.value === value ? null : tab.value)}
          data-testid={`filter-${tab.value}`}
        >
          {tab.label}
          <span className="pill pill--accent tabs__count" data-testid={`filter-${tab.value}-figure`}>
            {tab.figure}
          </span>
        </button>
      ))}
    </div>
  );
}
