import { formatBaht } from "@domain/format";
import { isHttpFailure } from "../../lib/api";
import { useReferralIncome } from "../../features/partner/api/useReferralIncome";
import { BonusEntryList } from "../../features/partner/components/BonusEntryList";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/** /refstat/conn/{id}?s_type=partner: the income one referral brought (spec §2): their masked e-mail, the sum, the list. */
export function RefstatReferralPage({ id }: { id: number }) {
  const referral = useReferralIncome(id);
  return (
    <section className="page refstat" data-testid="refstat-referral">
      <h1 className="page__title">Income from a referral</h1>
      {referral.data ? (
        <>
          <div className="refstat-summary card">
            <span className="refstat-summary__figure">
              <span className="refstat-summary__label">Referral</span>
              <span className="refstat-summary__sub" data-testid="referral-detail-email">
                {referral.data.email ?? "Telegram customer"}
              </span>
            </span>
            <span className="refstat-summary__figure refstat-summary__figure--end">
              <span className="refstat-summary__label">Income</span>
              <strong className="refstat-summary__value" data-testid="referral-detail-sum">
                {formatBaht(referral.data.income_sum)}
              </strong>
            </span>
          </div>
          <BonusEntryList entries={referral.data.entries} emptyText="No income from this referral yet" />
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
