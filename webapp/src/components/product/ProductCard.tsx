import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { categoryColour } from "@domain/catalog";
import type { CardProduct } from "@domain/contracts/catalog";
import type { OptionOffer } from "@domain/options";
import { FlameIcon, GiftIcon, MapPinIcon, StoreIcon } from "../icons";
import { paths } from "../../lib/paths";
import { shopsHolding } from "../../lib/shopsHolding";
import { Price } from "./Price";
import { ProductGallery } from "./ProductGallery";
import type { PicturePriority } from "./ProductPicture";
import { ProductLabel } from "./ProductLabel";
import { ProductStats } from "./ProductStats";
import "./productParts.css";
import "./ProductCard.css";
import { t } from "../../lib/i18n";

interface ProductCardProps {
  product: CardProduct;
  /** The option the card shows (the customer's pick, the default one on the admin's list). */
  offer: OptionOffer;
  /** Beside the price: the customer's option chip, or the admin's option picker (which opens even without options). */
  optionControl: ReactNode;
  /** The wishlist heart on the image, for customers who have a wishlist. */
  wishlistControl?: ReactNode;
  /** The order button beside 'More details'. */
  orderControl?: ReactNode;
  /** The shop count is a button when given (spec §2: it opens the shop picker or the shops holding it). */
  onShopCountClick?: () => void;
  /** How its first picture loads: only the cards of the first screen are not lazy (ProductList decides). */
  priority?: PicturePriority;
  /** Under the card's actions: the admin's marks and tools (spec §2: '(HIDE IN ALL LIST)', the position). */
  extras?: ReactNode;
  /** Spec §2: on the admin products page a click on the image leads nowhere. */
  viewOnly?: boolean;
}

/** One product of the listing (spec §2 "Product card"): the customers' card, and the admin's with its tools. */
export function ProductCard({
  product,
  offer,
  wishlistControl,
  orderControl,
  onShopCountClick,
  priority = "lazy",
  optionControl,
  extras,
  viewOnly = false,
}: ProductCardProps) {
  const [, navigate] = useLocation();
  const detailsPath = paths.product(product.id);
  const shopCount = t("product.shopCount", { count: shopsHolding(product, offer.id).length });

  return (
    <article
      className="product-card card"
      data-testid="product-card"
      data-product-id={product.id}
      data-colour={categoryColour(product.category_id) ?? undefined}
    >
      <div className="product-card__media">
        <ProductGallery
          productId={product.id}
          name={product.name}
          images={product.images}
          variant="card"
          priority={priority}
          onImageClick={viewOnly ? undefined : () => navigate(detailsPath)}
        />
        {product.hot_deal === "1" && (
          <span className="hot-badge" data-testid="hot-badge">
            <FlameIcon />
            {t("product.hot")}
          </span>
        )}
        {wishlistControl}
      </div>

      <div className="product-card__body">
        <ProductLabel categoryId={product.category_id} label={product.label} />
        <h3 className="product-card__name">
          <Link href={detailsPath}>{product.name}</Link>
        </h3>
        {product.description && <p className="product-card__description">{product.description}</p>}
        {offer.gift_text && (
          <p className="gift-text" data-testid="gift-text">
            <GiftIcon />
            {offer.gift_text}
          </p>
        )}
        <ProductStats instock={offer.instock} orders={product.stats.orders} wishlist={product.stats.wishlist} />

        <div className="product-card__where">
          <span>
            <MapPinIcon />
            {t("ui.city")}
          </span>
          {onShopCountClick ? (
            <button type="button" className="product-card__shops" onClick={onShopCountClick} data-testid="shop-count">
              <StoreIcon />
              {shopCount}
            </button>
          ) : (
            <span data-testid="shop-count">
              <StoreIcon />
              {shopCount}
            </span>
          )}
        </div>

        <div className="product-card__price-row">
          <Price offer={offer} />
          {optionControl}
        </div>

        <div className="product-card__actions">
          <Link href={detailsPath} className="button button--ghost product-card__details">
            {t("product.moreDetails")}
          </Link>
          {orderControl}
        </div>
        {extras}
      </div>
    </article>
  );
}
