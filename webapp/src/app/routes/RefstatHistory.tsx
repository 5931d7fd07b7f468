import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { BonusEntry } from "@domain/contracts/partner";
import { BonusEntryList } from "../../features/partner/components/BonusEntryList";
import { t } from "../../lib/i18n";
import { PageLoading } from "./PageLoading";
import "./pages.css";

interface RefstatHistoryProps {
  /** The bonus history's pages (the caller's ledger, or a shop owner's). */
  history: UseInfiniteQueryResult<InfiniteData<{ entries: BonusEntry[] }>>;
  emptyText: string;
  markWholesale?: boolean;
}

/** A bonus history's entries, more as the list scrolls; the loading text, or the failure with Try again. */
export function RefstatHistory({ history, emptyText, markWholesale }: RefstatHistoryProps) {
  const entries = history.data?.pages.flatMap((page) => page.entries);
  if (entries) {
    return (
      <BonusEntryList
        entries={entries}
        markWholesale={markWholesale}
        stale={history.isPlaceholderData}
        emptyText={emptyText}
        paging={{
          hasMore: history.hasNextPage,
          loading: history.isFetchingNextPage,
          failed: history.isFetchNextPageError,
          onMore: () => void history.fetchNextPage(),
        }}
      />
    );
  }
  if (history.isPending) return <PageLoading text={t("refstat.incomesLoading")} />;
  return (
    <div className="status-message">
      <p>{t("refstat.historyFailed")}</p>
      <button type="button" className="button button--ghost" onClick={() => void history.refetch()}>
        {t("refstat.tryAgain")}
      </button>
    </div>
  );
}
