import { useState } from "react";
import { productImagePath } from "@domain/catalog";
import { ImageOffIcon } from "../../../components/icons";

/** Spec §8: what an image that cannot be shown says instead. */
type Failure = "not-found" | "failed";

/**
 * How a picture loads. `high`: the page's main picture (the first card's, the product page's), fetched first;
 * `eager`: on screen at once (the other cards of the first screen); `lazy`: when it comes near the screen.
 */
export type PicturePriority = "high" | "eager" | "lazy";

/** The demo and upload pictures are square, 600 px: the frame (3:2 on cards, square on the page) crops them. */
const PICTURE_SIZE_PX = 600;

/** A card's width: the page's column (at most 560 px) less its margins. */
const CARD_SIZES = "(max-width: 560px) calc(100vw - 32px), 528px";
/** The widths of an upload's two WebP files (server/services/images.ts): the card size and the large one. */
const CARD_WIDTH_PX = 480;
const LARGE_WIDTH_PX = 1600;

interface ProductPictureProps {
  productId: number;
  filename: string;
  /** An upload's card-size WebP: with it the picture offers both sizes (srcset) and the browser takes the one it needs. */
  cardFilename?: string | null;
  alt: string;
  className?: string;
  priority?: PicturePriority;
  /** A loop copy: seen while swiping, skipped by screen readers. */
  hidden?: boolean;
  onClick?: () => void;
}

/** One product image; when it fails to load, the spec's texts in its place. */
export function ProductPicture({ productId, filename, cardFilename, alt, className, priority = "lazy", hidden = false, onClick }: ProductPictureProps) {
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
            Image Not Found
          </span>
        ) : (
          <>
            <span className="image-failure__title" data-testid="image-failure">
              Something Went Wrong
            </span>
            <span className="image-failure__hint">Please Try Again Later</span>
          </>
        )}
      </div>
    );
  }

  return (
    <img
      className={className}
      src={cardSrc ?? src}
      srcSet={cardSrc ? `${cardSrc} ${CARD_WIDTH_PX}w, ${src} ${LARGE_WIDTH_PX}w` : undefined}
      sizes={cardSrc ? CARD_SIZES : undefined}
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
