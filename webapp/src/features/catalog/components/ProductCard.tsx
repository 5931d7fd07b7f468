import { Link, useLocation } from "wouter";
import { categoryColour } from "@domain/catalog";
import { CITY_NAME } from "@domain/constants";
import type { Product } from "@domain/contracts/catalog";
import { formatBaht } from "@domain/format";
import { FlameIcon, GiftIcon, MapPinIcon, StoreIcon } from "../../../components/icons";
import { countOf } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { defaultOffer } from "@domain/options";
import { ProductGallery } from "./ProductGallery";
import { ProductLabel } from "./ProductLabel";
import { ProductStats } from "./ProductStats";
import "./productParts.css";
import "./ProductCard.css";

/** One product of the listing (spec §2 "Product card"), shown with its default option. */
export function ProductCard({ product }: { product: Product }) {
  const [, navigate] = useLocation();
  const offer = defaultOffer(product);
  const detailsPath = paths.product(product.id);

  return (
    <article className="product-card" data-testid="product-card" data-colour={categoryColour(product.category_id) ?? undefined}>
      <div className="product-card__media">
        <ProductGallery
          productId={product.id}
          name={product.name}
          images={product.images}
          variant="card"
          onImageClick={() => navigate(detailsPath)}
        />
        {product.hot_deal === "1" && (
          <span className="hot-badge" data-testid="hot-badge">
            <FlameIcon />
            Hot
          </span>
        )}
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
            {CITY_NAME}
          </span>
          <span data-testid="shop-count">
            <StoreIcon />
            {countOf(product.shop_list.length, "shop")}
          </span>
        </div>

        <div className="product-card__buy">
          <p className="price">
            <span className="price__value" data-testid="product-price">
              {formatBaht(offer.per_price)}
            </span>
            {offer.price_text && <span className="price__text">/ {offer.price_text}</span>}
          </p>
          <Link href={detailsPath} className="button product-card__details">
            More details
          </Link>
        </div>
      </div>
    </article>
  );
}
