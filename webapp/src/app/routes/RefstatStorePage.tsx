import { useStoreBonusHistory } from "../../features/partner/api/useStoreBonusHistory";
import { t } from "../../lib/i18n";
import { BalanceSummary } from "../../features/partner/components/BalanceSummary";
import { RefstatHistory } from "./RefstatHistory";
import "./pages.css";

/** /refstat/store: the shop owner's bonus history (spec §2), wholesale entries marked. */
export function RefstatStorePage() {
  const history = useStoreBonusHistory();
  const first = history.data?.pages[0];
  return (
    <section className="page refstat" data-testid="refstat-store">
      <h1 className="page__title">{t("refstat.storeTitle")}</h1>
      <BalanceSummary balance={first?.balance} aside={first?.shop?.name ?? t("refstat.yourShop")} />
      <RefstatHistory history={history} markWholesale emptyText={t("refstat.noEntries")} />
    </section>
  );
}
