import { Fragment } from "react";
import type { AdminStatsResponse } from "@domain/contracts/adminStats";
import { formatAmount, formatBaht } from "@domain/format";
import { t } from "../../../../lib/i18n";

type Totals = AdminStatsResponse["totals"];
type ProductRow = AdminStatsResponse["products"][number];

/** Spec §2 "Statistics page": 'Total statistics:' with its three figures, under the server's field names. */
export function TotalStats({ totals }: { totals: Totals }) {
  const figures = [
    { name: "total_sales_cost_price", label: t("staff.stats.costPrice"), value: totals.total_sales_cost_price },
    { name: "total_sales_amount", label: t("staff.stats.sales"), value: totals.total_sales_amount },
    { name: "total_sales_discounted_price", label: t("staff.stats.afterDiscounts"), value: totals.total_sales_discounted_price },
  ] as const;
  return (
    <section className="stats-card card" aria-labelledby="stats-totals-title">
      <h2 className="section-title stats-card__title" id="stats-totals-title">
        {t("staff.stats.totals")}
      </h2>
      <dl className="stats-totals">
        {figures.map((figure) => (
          <div key={figure.name} className="stats-total">
            <dt>
              <span className="stats-total__label">{figure.label}</span>
              <span className="stats-total__field">{figure.name}</span>
            </dt>
            <dd data-testid={figure.name}>{formatBaht(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="stats-margin">
        {t("staff.stats.completedOrders")} <strong data-testid="stats-orders">{formatAmount(totals.orders)}</strong>
      </p>
      <p className="stats-margin">
        {t("staff.stats.margin")}{" "}
        <strong data-testid="stats-margin">{formatBaht(totals.total_sales_discounted_price - totals.total_sales_cost_price)}</strong>
      </p>
    </section>
  );
}

const PRODUCT_COLUMNS = ["product", "total_amount", "cost_price_sum", "discounted_price_sum"] as const;

/** A field's name that may break after its underscores: the four columns then fit a phone without scrolling. */
function FieldName({ name }: { name: string }) {
  return name.split("_").map((part, index, parts) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** 'Product statistics:': product, total_amount, cost_price_sum, discounted_price_sum, one row a product. */
export function ProductStats({ products }: { products: readonly ProductRow[] }) {
  return (
    <section className="stats-card card" aria-labelledby="stats-products-title">
      <h2 className="section-title stats-card__title" id="stats-products-title">
        {t("staff.stats.products")}
      </h2>
      {products.length === 0 ? (
        <p className="stats-empty" data-testid="stats-no-products">
          {t("staff.stats.noOrders")}
        </p>
      ) : (
        // It fits a phone; a name or sum too long for one still scrolls sideways, so a keyboard must reach it too.
        <div className="stats-table__scroll" tabIndex={0} role="region" aria-labelledby="stats-products-title">
          <table className="stats-table" data-testid="stats-products">
            <thead>
              <tr>
                {PRODUCT_COLUMNS.map((name) => (
                  <th key={name} scope="col">
                    <FieldName name={name} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {products.map((row) => (
                <tr key={row.product_id} data-testid="stats-product-row" data-product-id={row.product_id}>
                  <th scope="row">{row.product}</th>
                  <td>{formatAmount(row.total_amount)}</td>
                  <td>{formatBaht(row.cost_price_sum)}</td>
                  <td>{formatBaht(row.discounted_price_sum)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
