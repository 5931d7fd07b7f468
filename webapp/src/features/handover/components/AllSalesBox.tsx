import { formatAmount } from "@domain/format";
import { CabinetBox } from "../../../components/CabinetBox";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useSalesSummary } from "../api/useSalesSummary";
import { SalesIcon } from "./staffIcons";
import "./handover.css";

/**
 * The cabinet's 'All sales' box for staff (spec §2): the shops' open and done orders, leading to /list/sales.
 * It is one of the cabinet's boxes (components/CabinetBox), with its counts.
 */
export function AllSalesBox() {
  const summary = useSalesSummary();
  const counts = summary.data?.shop;
  return (
    <CabinetBox href={paths.sales} icon={<SalesIcon />} testId="all-sales" chevron>
      <span className="cabinet-box__text">
        <span className="all-sales__title">{t("staff.sales.all")}</span>
        <span className="all-sales__counts">
          <span>
            {t("staff.sales.new")} <strong data-testid="all-sales-new">{counts ? formatAmount(counts.new) : "…"}</strong>
          </span>
          <span>
            {t("staff.sales.done")} <strong data-testid="all-sales-done">{counts ? formatAmount(counts.done) : "…"}</strong>
          </span>
        </span>
      </span>
    </CabinetBox>
  );
}
