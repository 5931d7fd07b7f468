import { formatAmount } from "@domain/format";
import { t } from "../../lib/i18n";
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
        {t("product.inStock", { count: formatAmount(instock) })}
      </li>
      <li data-testid="product-orders">
        <ReceiptIcon />
        {t("product.orders", { count: orders })}
      </li>
      <li data-testid="product-wishlist" aria-label={t("product.inWishlists", { count: wishlist })}>
        <HeartIcon />
        {formatAmount(wishlist)}
      </li>
    </ul>
  );
}
