import { formatBaht } from "@domain/format";
import { isHttpFailure } from "../../lib/api";
import { useReferralIncome } from "../../features/partner/api/useReferralIncome";
import { BonusEntryList } from "../../features/partner/components/BonusEntryList";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/**
 * /refstat/conn/{id}?s_type=partner: the income one referral brought (spec §2): their masked e-mail, the sum, the
 * list, more of it as the list's end scrolls into view.
 */
export function RefstatReferralPage({ id }: { id: number }) {
  const referral = useReferralIncome(id);
  const pages = referral.data?.pages;
  const first = pages?.[0];
  return (
    <section className="page refstat" data-testid="refstat-referral">
      <h1 className="page__title">Income from a referral</h1>
      {first ? (
        <>
          <div className="refstat-summary card">
            <span className="refstat-summary__figure">
              <span className="refstat-summary__label">Referral</span>
              <span className="refstat-summary__sub" data-testid="referral-detail-email">
                {first.email ?? "Telegram customer"}
              </span>
            </span>
            <span className="refstat-summary__figure refstat-summary__figure--end">
              <span className="refstat-summary__label">Income</span>
              <strong className="refstat-summary__value" data-testid="referral-detail-sum">
                {formatBaht(first.income_sum)}
              </strong>
            </span>
          </div>
          <BonusEntryList
            entries={pages!.flatMap((page) => page.entries)}
            emptyText="No income from this referral yet"
            paging={{
              hasMore: referral.hasNextPage,
              loading: referral.isFetchingNextPage,
              failed: referral.isFetchNextPageError,
              onMore: () => void referral.fetchNextPage(),
            }}
          />
        </>
      ) : referral.isPending ? (
        <PageLoading text="Loading incomes..." />
      ) : isHttpFailure(referral.error, 404) ? (
        <p className="partner-empty" data-testid="referral-not-found">
          This customer is not one of your referrals.
        </p>
      ) : (
        <div className="status-message">
          <p>The income could not be loaded.</p>
          <button type="button" className="button button--ghost" onClick={() => void referral.refetch()}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
