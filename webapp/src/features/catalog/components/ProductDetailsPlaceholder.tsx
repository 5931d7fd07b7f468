import { t } from "../../../lib/i18n";
import "../../../components/product/ProductCard.css";
import "./ProductDetails.css";

/** The product page's frame while the product is on its way: the square picture and the text around it. */
export function ProductDetailsPlaceholder() {
  return (
    <div className="product-details" role="status" aria-label={t("product.loading")} data-testid="product-loading">
      <div className="product-details__media">
        <div className="gallery gallery--page placeholder-block" />
      </div>
      <div className="product-details__head" aria-hidden="true">
        <span className="placeholder-line" style={{ width: "30%", height: 24 }} />
        <span className="placeholder-line" style={{ width: "66%", height: 30 }} />
        <span className="placeholder-line" style={{ width: "92%" }} />
      </div>
      <div className="product-details__buy card" aria-hidden="true">
        <span className="placeholder-line" style={{ width: "40%", height: 32 }} />
        <span className="placeholder-line" style={{ width: "70%" }} />
        <span className="placeholder-line" style={{ height: 48, borderRadius: 12 }} />
      </div>
    </div>
  );
}
