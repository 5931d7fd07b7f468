import type { ReactNode } from "react";
import type { CardProduct } from "@domain/contracts/catalog";
import { BoxIcon } from "../../../components/icons";
import { ProductCardPlaceholder } from "../../../components/product/ProductCardPlaceholder";
import type { PicturePriority } from "../../../components/product/ProductPicture";
import "./ProductList.css";
import { t } from "../../../lib/i18n";
import { lazyModule } from "../../../lib/lazyModule";

export interface ProductListProps {
  products: CardProduct[] | undefined;
  isPending: boolean;
  onRetry: () => void;
  /** What 'No products' becomes (a search that found nothing says so, with a way out). */
  empty?: ReactNode;
  /** Called when the list's last cards are drawn (a search fetches its next page). */
  onEndReached?: () => void;
  /** One card per product; the page decides what a card can do (order, wish, pick a shop). */
  renderProduct: (product: CardProduct, priority: PicturePriority) => ReactNode;
}

/** Cards that are on a phone's first screen: their first pictures load at once, the very first one before all. */
const FIRST_SCREEN_CARDS = 2;

/** How the card at `index` of a list loads its first picture. */
export function listPicturePriority(index: number): PicturePriority {
  return index === 0 ? "high" : index < FIRST_SCREEN_CARDS ? "eager" : "lazy";
}

/** The windowed list (WindowedList.tsx): fetched as the list first draws, while its products are on their way. */
const windowedList = lazyModule(() => import("./WindowedList"));

export function ProductList({ products, isPending, onRetry, renderProduct, empty, onEndReached }: ProductListProps) {
  const windowed = windowedList.use(true);
  // Cards of the real cards' size hold the page's layout while the list (its products, its code) is on its way.
  const placeholder = (
    <div className="product-list" role="status" aria-label={t("catalog.loading")} data-testid="products-loading">
      <ProductCardPlaceholder />
      <ProductCardPlaceholder />
    </div>
  );
  if (isPending) return placeholder;
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
    if (empty) return empty;
    return (
      <div className="status-message" data-testid="products-empty">
        <span className="status-message__icon">
          <BoxIcon />
        </span>
        <p className="status-message__title">{t("catalog.empty")}</p>
      </div>
    );
  }
  if (!windowed) return placeholder;
  return <windowed.WindowedList products={products} renderProduct={renderProduct} onEndReached={onEndReached} />;
}
