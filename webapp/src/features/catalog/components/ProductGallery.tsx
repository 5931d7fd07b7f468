import { GALLERY_AUTOPLAY_MS, GALLERY_COMPACT_BELOW_PX, GALLERY_IDLE_AFTER_TOUCH_MS } from "@domain/constants";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ProductImage } from "@domain/contracts/catalog";
import { LeafIcon } from "../../../components/icons";
import { useMediaQuery } from "../../../lib/useMediaQuery";
import { ProductPicture } from "./ProductPicture";
import "./ProductGallery.css";

/** How long the track must be still before a swipe counts as finished. */
const SETTLE_MS = 120;

interface ProductGalleryProps {
  productId: number;
  name: string;
  images: ProductImage[];
  /** 'card' crops to a wide frame for the listing; 'page' shows whole square images. */
  variant: "card" | "page";
  /** Moves on by itself (the product page). */
  autoplay?: boolean;
  onImageClick?: (index: number) => void;
}

/**
 * Swipeable product images that loop without end (spec §9: infinite for product images): a copy of the last
 * image sits before the first and a copy of the first after the last, and once a swipe lands on a copy the
 * track jumps, unseen, to the image it copies. Wide screens get thumbnails; phones (compact) get dots.
 */
export function ProductGallery({ productId, name, images, variant, autoplay = false, onImageClick }: ProductGalleryProps) {
  const ordered = [...images].sort((a, b) => a.position - b.position);
  const count = ordered.length;
  const loops = count > 1;
  /** The track's slides: [last copy, ...images, first copy] when looping. */
  const slides = loops ? [ordered[count - 1]!, ...ordered, ordered[0]!] : ordered;
  const offset = loops ? 1 : 0;

  const trackRef = useRef<HTMLDivElement>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [current, setCurrent] = useState(0);
  const compact = useMediaQuery(`(max-width: ${GALLERY_COMPACT_BELOW_PX - 0.02}px)`);

  const slideWidth = () => trackRef.current?.clientWidth ?? 0;
  const jumpTo = (slide: number) => trackRef.current?.scrollTo({ left: slide * slideWidth(), behavior: "instant" });
  const glideTo = useCallback((slide: number) => trackRef.current?.scrollTo({ left: slide * slideWidth(), behavior: "smooth" }), []);

  // Start on the first real image, not on the copy before it.
  useLayoutEffect(() => {
    if (loops) jumpTo(offset);
  }, [loops, offset]);

  const onScroll = () => {
    const track = trackRef.current;
    const width = slideWidth();
    if (!track || width === 0) return;
    const slide = Math.round(track.scrollLeft / width);
    setCurrent((((slide - offset) % count) + count) % count);
    if (!loops) return;
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => {
      const settled = Math.round(track.scrollLeft / width);
      if (settled === 0) jumpTo(count);
      else if (settled === count + 1) jumpTo(1);
    }, SETTLE_MS);
  };
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  // Autoplay: a timer that moves one image on, started again (after the longer rest) by every touch.
  const autoplayTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const scheduleNext = useCallback(
    (delay: number) => {
      clearTimeout(autoplayTimer.current);
      autoplayTimer.current = setTimeout(() => {
        const track = trackRef.current;
        const width = slideWidth();
        if (track && width > 0) glideTo(Math.round(track.scrollLeft / width) + 1);
        scheduleNext(GALLERY_AUTOPLAY_MS);
      }, delay);
    },
    [glideTo],
  );
  const playing = autoplay && loops;
  useEffect(() => {
    if (!playing) return;
    scheduleNext(GALLERY_AUTOPLAY_MS);
    return () => clearTimeout(autoplayTimer.current);
  }, [playing, scheduleNext]);
  const rest = playing ? () => scheduleNext(GALLERY_IDLE_AFTER_TOUCH_MS) : undefined;

  if (count === 0) {
    return (
      <div className={`gallery gallery--${variant} gallery--empty`} onClick={() => onImageClick?.(0)}>
        <LeafIcon />
      </div>
    );
  }

  const showImage = (index: number) => {
    rest?.();
    glideTo(index + offset);
  };

  return (
    <div className="gallery-frame" data-compact={compact || undefined}>
      <div className={`gallery gallery--${variant}`} data-testid="gallery" data-current={current}>
        <div
          className="gallery__track"
          ref={trackRef}
          onScroll={loops ? onScroll : undefined}
          onPointerDown={rest}
          onTouchStart={rest}
          onWheel={rest}
        >
          {slides.map((image, slide) => {
            const index = (slide - offset + count) % count;
            const isCopy = slide !== index + offset;
            return (
              <ProductPicture
                key={isCopy ? `copy-${slide}` : image.id}
                className="gallery__image"
                productId={productId}
                filename={image.filename}
                alt={count > 1 ? `${name}, photo ${index + 1}` : name}
                eager={slide === offset}
                hidden={isCopy}
                onClick={onImageClick ? () => onImageClick(index) : undefined}
              />
            );
          })}
        </div>
        {count > 1 && (compact || variant === "card") && (
          <div className="gallery__dots">
            {ordered.map((image, index) => (
              <button
                key={image.id}
                type="button"
                className="gallery__dot"
                aria-label={`Show photo ${index + 1}`}
                aria-current={index === current}
                onClick={() => showImage(index)}
              />
            ))}
          </div>
        )}
      </div>
      {count > 1 && !compact && variant === "page" && (
        <div className="gallery__thumbs" data-testid="gallery-thumbs">
          {ordered.map((image, index) => (
            <button
              key={image.id}
              type="button"
              className="gallery__thumb"
              aria-label={`Show photo ${index + 1}`}
              aria-current={index === current}
              onClick={() => showImage(index)}
            >
              <ProductPicture productId={productId} filename={image.filename} alt="" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
