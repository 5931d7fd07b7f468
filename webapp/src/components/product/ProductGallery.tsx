import { GALLERY_AUTOPLAY_MS, GALLERY_COMPACT_BELOW_PX, GALLERY_IDLE_AFTER_TOUCH_MS } from "@domain/constants";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { CardImage } from "@domain/contracts/catalog";
import { LeafIcon } from "../icons";
import { useMediaQuery } from "../../lib/useMediaQuery";
import { ProductPicture, type PicturePriority } from "./ProductPicture";
import "./ProductGallery.css";
import { t } from "../../lib/i18n";

/** How long the track must be still before a swipe counts as finished. */
const SETTLE_MS = 120;

interface ProductGalleryProps {
  productId: number;
  name: string;
  /** In their order, the cover first (as every answer sends them). */
  images: CardImage[];
  /** 'card' crops to a wide frame for the listing; 'page' shows whole square images. */
  variant: "card" | "page";
  /** Moves on by itself (the product page). */
  autoplay?: boolean;
  /** How the first image loads (ProductPicture): only pictures on the first screen are not lazy. */
  priority?: PicturePriority;
  onImageClick?: (index: number) => void;
}

/**
 * Swipeable product images that loop without end (spec §9: infinite for product images): a copy of the last
 * image sits before the first and a copy of the first after the last, and once a swipe lands on a copy the
 * track jumps, unseen, to the image it copies. Wide screens get thumbnails; phones (compact) get dots.
 *
 * Pictures are fetched as they are about to be shown, never the whole gallery at once: at first only the first
 * image has a picture (the other slides are empty frames of the same size); the neighbours of the image shown
 * get theirs once the customer touches the gallery or the image changes, and autoplay asks for the next one a
 * full interval before it moves there. Which slide is shown is put right again whenever the track's width
 * changes (a gallery laid out while hidden or before the styles came starts at width 0), so the image on
 * screen is always the one that has its picture.
 */
