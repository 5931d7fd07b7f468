import { Fragment, type ReactNode } from "react";
import type { CardProduct } from "@domain/contracts/catalog";
import { BoxIcon } from "../../../components/icons";
import { ProductCardPlaceholder } from "../../../components/product/ProductCardPlaceholder";
import type { PicturePriority } from "../../../components/product/ProductPicture";
import "./ProductList.css";
import { t } from "../../../lib/i18n";

interface ProductListProps {
  products: CardProduct[] | undefined;
  isPending: boolean;
  onRetry: () => void;
  /** One card per product; the page decides what a card can do (order, wish, pick a shop). */
  renderProduct: (product: CardProduct, priority: PicturePriority) => ReactNode;
}

/** Cards that are on a phone's first screen: their first pictures load at once, the very first one before all. */
const FIRST_SCREEN_CARDS = 2;

/** How the card at `index` of a list loads its first picture. */
export function listPicturePriority(index: number): PicturePriority {
  return index === 0 ? "high" : index < FIRST_SCREEN_CARDS ? "eager" : "lazy";
}

export function ProductList({ products, isPending, onRetry, renderProduct }: ProductListProps) {
  if (isPending) {
    // Cards of the real cards' size hold the page's layout while the list is on its way.
    return (
      <div className="product-list" role="status" aria-label={t("catalog.loading")} data-testid="products-loading">
        <ProductCardPlaceholder />
        <ProductCardPlaceholder />
      </div>
    );
  }
  if (!products) {
    return (
      <div className="status-message" data-testid="products-failed">
        <p>{t("catalog.failed")}</p>
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t("ui.tryAgain")}
        </button>
      </div>
    );
  }
  if (products.length === 0) {
    return (
      <div className="status-message" data-testid="products-empty">
        <span className="status-message__icon">
          <BoxIcon />
        </span>
        <p className="status-message__title">{t("catalog.empty")}</p>
      </div>
    );
  }
  return (
    <div className="product-list">
      {products.map((product, index) => (
        <Fragment key={product.id}>{renderProduct(product, listPicturePriority(index))}</Fragment>
      ))}
    </div>
  );
}
