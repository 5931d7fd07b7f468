import { categoryColour } from "@domain/catalog";
import { formatAmount } from "@domain/format";
import { FlameIcon, GiftIcon } from "../../../../components/icons";
import { Price } from "../../../../components/product/Price";
import { ProductLabel } from "../../../../components/product/ProductLabel";
import { t } from "../../../../lib/i18n";
import type { ProductFields } from "../productFields";
import { isoWithOffset } from "../saleFields";

/** Spec §2 "Product forms": the preview step, the card as customers will see it, with the picked images. */
export function ProductPreview({ fields, imageUrls }: { fields: ProductFields; imageUrls: readonly string[] }) {
  const categoryId = Number(fields.category_id);
  return (
    <article
      className="product-card card admin-preview"
      data-testid="product-preview"
      data-colour={categoryColour(categoryId) ?? undefined}
    >
      <div className="product-card__media">
        {/* A scroller the keyboard reaches too (the arrow keys move it). */}
        <div className="admin-preview__images" tabIndex={0} role="group" aria-label={t("staff.form.photosOf", { name: fields.name })}>
          {imageUrls.map((url, index) => (
            <img
              key={index}
              src={url}
              alt={t("staff.form.photoOf", { name: fields.name, number: index + 1 })}
              width={600}
              height={400}
              data-testid="preview-image"
            />
          ))}
        </div>
        {fields.hot_deal === "1" && (
          <span className="hot-badge">
            <FlameIcon />
            {t("staff.form.hot")}
          </span>
        )}
      </div>
      <div className="product-card__body">
        <ProductLabel categoryId={categoryId} label={fields.label} />
        <h3 className="product-card__name" data-testid="preview-name">
          {fields.name}
        </h3>
        {fields.description && <p className="product-card__description">{fields.description}</p>}
        {fields.gift_text && (
          <p className="gift-text">
            <GiftIcon />
            {fields.gift_text}
          </p>
        )}
        <p className="admin-preview__stock">{t("staff.inStock", { count: formatAmount(Number(fields.instock) || 0) })}</p>
        <div className="product-card__price-row">
          <Price
            offer={{
              per_price: Number(fields.per_price) || 0,
              sale_price: fields.sale_price.trim() === "" ? null : Number(fields.sale_price),
              sale_ends_at: fields.sale_ends_at.trim() === "" ? null : isoWithOffset(fields.sale_ends_at),
              price_text: fields.price_text,
            }}
          />
        </div>
        {fields.full_description && <p className="admin-preview__full">{fields.full_description}</p>}
        <p className="admin-marks">
          {fields.in_all_list === "0" && <span className="admin-mark pill">{t("staff.product.markHidden")}</span>}
          <span className="admin-mark pill">{t("staff.product.position", { position: fields.position })}</span>
        </p>
      </div>
    </article>
  );
}
