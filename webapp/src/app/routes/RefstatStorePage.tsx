import { useStoreBonusHistory } from "../../features/partner/api/useStoreBonusHistory";
import { BalanceSummary } from "../../features/partner/components/BalanceSummary";
import { RefstatHistory } from "./RefstatHistory";
import "./pages.css";

/** /refstat/store: the shop owner's bonus history (spec §2), wholesale entries marked. */
export function RefstatStorePage() {
  const history = useStoreBonusHistory();
  const first = history.data?.pages[0];
  return (
    <section className="page refstat" data-testid="refstat-store">
      <h1 className="page__title">Shop bonus history</h1>
      <BalanceSummary balance={first?.balance} aside={first?.shop?.name ?? "Your shop"} />
      <RefstatHistory history={history} markWholesale emptyText="No bonus entries yet" />
    </section>
  );
}
