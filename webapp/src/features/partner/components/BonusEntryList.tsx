import type { BonusEntry } from "@domain/contracts/partner";
import { LoadMore } from "../../../components/LoadMore";
import { BonusEntryRow } from "./BonusEntryRow";
import "./refstat.css";

interface BonusEntryListProps {
  entries: readonly BonusEntry[];
  emptyText: string;
  markWholesale?: boolean;
  /** Another page waits behind `next_cursor`; omitted for a list that comes whole. */
  paging?: { hasMore: boolean; loading: boolean; failed?: boolean; onMore: () => void };
  /** The list shown belongs to the filter before (the chosen one's answer is on its way). */
  stale?: boolean;
}

/** Bonus entries newest first; older pages load as the list's end scrolls into view. */
export function BonusEntryList({ entries, emptyText, markWholesale, paging, stale = false }: BonusEntryListProps) {
  if (entries.length === 0) {
    return (
      <p className="partner-empty" data-testid="partner-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <>
      <ul className={stale ? "bonus-entries bonus-entries--stale" : "bonus-entries"} data-testid="bonus-entries" aria-busy={stale}>
        {entries.map((entry) => (
          <BonusEntryRow key={entry.id} entry={entry} markWholesale={markWholesale} />
        ))}
      </ul>
      {paging && <LoadMore hasMore={paging.hasMore} loading={paging.loading} failed={paging.failed} onMore={paging.onMore} />}
    </>
  );
}
