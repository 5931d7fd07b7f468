import { useState } from "react";
import { formatAmount } from "@domain/format";
import { LoadMore } from "../../components/LoadMore";
import { t } from "../../lib/i18n";
import { useReferrals } from "../../features/partner/api/useReferrals";
import type { ReferralFilter } from "../../features/partner/api/partnerKeys";
import { FilterTabs } from "../../features/partner/components/FilterTabs";
import { ReferralRow } from "../../features/partner/components/ReferralRow";
import { PageLoading } from "./PageLoading";
import "./pages.css";

const countText = (value: number | undefined) => (value === undefined ? "…" : formatAmount(value));

/**
 * /refstat/list, the referral list (spec §2): the total, the filters Passive and Active with their counts, and
 * per referral the masked e-mail, orders and income; active rows open the income they brought.
 */
export function RefstatListPage() {
  // Null: every referral; a filter narrows the list, a second tap takes it back.
  const [filter, setFilter] = useState<ReferralFilter | null>(null);
  const referrals = useReferrals(filter);
  const counts = referrals.data?.pages[0];
  const list = referrals.data?.pages.flatMap((page) => page.referrals);

  return (
    <section className="page refstat" data-testid="refstat-list">
      <h1 className="page__title">{t("referral.referrals")}</h1>
      <div className="refstat-summary card">
        <span className="refstat-summary__figure">
          <span className="refstat-summary__label">{t("refstat.totalReferrals")}</span>
          <strong className="refstat-summary__value" data-testid="referrals-total">
            {countText(counts?.total)}
          </strong>
        </span>
        <span className="refstat-summary__note">{t("refstat.activeNote")}</span>
      </div>
      <FilterTabs
        label={t("referral.referrals")}
        tabs={[
          { value: "passive", label: t("refstat.passive"), figure: countText(counts && counts.total - counts.active) },
          { value: "active", label: t("refstat.active"), figure: countText(counts?.active) },
        ]}
        value={filter}
        switchable={(counts?.total ?? 0) > 0}
        onChange={setFilter}
      />
      {list ? (
        list.length === 0 ? (
          <p className="partner-empty" data-testid="partner-empty">
            {t(filter === null ? "refstat.noReferrals" : filter === "active" ? "refstat.noActive" : "refstat.noPassive")}
          </p>
        ) : (
          <>
            <ul
              className={referrals.isPlaceholderData ? "referral-list referral-list--stale" : "referral-list"}
              data-testid="referral-list"
              aria-busy={referrals.isPlaceholderData}
            >
              {list.map((referral) => (
                <ReferralRow key={referral.id} referral={referral} />
              ))}
            </ul>
            <LoadMore
              hasMore={referrals.hasNextPage}
              loading={referrals.isFetchingNextPage}
              failed={referrals.isFetchNextPageError}
              onMore={() => void referrals.fetchNextPage()}
            />
          </>
        )
      ) : referrals.isPending ? (
        <PageLoading text={t("refstat.referralsLoading")} />
      ) : (
        <div className="status-message">
          <p>{t("refstat.referralsFailed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void referrals.refetch()}>
            {t("refstat.tryAgain")}
          </button>
        </div>
      )}
    </section>
  );
}
