import { useState } from "react";
import { productImagePath } from "@domain/catalog";
import { ImageOffIcon } from "../icons";
import { t } from "../../lib/i18n";

/** Spec §8: what an image that cannot be shown says instead. */
type Failure = "not-found" | "failed";

/**
 * How a picture loads. `high`: the page's main picture (the first card's, the product page's), fetched first;
 * `eager`: on screen at once (the other cards of the first screen); `lazy`: when it comes near the screen.
 */
export type PicturePriority = "high" | "eager" | "lazy";

/** The demo and upload pictures are square, 600 px: the frame (3:2 on cards, square on the page) crops them. */
const PICTURE_SIZE_PX = 600;

/** The product page's picture: the page's column (at most 560 px). */
const PAGE_SIZES = "(max-width: 560px) 100vw, 560px";
/** The widths of an upload's two WebP files (server/services/images.ts): the card size and the large one. */
const CARD_WIDTH_PX = 480;
const LARGE_WIDTH_PX = 1600;

interface ProductPictureProps {
  productId: number;
  filename: string;
  /** An upload's card-size WebP (480 px, tens of KB). */
  cardFilename?: string | null;
  /**
   * `card`: a list card shows the card file alone. With a srcset a phone of density 2 or 3 would take the
   * 1600 px file for a 360 px card (ten lists' worth of bytes on a cheap phone's data plan), so a card is a
   * little soft on a dense screen and cheap to scroll. `page`: the product page offers both (srcset) and the
   * browser takes what its screen needs.
   */
  use?: "card" | "page";
  alt: string;
  className?: string;
  priority?: PicturePriority;
  /** A loop copy: seen while swiping, skipped by screen readers. */
  hidden?: boolean;
  onClick?: () => void;
}

/** One product image; when it fails to load, the spec's texts in its place. */
export function ProductPicture({
  productId,
  filename,
  cardFilename,
  use = "page",
  alt,
  className,
  priority = "lazy",
  hidden = false,
  onClick,
}: ProductPictureProps) {
  const src = productImagePath(productId, filename);
  const cardSrc = cardFilename ? productImagePath(productId, cardFilename) : null;
  const [failure, setFailure] = useState<Failure | null>(null);

  // The element's error event does not say why: ask the server once, so a missing image reads as such.
  const onError = () => {
    fetch(src, { method: "HEAD" }).then(
      (answer) => setFailure(answer.status === 404 ? "not-found" : "failed"),
      () => setFailure("failed"),
    );
  };

  if (failure) {
    return (
      <div className={`${className ?? ""} image-failure`} role="img" aria-label={alt} aria-hidden={hidden || undefined} onClick={onClick}>
        <ImageOffIcon />
        {failure === "not-found" ? (
          <span className="image-failure__title" data-testid="image-failure">
            {t("product.imageNotFound")}
          </span>
        ) : (
          <>
            <span className="image-failure__title" data-testid="image-failure">
              {t("product.imageFailed")}
            </span>
            <span className="image-failure__hint">{t("product.imageTryLater")}</span>
          </>
        )}
      </div>
    );
  }

  return (
    <img
      className={className}
      src={use === "card" && cardSrc ? cardSrc : src}
      srcSet={use === "page" && cardSrc ? `${cardSrc} ${CARD_WIDTH_PX}w, ${src} ${LARGE_WIDTH_PX}w` : undefined}
      sizes={use === "page" && cardSrc ? PAGE_SIZES : undefined}
      alt={hidden ? "" : alt}
      aria-hidden={hidden || undefined}
      width={PICTURE_SIZE_PX}
      height={PICTURE_SIZE_PX}
      loading={priority === "lazy" ? "lazy" : "eager"}
      fetchPriority={priority === "high" ? "high" : undefined}
      decoding={priority === "lazy" ? "async" : undefined}
      draggable={false}
      onError={onError}
      onClick={onClick}
    />
  );
}
