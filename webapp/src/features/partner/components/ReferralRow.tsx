import { Link } from "wouter";
import type { ReferralItem } from "@domain/contracts/partner";
import { formatBaht } from "@domain/format";
import { ChevronRightIcon } from "../../../components/moreIcons";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import "./refstat.css";

/**
 * One referral (spec §2 "Referral list"): the e-mail as the server masks it (first 4 characters), the orders
 * count and the income they brought. Only an active referral (one with a completed order) opens its detail.
 */
export function ReferralRow({ referral }: { referral: ReferralItem }) {
  const content = (
    <>
      <span className="referral-row__main">
        <span className="referral-row__email" data-testid="referral-email">
          {referral.email ?? t("refstat.telegramCustomer")}
        </span>
        <span className="referral-row__meta" data-testid="referral-orders">
          {t("cabinet.orderCount", { count: referral.orders_count })}
        </span>
      </span>
      <strong className="referral-row__income" data-testid="referral-income-value">
        {formatBaht(referral.income)}
      </strong>
      {referral.active && <ChevronRightIcon className="referral-row__chevron" />}
    </>
  );
  return (
    <li>
      {referral.active ? (
        <Link
          href={paths.referral(referral.id)}
          className="referral-row list-row referral-row--active"
          data-testid="referral-row"
          data-referral-id={referral.id}
        >
          {content}
        </Link>
      ) : (
        <span className="referral-row list-row" data-testid="referral-row" data-referral-id={referral.id}>
          {content}
        </span>
      )}
    </li>
  );
}
