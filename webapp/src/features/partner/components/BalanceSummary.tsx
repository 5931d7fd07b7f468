import { formatBaht } from "@domain/format";
import { t } from "../../../lib/i18n";
import "./refstat.css";

/** The wallet's balance over a bonus list (the bonus history, the shop's history); "…" while it loads. */
export function BalanceSummary({ balance, aside }: { balance: number | undefined; aside: string }) {
  return (
    <div className="refstat-summary card">
      <span className="refstat-summary__figure">
        <span className="refstat-summary__label">{t("refstat.balance")}</span>
        <strong className="refstat-summary__value" data-testid="refstat-balance">
          {balance === undefined ? "…" : formatBaht(balance)}
        </strong>
      </span>
      <span className="refstat-summary__figure refstat-summary__figure--end">
        <span className="refstat-summary__label">{t("refstat.rate")}</span>
        <span className="refstat-summary__sub">{aside}</span>
      </span>
    </div>
  );
}
