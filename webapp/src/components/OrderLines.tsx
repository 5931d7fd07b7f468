import type { ReactNode } from "react";
import { Link } from "wouter";
import { productImagePath } from "@domain/catalog";
import { formatAmount, formatBaht } from "@domain/format";
import { lineTotal } from "@domain/orders";
import { paths } from "../lib/paths";
import { LeafIcon } from "./icons";
import "./OrderLines.css";
import { t } from "../lib/i18n";

/** A line of an order as the customer's and the staff's answers both carry it. */
interface Line {
  id: number;
  product_id: number;
  product_name: string;
  images: readonly string[];
  price_text: string;
  per_price: number;
  amount: number;
}

interface OrderLinesProps<L extends Line> {
  lines: readonly L[];
  /** The test id of a line; its parts are `${testId}-name`, `-quantity`, `-total`. */
  testId?: string;
  /** The customer's picture leads to the product; the staff's leads nowhere. */
  linkToProduct?: boolean;
  /** Under a line's price: what the staff's screen adds (its cost price), from the staff chunk. */
  extra?: (line: L) => ReactNode;
}

/**
 * The order's lines (spec §2 "Customer order view"): image, name, unit price, quantity, line total. The staff's
 * hand-over screen shows the same lines, with their cost price as `extra`.
 */
export function OrderLines<L extends Line>({ lines, testId: id = "order-line", linkToProduct = true, extra }: OrderLinesProps<L>) {
  return (
    <ul className="order-lines">
      {lines.map((line) => {
        const image = line.images[0];
        const picture = image ? <img src={productImagePath(line.product_id, image)} alt="" width={48} height={48} /> : <LeafIcon />;
        return (
          <li key={line.id} className="order-line" data-testid={id}>
            {linkToProduct ? (
              <Link href={paths.product(line.product_id)} className="order-line__thumb" aria-label={line.product_name}>
                {picture}
              </Link>
            ) : (
              <span className="order-line__thumb">{picture}</span>
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
              {extra?.(line)}
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

interface OrderTotalProps {
  order: { discount_percent: number; total_price: number; discounted_price: number; promo: { code: string; discount: number } | null };
  /** The test id of the amount to pay; the struck-through full total is `${testId}-full`. */
  testId?: string;
  boxTestId?: string;
  discountTestId?: string;
  /** Rows under the total: the staff's total cost. */
  children?: ReactNode;
}

/**
 * The total, struck through next to the discounted price when a discount applies (spec §9: above 0 %) or the
 * order carries a promo code (issue 25), whose code is shown beside the total.
 */
export function OrderTotal({ order, testId: id = "order-total", boxTestId, discountTestId, children }: OrderTotalProps) {
  const discounted = order.discount_percent > 0 || order.promo !== null;
  return (
    <div className="order-total" data-testid={boxTestId}>
      <div className="order-total__row">
        <span className="order-total__label">
          {t("ui.total")}
          {order.discount_percent > 0 && (
            <span className="pill pill--hot order-total__discount" data-testid={discountTestId}>
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
      {order.promo && (
        // A row of its own under the total: a long code never pushes the amounts out of a narrow screen.
        <div className="order-total__promo">
          <span className="pill pill--hot order-total__discount" data-testid={`${id}-promo`}>
            {t("promo.onOrder", { code: order.promo.code })}
          </span>
          <span>−{formatBaht(order.promo.discount)}</span>
        </div>
      )}
      {children}
    </div>
  );
}
