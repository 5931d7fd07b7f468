import { Fragment, type ReactNode } from "react";
import type { Product } from "@domain/contracts/catalog";
import { BoxIcon } from "../../../components/icons";
import "./ProductList.css";

interface ProductListProps {
  products: Product[] | undefined;
  isPending: boolean;
  onRetry: () => void;
  /** One card per product; the page decides what a card can do (order, wish, pick a shop). */
  renderProduct: (product: Product) => ReactNode;
}

export function ProductList({ products, isPending, onRetry, renderProduct }: ProductListProps) {
  if (isPending) {
    return (
      <p className="status-message" role="status" data-testid="products-loading">
        <span className="spinner" aria-hidden="true" />
        Loading products...
      </p>
    );
  }
  if (!products) {
    return (
      <div className="status-message" data-testid="products-failed">
        <p>The products could not be loaded.</p>
        <button type="button" className="button button--ghost" onClick={onRetry}>
          Try again
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
        <p className="status-message__title">No products</p>
      </div>
    );
  }
  return (
    <div className="product-list">
      {products.map((product) => (
        <Fragment key={product.id}>{renderProduct(product)}</Fragment>
      ))}
    </div>
  );
}
