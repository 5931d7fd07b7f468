import { formatBaht } from "@domain/format";
import { t } from "../../lib/i18n";
import "./productParts.css";

/**
 * The usual price struck through beside a sale price. Screen readers say nothing of the strike itself, so the
 * amount is read with its name ("Usual price 1,400 ฿").
 */
export function UsualPrice({ amount, testId = "usual-price" }: { amount: number; testId?: string }) {
  return (
    <s className="usual-price" data-testid={testId}>
      <span className="usual-price__name">{t("product.usualPrice")} </span>
      {formatBaht(amount)}
    </s>
  );
}
