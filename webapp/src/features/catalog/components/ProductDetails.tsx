import { useState, type ReactNode } from "react";
import { categoryColour } from "@domain/catalog";
import type { Product, ShopListItem } from "@domain/contracts/catalog";
import { formatAmount, formatBaht } from "@domain/format";
import { isSoldOut, offersOf, shopStockKey, type OptionOffer } from "@domain/options";
import { CheckIcon, FlameIcon, GiftIcon } from "../../../components/icons";
import { Modal } from "../../../components/Modal";
import { Price } from "../../../components/product/Price";
import { ProductGallery } from "../../../components/product/ProductGallery";
import { ProductLabel } from "../../../components/product/ProductLabel";
import { ProductPicture } from "../../../components/product/ProductPicture";
import { ProductStats } from "../../../components/product/ProductStats";
import { UsualPrice } from "../../../components/product/UsualPrice";
import { optionPrice } from "../../../lib/prices";
import { shopsHolding } from "../../../lib/shopsHolding";
import { pickOption, usePickedOffer } from "../stores/pickedOptionStore";
import { OptionChip } from "./OptionChip";
import "../../../components/product/productParts.css";
import "./ProductDetails.css";
import { t } from "../../../lib/i18n";

interface ProductDetailsProps {
  product: Product;
  /** The wishlist heart on the image, for customers who have a wishlist. */
  wishlistControl?: ReactNode;
  /** The pickup shop row, under the price. */
  buyControls?: ReactNode;
  /**
   * The amount picker and the order button, right under the price card: a row of the whole page that sticks above
   * the bottom navigation while the page scrolls (at first sight on a small phone too), so it is always in reach.
   */
  actionRow?: ReactNode;
}

/** The product page's content (spec §2 "/products/{id}"), shown with the option the customer picked. */
export function ProductDetails({ product, wishlistControl, buyControls, actionRow }: ProductDetailsProps) {
  const [viewedImage, setViewedImage] = useState<number | null>(null);
  const offer = usePickedOffer(product);
  const offers = offersOf(product);
  const images = [...product.images].sort((a, b) => a.position - b.position);
  const viewed = viewedImage === null ? undefined : images[viewedImage];
  const holding = shopsHolding(product, offer.id);

  return (
    <article className="product-details" data-testid="product-details" data-colour={categoryColour(product.category_id) ?? undefined}>
      <div className="product-details__media">
        <ProductGallery
          productId={product.id}
          name={product.name}
          images={images}
          variant="page"
          autoplay
          priority="high"
          onImageClick={setViewedImage}
        />
        {product.hot_deal === "1" && (
          <span className="hot-badge" data-testid="hot-badge">
            <FlameIcon />
            {t("product.hotDeal")}
          </span>
        )}
        {wishlistControl}
      </div>

      <div className="product-details__head">
        <ProductLabel categoryId={product.category_id} label={product.label} />
        <h1 className="product-details__name">{product.name}</h1>
        {product.description && <p className="product-details__description">{product.description}</p>}
      </div>

      <div className="product-details__buy card">
        <Price offer={offer} />
        <ProductStats instock={offer.instock} orders={product.stats.orders} wishlist={product.stats.wishlist} />
        {offer.gift_text && (
          <p className="gift-text">
            <GiftIcon />
            {offer.gift_text}
          </p>
        )}
        <OptionChip product={product} offer={offer} wide />
        {buyControls}
      </div>
      {actionRow && (
        <div className="product-details__action" data-testid="product-action">
          {actionRow}
        </div>
      )}

      {offers.length > 1 && (
        <section className="product-section">
          <h2 className="section-title">{t("product.options")}</h2>
          <ul className="option-list">
            {offers.map((option) => (
              <OptionRow key={option.id} option={option} picked={option.id === offer.id} onPick={() => pickOption(product.id, option.id)} />
            ))}
          </ul>
        </section>
      )}

      {product.full_description && (
        <section className="product-section">
          <h2 className="section-title">{t("product.about")}</h2>
          <p className="product-details__overview">{product.full_description}</p>
        </section>
      )}

      <section className="product-section">
        <h2 className="section-title">
          {t("product.stockAtShops", { count: holding.length, city: t("ui.city") })}
        </h2>
        {holding.length === 0 ? (
          <p className="product-section__empty">{t("product.noShopHolds")}</p>
        ) : (
          <ul className="shop-stock-list">
            {holding.map((shop) => (
              <ShopStockRow key={shop.store_id} shop={shop} optionId={offer.id} />
            ))}
          </ul>
        )}
      </section>

      <Modal active={viewed !== undefined} onClose={() => setViewedImage(null)} className="modal__content--image">
        {viewed && (
          <ProductPicture productId={product.id} filename={viewed.filename} alt={product.name} className="image-viewer" priority="eager" />
        )}
      </Modal>
    </article>
  );
}

function OptionRow({ option, picked, onPick }: { option: OptionOffer; picked: boolean; onPick: () => void }) {
  const soldOut = isSoldOut(option);
  const price = optionPrice(option);
  return (
    <li>
      <button type="button" className="option-row" onClick={onPick} disabled={soldOut} aria-pressed={picked} data-testid="option-row">
        <span className="option-row__mark" aria-hidden="true">
          {picked && <CheckIcon />}
        </span>
        <span className="option-row__name">
          {option.price_text || t("product.standardOption")}
          {option.gift_text && <span className="option-row__gift">{option.gift_text}</span>}
        </span>
        <span className="option-row__stock">
          {soldOut ? t("product.soldOut") : t("product.left", { count: formatAmount(option.instock) })}
        </span>
        <span className="option-row__price">
          <strong data-testid="option-row-price" data-on-sale={price.onSale || undefined}>{formatBaht(price.now)}</strong>
          {price.onSale && <UsualPrice amount={price.usual} testId="option-row-usual-price" />}
        </span>
      </button>
    </li>
  );
}

function ShopStockRow({ shop, optionId }: { shop: ShopListItem; optionId: string }) {
  const amount = shop.options[shopStockKey(optionId)]?.amount ?? 0;
  return (
    <li className="shop-stock">
      <span className="shop-stock__logo">{shop.path && <img src={shop.path} alt="" width={40} height={40} />}</span>
      <span className="shop-stock__info">
        <span className="shop-stock__name">{shop.name}</span>
        <span className="shop-stock__district">{shop.district}</span>
      </span>
      <span className="shop-stock__amount">{t("product.inStock", { count: formatAmount(amount) })}</span>
    </li>
  );
}
