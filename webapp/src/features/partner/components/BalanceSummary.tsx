import { formatBaht } from "@domain/format";
import "./refstat.css";

/** The wallet's balance over a bonus list (the bonus history, the shop's history); "…" while it loads. */
export function BalanceSummary({ balance, aside }: { balance: number | undefined; aside: string }) {
  return (
    <div className="refstat-summary card">
      <span className="refstat-summary__figure">
        <span className="refstat-summary__label">Balance</span>
        <strong className="refstat-summary__value" data-testid="refstat-balance">
          {balance === undefined ? "…" : formatBaht(balance)}
        </strong>
      </span>
      <span className="refstat-summary__figure refstat-summary__figure--end">
        <span className="refstat-summary__label">1 bonus = 1 ฿</span>
        <span className="refstat-summary__sub">{aside}</span>
      </span>
    </div>
  );
}
