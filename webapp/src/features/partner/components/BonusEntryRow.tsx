import type { BonusEntry } from "@domain/contracts/partner";
import { formatBaht } from "@domain/format";
import { formatOrderDate } from "@domain/orders";
import { t } from "../../../lib/i18n";
import "./refstat.css";

/** "+16 ฿" for an income, "−300 ฿" for an expense (the server signs the amount). */
function signedBaht(amount: number): string {
  return `${amount < 0 ? "−" : "+"}${formatBaht(Math.abs(amount))}`;
}

/**
 * One bonus entry (spec §2 "Bonus history"): the shop, item count and total of its order, the date (DD.M.YYYY
 * H:M) and the signed amount; an admin's correction shows its reason instead of a shop. `markWholesale`: the
 * shop owner's history marks wholesale entries.
 */
export function BonusEntryRow({ entry, markWholesale = false }: { entry: BonusEntry; markWholesale?: boolean }) {
  const order = entry.order_data;
  return (
    <li className="bonus-entry list-row" data-testid="bonus-entry" data-entry-type={entry.type} data-entry-id={entry.id}>
      <span className="bonus-entry__main">
        <span className="bonus-entry__title">
          <span className={order ? "bonus-entry__store" : "bonus-entry__store bonus-entry__store--reason"} data-testid="bonus-entry-store">
            {order ? order.store : (entry.reason ?? t("refstat.bonus"))}
          </span>
          {markWholesale && entry.wholesale && (
            <span className="bonus-entry__wholesale pill pill--amber" data-testid="bonus-entry-wholesale">
              {t("refstat.wholesale")}
            </span>
          )}
        </span>
        <span className="bonus-entry__meta">
          {order ? (
            <>
              <span>{t("refstat.order", { id: order.id })}</span>
              <span data-testid="bonus-entry-items">{t("cabinet.pendingOrder.items", { count: order.item_count })}</span>
              <span data-testid="bonus-entry-total">{formatBaht(order.total_price)}</span>
            </>
          ) : (
            <span>{t("refstat.correction")}</span>
          )}
          <span data-testid="bonus-entry-date">{formatOrderDate(entry.created)}</span>
        </span>
      </span>
      <strong className={`bonus-entry__amount bonus-entry__amount--${entry.type}`} data-testid="bonus-entry-amount">
        {signedBaht(entry.amount)}
      </strong>
    </li>
  );
}
