import { useState } from "react";
import { Link } from "wouter";
import { formatBaht } from "@domain/format";
import { ChevronRightIcon } from "../../components/icons";
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
      <h1 className="page__title">Bonus history</h1>
      <BalanceSummary balance={wallet?.balance} aside="Pay with it at pickup" />
      <FilterTabs
        label="Bonus entries"
        tabs={[
          { value: "exp", label: "Expenses", figure: sumText(wallet?.exp_sum) },
          { value: "income", label: "Incomes", figure: sumText(wallet?.income_sum) },
        ]}
        value={kind}
        switchable={bothKindsExist(wallet)}
        onChange={setKind}
      />
      <RefstatHistory history={ledger} emptyText="No bonus yet: share your referral link from the cabinet." />
      <Link href={paths.referrals} className="refstat-link list-row" data-testid="refstat-referrals-link">
        <span>Your referrals</span>
        <ChevronRightIcon />
      </Link>
    </section>
  );
}

