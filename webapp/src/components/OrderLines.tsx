import { Link } from "wouter";
import { productImagePath } from "@domain/catalog";
import { formatAmount, formatBaht } from "@domain/format";
import { lineTotal } from "@domain/orders";
import { paths } from "../lib/paths";
import { LeafIcon } from "./icons";
import "./OrderLines.css";

/** A line of an order as the customer's and the staff's answers both carry it; staff get its cost price too. */
interface Line {
  id: number;
  product_id: number;
  product_name: string;
  images: readonly string[];
  price_text: string;
  per_price: number;
  amount: number;
  cost_price?: number;
}

/** What both order answers carry of the totals. */
interface Totals {
  discount_percent: number;
  total_price: number;
  discounted_price: number;
  /** Staff only (spec §6: staff see cost). */
  total_cost_price?: number;
}

/**
 * The order's lines (spec §2 "Customer order view"): image, name, unit price, quantity, line total. The staff's
 * variant (the hand-over screen) adds each line's cost price, and its picture leads nowhere.
 */
export function OrderLines({ lines, staff = false }: { lines: readonly Line[]; staff?: boolean }) {
  const id = staff ? "handover-line" : "order-line";
  return (
    <ul className="order-lines">
      {lines.map((line) => {
        const image = line.images[0];
        const picture = image ? <img src={productImagePath(line.product_id, image)} alt="" width={48} height={48} /> : <LeafIcon />;
        return (
          <li key={line.id} className="order-line" data-testid={id}>
            {staff ? (
              <span className="order-line__thumb">{picture}</span>
            ) : (
              <Link href={paths.product(line.product_id)} className="order-line__thumb" aria-label={line.product_name}>
                {picture}
              </Link>
            )}
            <span className="order-line__info">
              <span className="order-line__name" data-testid={`${id}-name`}>
                {line.product_name}
              </span>
              <span className="order-line__price">
                {line.price_text && <span>{line.price_text}</span>}
                <span data-testid={`${id}-quantity`}>
                  {formatBaht(line.per_price)} × {formatAmount(line.amount)}
                </span>
              </span>
              {staff && line.cost_price !== undefined && (
                <span className="order-line__price" data-testid={`${id}-cost`}>
                  Cost {formatBaht(line.cost_price)}
                </span>
              )}
            </span>
            <strong className="order-line__total" data-testid={`${id}-total`}>
              {formatBaht(lineTotal(line))}
            </strong>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The total, struck through next to the discounted price when a discount applies (spec §9: above 0 %); the
 * staff's variant adds the total cost.
 */
export function OrderTotal({ order, staff = false }: { order: Totals; staff?: boolean }) {
  const id = staff ? "handover-total" : "order-total";
  const discounted = order.discount_percent > 0;
  return (
    <div className="order-total" data-testid={staff ? undefined : "order-total-box"}>
      <div className="order-total__row">
        <span className="order-total__label">
          Total
          {discounted && (
            <span className="pill pill--hot order-total__discount" data-testid={staff ? "handover-discount" : undefined}>
              −{order.discount_percent}%
            </span>
          )}
        </span>
        <span className="order-total__values">
          {discounted && (
            <s className="order-total__full" data-testid={`${id}-full`}>
              {formatBaht(order.total_price)}
            </s>
          )}
          <strong data-testid={id}>{formatBaht(discounted ? order.discounted_price : order.total_price)}</strong>
        </span>
      </div>
      {staff && order.total_cost_price !== undefined && (
        <div className="order-total__cost">
          <span>Cost</span>
          <span data-testid="handover-total-cost">{formatBaht(order.total_cost_price)}</span>
        </div>
      )}
    </div>
  );
}
