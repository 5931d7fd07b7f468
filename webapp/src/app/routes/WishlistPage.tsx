import { HeartIcon } from "../../components/icons";
import { useSession } from "../../features/auth/hooks/useSession";
import { StorefrontProductCard } from "../storefront/StorefrontProductCard";
import { useCustomerWishlist } from "../storefront/useCustomerWishlist";
import { ProductCardPlaceholder } from "../../components/product/ProductCardPlaceholder";
import { listPicturePriority } from "../../features/catalog/components/ProductList";
import "./pages.css";
import { t } from "../../lib/i18n";

/** /wishlist: the signed-in customer's wished products still on sale, newest wish first (GET /api/wishlist). */
export function WishlistPage() {
  const { isAdmin, restoring } = useSession();
  const { canWish, wishlist } = useCustomerWishlist();
  const products = wishlist.data?.products;

  return (
    <section className="page">
      <h1 className="page__title">{t("wishlist.title")}</h1>
      {/* Never the empty state before the list: while the session is checked or the list is on its way, cards of
          the real cards' size hold the place. */}
      {restoring || (canWish && wishlist.isPending) ? (
        <div className="wishlist-list" role="status" aria-label={t("wishlist.loading")} data-testid="wishlist-loading">
          <ProductCardPlaceholder />
          <ProductCardPlaceholder />
        </div>
      ) : canWish && wishlist.isError && !products ? (
        <div className="status-message" data-testid="wishlist-failed">
          <p>{t("wishlist.failed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void wishlist.refetch()}>
            {t("ui.tryAgain")}
          </button>
        </div>
      ) : !products || products.length === 0 ? (
        <div className="status-message" data-testid="wishlist-empty">
          <span className="status-message__icon">
            <HeartIcon />
          </span>
          <p className="status-message__title">{t("wishlist.empty")}</p>
          <p>{isAdmin ? t("wishlist.adminsNone") : t("wishlist.hint")}</p>
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
