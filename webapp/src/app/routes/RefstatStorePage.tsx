import { useStoreBonusHistory } from "../../features/partner/api/useStoreBonusHistory";
import { BalanceSummary } from "../../features/partner/components/BalanceSummary";
import { BonusEntryList } from "../../features/partner/components/BonusEntryList";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/** /refstat/store: the shop owner's bonus history (spec §2), wholesale entries marked. */
export function RefstatStorePage() {
  const history = useStoreBonusHistory();
  const first = history.data?.pages[0];
  const entries = history.data?.pages.flatMap((page) => page.entries);
  return (
    <section className="page refstat" data-testid="refstat-store">
      <h1 className="page__title">Shop bonus history</h1>
      <BalanceSummary balance={first?.balance} aside={first?.shop?.name ?? "Your shop"} />
      {entries ? (
        <BonusEntryList
          entries={entries}
          markWholesale
          emptyText="No bonus entries yet"
          paging={{ hasMore: history.hasNextPage, loading: history.isFetchingNextPage, onMore: () => void history.fetchNextPage() }}
        />
      ) : history.isPending ? (
        <PageLoading text="Loading incomes..." />
      ) : (
        <div className="status-message">
          <p>The bonus history could not be loaded.</p>
          <button type="button" className="button button--ghost" onClick={() => void history.refetch()}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
