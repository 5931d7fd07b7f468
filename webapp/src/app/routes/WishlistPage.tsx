import { useQueries } from "@tanstack/react-query";
import { HeartIcon } from "../../components/icons";
import { productQuery } from "../../features/catalog/api/useProduct";
import { ProductCard } from "../../features/catalog/components/ProductCard";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { useWishlistStore } from "../../features/wishlist/stores/wishlistStore";
import "./pages.css";

export function WishlistPage() {
  const productIds = useWishlistStore((state) => state.productIds);
  const stockId = useChosenShopStore((state) => state.chosenShopId);
  const products = useQueries({
    queries: productIds.map((id) => productQuery(id, stockId)),
    combine: (results) => ({
      pending: results.some((result) => result.isPending),
      loaded: results.flatMap((result) => (result.data ? [result.data] : [])),
    }),
  });

  return (
    <section className="page">
      <h1 className="page__title">Wishlist</h1>
      {products.pending ? (
        <p className="status-message" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading wishlist...
        </p>
      ) : products.loaded.length === 0 ? (
        <div className="status-message" data-testid="wishlist-empty">
          <span className="status-message__icon">
            <HeartIcon />
          </span>
          <p className="status-message__title">No products in wishlist</p>
        </div>
      ) : (
        <div className="wishlist-list">
          {products.loaded.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      )}
    </section>
  );
}
