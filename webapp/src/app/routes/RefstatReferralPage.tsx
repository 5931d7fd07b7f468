import { formatBaht } from "@domain/format";
import { isHttpFailure } from "../../lib/api";
import { t } from "../../lib/i18n";
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
      <h1 className="page__title">{t("refstat.referralTitle")}</h1>
      {first ? (
        <>
          <div className="refstat-summary card">
            <span className="refstat-summary__figure">
              <span className="refstat-summary__label">{t("refstat.referral")}</span>
              <span className="refstat-summary__sub" data-testid="referral-detail-email">
                {first.email ?? t("refstat.telegramCustomer")}
              </span>
            </span>
            <span className="refstat-summary__figure refstat-summary__figure--end">
              <span className="refstat-summary__label">{t("refstat.income")}</span>
              <strong className="refstat-summary__value" data-testid="referral-detail-sum">
                {formatBaht(first.income_sum)}
              </strong>
            </span>
          </div>
          <BonusEntryList
            entries={pages!.flatMap((page) => page.entries)}
            emptyText={t("refstat.noIncome")}
            paging={{
              hasMore: referral.hasNextPage,
              loading: referral.isFetchingNextPage,
              failed: referral.isFetchNextPageError,
              onMore: () => void referral.fetchNextPage(),
            }}
          />
        </>
      ) : referral.isPending ? (
        <PageLoading text={t("refstat.incomesLoading")} />
      ) : isHttpFailure(referral.error, 404) ? (
        <p className="partner-empty" data-testid="referral-not-found">
          {t("refstat.notYourReferral")}
        </p>
      ) : (
        <div className="status-message">
          <p>{t("refstat.incomeFailed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void referral.refetch()}>
            {t("refstat.tryAgain")}
          </button>
        </div>
      )}
    </section>
  );
}