export function ProductGallery({
  productId,
  name,
  images,
  variant,
  autoplay = false,
  priority = "lazy",
  onImageClick,
}: ProductGalleryProps) {
  const count = images.length;
  const loops = count > 1;
  /** The track's slides: [last copy, ...images, first copy] when looping. */
  const slides = loops ? [images[count - 1]!, ...images, images[0]!] : images;
  const offset = loops ? 1 : 0;

  const trackRef = useRef<HTMLDivElement>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [current, setCurrent] = useState(0);
  const currentRef = useRef(0);
  currentRef.current = current;
  const compact = useMediaQuery(`(max-width: ${GALLERY_COMPACT_BELOW_PX - 0.02}px)`);

  // The images (by index) that have their picture: the first at once, the others as they are about to show.
  const [wanted, setWanted] = useState<ReadonlySet<number>>(() => new Set([0]));
  const want = useCallback(
    (...indices: number[]) =>
      setWanted((before) => {
        const next = indices.map((index) => ((index % count) + count) % count).filter((index) => !before.has(index));
        return next.length === 0 ? before : new Set([...before, ...next]);
      }),
    [count],
  );
  const wantAround = useCallback((index: number) => want(index, index - 1, index + 1), [want]);

  const slideWidth = () => trackRef.current?.clientWidth ?? 0;
  const jumpTo = useCallback((slide: number) => trackRef.current?.scrollTo({ left: slide * slideWidth(), behavior: "instant" }), []);
  const glideTo = useCallback((slide: number) => trackRef.current?.scrollTo({ left: slide * slideWidth(), behavior: "smooth" }), []);

  // Start on the first real image, not on the copy before it; and stay on the image shown whenever the track's
  // width changes (laid out at width 0, rotated, resized).
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!loops || !track) return;
    jumpTo(offset);
    let width = track.clientWidth;
    const observer = new ResizeObserver(() => {
      if (track.clientWidth === width) return;
      width = track.clientWidth;
      jumpTo(currentRef.current + offset);
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [loops, offset, jumpTo]);

  // The image shown changed: its neighbours are the next ones a swipe can bring.
  useEffect(() => {
    if (loops && current !== 0) wantAround(current);
  }, [loops, current, wantAround]);

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

  // Autoplay: a timer that moves one image on, started again (after the longer rest) by every touch. The next
  // image's picture is asked for when the timer starts, a whole interval before it is shown.
  const autoplayTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const scheduleNext = useCallback(
    (delay: number) => {
      clearTimeout(autoplayTimer.current);
      want(currentRef.current + 1);
      autoplayTimer.current = setTimeout(() => {
        const track = trackRef.current;
        const width = slideWidth();
        if (track && width > 0) glideTo(Math.round(track.scrollLeft / width) + 1);
        scheduleNext(GALLERY_AUTOPLAY_MS);
      }, delay);
    },
    [glideTo, want],
  );
  const playing = autoplay && loops;
  useEffect(() => {
    if (!playing) return;
    scheduleNext(GALLERY_AUTOPLAY_MS);
    return () => clearTimeout(autoplayTimer.current);
  }, [playing, scheduleNext]);

  /** A touch, a wheel or the keyboard on the gallery: the neighbours may come next. */
  const onTouch = () => {
    if (!loops) return;
    wantAround(currentRef.current);
    if (playing) scheduleNext(GALLERY_IDLE_AFTER_TOUCH_MS);
  };

  if (count === 0) {
    return (
      <div className={`gallery gallery--${variant} gallery--empty`} onClick={() => onImageClick?.(0)}>
        <LeafIcon />
      </div>
    );
  }

  const showImage = (index: number) => {
    want(index);
    onTouch();
    glideTo(index + offset);
  };

  return (
    <div className="gallery-frame" data-compact={compact || undefined}>
      <div className={`gallery gallery--${variant}`} data-testid="gallery" data-current={current}>
        <div
          className="gallery__track"
          ref={trackRef}
          onScroll={loops ? onScroll : undefined}
          onPointerDown={onTouch}
          onTouchStart={onTouch}
          onWheel={onTouch}
          onFocus={onTouch}
          // A scrolling track is reachable by keyboard (the arrow keys move it), named for screen readers.
          tabIndex={loops ? 0 : undefined}
          role={loops ? "group" : undefined}
          aria-label={loops ? t("product.photos", { name }) : undefined}
        >
          {slides.map((image, slide) => {
            const index = (slide - offset + count) % count;
            const isCopy = slide !== index + offset;
            const key = isCopy ? `copy-${slide}` : image.id;
            if (!wanted.has(index)) return <div key={key} className="gallery__image gallery__slot" aria-hidden="true" />;
            return (
              <ProductPicture
                key={key}
                className="gallery__image"
                productId={productId}
                filename={image.filename}
                cardFilename={image.card_filename}
                use={variant === "card" ? "card" : "page"}
                alt={count > 1 ? t("product.photoNumber", { name, number: index + 1 }) : name}
                priority={!isCopy && index === 0 ? priority : "lazy"}
                hidden={isCopy}
                onClick={onImageClick ? () => onImageClick(index) : undefined}
              />
            );
          })}
        </div>
        {count > 1 && (compact || variant === "card") && (
          <div className="gallery__dots">
            {images.map((image, index) => (
              <button
                key={image.id}
                type="button"
                className="gallery__dot"
                aria-label={t("product.showPhoto", { number: index + 1 })}
                aria-current={index === current}
                onClick={() => showImage(index)}
              />
            ))}
          </div>
        )}
      </div>
      {count > 1 && !compact && variant === "page" && (
        <div className="gallery__thumbs" data-testid="gallery-thumbs">
          {images.map((image, index) => (
            <button
              key={image.id}
              type="button"
              className="gallery__thumb"
              aria-label={t("product.showPhoto", { number: index + 1 })}
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
