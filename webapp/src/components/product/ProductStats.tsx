import { countOf, formatAmount } from "@domain/format";
import { BoxIcon, HeartIcon, ReceiptIcon } from "../icons";
import "./ProductStats.css";

interface ProductStatsProps {
  instock: number;
  orders: number;
  wishlist: number;
}

export function ProductStats({ instock, orders, wishlist }: ProductStatsProps) {
  return (
    <ul className="product-stats">
      <li className="product-stats__stock" data-testid="product-instock">
        <BoxIcon />
        {formatAmount(instock)} in stock
      </li>
      <li data-testid="product-orders">
        <ReceiptIcon />
        {countOf(orders, "order")}
      </li>
      <li data-testid="product-wishlist" aria-label={`In ${countOf(wishlist, "wishlist")}`}>
        <HeartIcon />
        {formatAmount(wishlist)}
      </li>
    </ul>
  );
}
