import { useState } from "react";
import { Link } from "wouter";
import { formatBaht } from "@domain/format";
import { ChevronRightIcon } from "../../components/moreIcons";
import { t } from "../../lib/i18n";
import { useBonusLedger } from "../../features/partner/api/useBonusLedger";
import type { BonusKind } from "../../features/partner/api/partnerKeys";
import { bothKindsExist } from "../../features/partner/bonusFilters";
import { BalanceSummary } from "../../features/partner/components/BalanceSummary";
import { FilterTabs } from "../../features/partner/components/FilterTabs";
import { paths } from "../../lib/paths";
import { RefstatHistory } from "./RefstatHistory";
import "./pages.css";

/** A sum in Baht, or "…" while it is not known. */
const sumText = (value: number | undefined) => (value === undefined ? "…" : formatBaht(value));

/**
 * /refstat, the bonus history (spec §2): the balance, the filters Expenses and Incomes with their sums (they
 * narrow the list only once both kinds exist), and the entries, more as the list scrolls.
 */
export function RefstatPage() {
  // Null: every entry. A kind can be picked only once both exist, and the ledger never loses one again.
  const [kind, setKind] = useState<BonusKind | null>(null);
  const ledger = useBonusLedger(kind);
  const wallet = ledger.data?.pages[0];

  return (
    <section className="page refstat" data-testid="refstat">
      <h1 className="page__title">{t("refstat.title")}</h1>
      <BalanceSummary balance={wallet?.balance} aside={t("refstat.payAtPickup")} />
      <FilterTabs
        label={t("refstat.entries")}
        tabs={[
          { value: "exp", label: t("refstat.expenses"), figure: sumText(wallet?.exp_sum) },
          { value: "income", label: t("referral.incomes"), figure: sumText(wallet?.income_sum) },
        ]}
        value={kind}
        switchable={bothKindsExist(wallet)}
        onChange={setKind}
      />
      <RefstatHistory history={ledger} emptyText={t("refstat.empty")} />
      <Link href={paths.referrals} className="refstat-link list-row" data-testid="refstat-referrals-link">
        <span>{t("refstat.yourReferrals")}</span>
        <ChevronRightIcon />
      </Link>
    </section>
  );
}

