import "./ProductCard.css";

/**
 * An empty card of a product card's size and shape, shown while the list is on its way, so that nothing below
 * it (the footer, the next cards) moves when the real cards arrive.
 */
export function ProductCardPlaceholder() {
  return (
    <div className="product-card card product-card--placeholder" aria-hidden="true">
      <div className="product-card__media gallery--card placeholder-block" />
      <div className="product-card__body">
        <span className="placeholder-line" style={{ width: "28%", height: 24 }} />
        <span className="placeholder-line" style={{ width: "62%", height: 23 }} />
        <span className="placeholder-line" style={{ width: "94%" }} />
        <span className="placeholder-line" style={{ width: "70%" }} />
        <span className="placeholder-line" style={{ width: "55%", height: 19 }} />
        <span className="placeholder-line" style={{ width: "48%", height: 19 }} />
        <div className="product-card__price-row">
          <span className="placeholder-line" style={{ width: "34%", height: 32 }} />
          <span className="placeholder-line" style={{ width: "30%", height: 38, borderRadius: "var(--radius-pill)" }} />
        </div>
        <div className="product-card__actions">
          <span className="placeholder-line" style={{ height: 44, borderRadius: 12 }} />
          <span className="placeholder-line" style={{ height: 44, borderRadius: 12 }} />
        </div>
      </div>
    </div>
  );
}
