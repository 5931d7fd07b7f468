import { HeartIcon } from "../../components/icons";
import { useSession } from "../../features/auth/hooks/useSession";
import { StorefrontProductCard } from "../storefront/StorefrontProductCard";
import { useCustomerWishlist } from "../storefront/useCustomerWishlist";
import { ProductCardPlaceholder } from "../../components/product/ProductCardPlaceholder";
import { listPicturePriority } from "../../features/catalog/components/ProductList";
import "./pages.css";

/** /wishlist: the signed-in customer's wished products still on sale, newest wish first (GET /api/wishlist). */
export function WishlistPage() {
  const { isAdmin, restoring } = useSession();
  const { canWish, wishlist } = useCustomerWishlist();
  const products = wishlist.data?.products;

  return (
    <section className="page">
      <h1 className="page__title">Wishlist</h1>
      {/* Never the empty state before the list: while the session is checked or the list is on its way, cards of
          the real cards' size hold the place. */}
      {restoring || (canWish && wishlist.isPending) ? (
        <div className="wishlist-list" role="status" aria-label="Loading wishlist..." data-testid="wishlist-loading">
          <ProductCardPlaceholder />
          <ProductCardPlaceholder />
        </div>
      ) : canWish && wishlist.isError && !products ? (
        <div className="status-message" data-testid="wishlist-failed">
          <p>The wishlist could not be loaded.</p>
          <button type="button" className="button button--ghost" onClick={() => void wishlist.refetch()}>
            Try again
          </button>
        </div>
      ) : !products || products.length === 0 ? (
        <div className="status-message" data-testid="wishlist-empty">
          <span className="status-message__icon">
            <HeartIcon />
          </span>
          <p className="status-message__title">No products in wishlist</p>
          <p>{isAdmin ? "Admins keep no wishlist." : "Tap the heart on a product to keep it here."}</p>
        </div>
      ) : (
        <div className="wishlist-list">
          {products.map((product, index) => (
            <StorefrontProductCard key={product.id} product={product} priority={listPicturePriority(index)} />
          ))}
        </div>
      )}
    </section>
  );
}
