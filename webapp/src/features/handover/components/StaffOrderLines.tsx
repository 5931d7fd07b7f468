import type { StaffOrder } from "@domain/contracts/staff";
import { productImagePath } from "@domain/catalog";
import { formatAmount, formatBaht } from "@domain/format";
import { lineTotal } from "@domain/orders";
import { LeafIcon } from "../../../components/icons";
import "./handover.css";

/** The order's lines as staff see them: unit price, cost price, amount and line total (spec §6: staff see cost). */
export function StaffOrderLines({ order }: { order: StaffOrder }) {
  return (
    <ul className="handover-lines">
      {order.products.map((line) => {
        const image = line.images[0];
        return (
          <li key={line.id} className="handover-line" data-testid="handover-line">
            <span className="handover-line__thumb">
              {image ? <img src={productImagePath(line.product_id, image)} alt="" width={52} height={52} /> : <LeafIcon />}
            </span>
            <span className="handover-line__info">
              <span className="handover-line__name" data-testid="handover-line-name">
                {line.product_name}
              </span>
              <span className="handover-line__price">
                {line.price_text && <span>{line.price_text}</span>}
                <span data-testid="handover-line-quantity">
                  {formatBaht(line.per_price)} × {formatAmount(line.amount)}
                </span>
              </span>
              <span className="handover-line__cost" data-testid="handover-line-cost">
                Cost {formatBaht(line.cost_price)}
              </span>
            </span>
            <strong className="handover-line__total">{formatBaht(lineTotal(line))}</strong>
          </li>
        );
      })}
    </ul>
  );
}

/** Total to pay (the full total struck through when discounted, spec §9) and the total cost. */
export function StaffTotals({ order }: { order: StaffOrder }) {
  const discounted = order.discount_percent > 0;
  return (
    <div className="handover-totals">
      <div className="handover-total">
        <span className="handover-total__label">
          Total
          {discounted && (
            <span className="handover-total__discount" data-testid="handover-discount">
              −{order.discount_percent}%
            </span>
          )}
        </span>
        <span className="handover-total__values">
          {discounted && (
            <s className="handover-total__full" data-testid="handover-total-full">
              {formatBaht(order.total_price)}
            </s>
          )}
          <strong data-testid="handover-total">{formatBaht(order.discounted_price)}</strong>
        </span>
      </div>
      <div className="handover-totals__cost">
        <span>Cost</span>
        <span data-testid="handover-total-cost">{formatBaht(order.total_cost_price)}</span>
      </div>
    </div>
  );
}
