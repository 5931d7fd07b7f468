import { lineTotal } from "@domain/orders";
import { Link } from "wouter";
import type { Order } from "@domain/contracts/orders";
import { productImagePath } from "@domain/catalog";
import { formatAmount, formatBaht } from "@domain/format";
import { LeafIcon } from "../../../components/icons";
import { paths } from "../../../lib/paths";
import "./orders.css";

/** The order's lines (spec §2 "Customer order view"): name, image, unit price, quantity, line total. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="order-lines">
      {order.products.map((line) => {
        const image = line.images[0];
        return (
          <li key={line.id} className="order-line" data-testid="order-line">
            <Link href={paths.product(line.product_id)} className="order-line__thumb" aria-label={line.product_name}>
              {image ? <img src={productImagePath(line.product_id, image)} alt="" width={52} height={52} /> : <LeafIcon />}
            </Link>
            <span className="order-line__info">
              <span className="order-line__name" data-testid="order-line-name">
                {line.product_name}
              </span>
              <span className="order-line__price">
                {line.price_text && <span>{line.price_text}</span>}
                <span data-testid="order-line-quantity">
                  {formatBaht(line.per_price)} × {formatAmount(line.amount)}
                </span>
              </span>
            </span>
            <strong className="order-line__total" data-testid="order-line-total">
              {formatBaht(lineTotal(line))}
            </strong>
          </li>
        );
      })}
    </ul>
  );
}

/** The total, struck through next to the discounted price when a discount applies (spec §9: above 0 %). */
export function OrderTotal({ order }: { order: Order }) {
  const discounted = order.discount_percent > 0;
  return (
    <div className="order-total" data-testid="order-total-box">
      <span className="order-total__label">
        Total
        {discounted && <span className="order-total__discount">−{order.discount_percent}%</span>}
      </span>
      <span className="order-total__values">
        {discounted && <s className="order-total__full" data-testid="order-total-full">{formatBaht(order.total_price)}</s>}
        <strong data-testid="order-total">{formatBaht(discounted ? order.discounted_price : order.total_price)}</strong>
      </span>
    </div>
  );
}
