import { useRef, useState } from "react";
import type { ProductImage } from "@domain/contracts/catalog";
import { productImagePath } from "@domain/catalog";
import { LeafIcon } from "../../../components/icons";
import "./ProductGallery.css";

interface ProductGalleryProps {
  productId: number;
  name: string;
  images: ProductImage[];
  /** 'card' crops to a wide frame for the listing; 'page' shows whole square images. */
  variant: "card" | "page";
  onImageClick?: (index: number) => void;
}

/** Swipeable images with dots; the first image loads at once, the others when scrolled to. */
export function ProductGallery({ productId, name, images, variant, onImageClick }: ProductGalleryProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const ordered = [...images].sort((a, b) => a.position - b.position);

  const onScroll = () => {
    const track = trackRef.current;
    if (track && track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  };

  const showImage = (index: number) => {
    const track = trackRef.current;
    track?.scrollTo({ left: index * track.clientWidth, behavior: "smooth" });
  };

  if (ordered.length === 0) {
    return (
      <div className={`gallery gallery--${variant} gallery--empty`} onClick={() => onImageClick?.(0)}>
        <LeafIcon />
      </div>
    );
  }

  return (
    <div className={`gallery gallery--${variant}`}>
      <div className="gallery__track" ref={trackRef} onScroll={ordered.length > 1 ? onScroll : undefined}>
        {ordered.map((image, index) => (
          <img
            key={image.id}
            className="gallery__image"
            src={productImagePath(productId, image.filename)}
            alt={ordered.length > 1 ? `${name}, photo ${index + 1}` : name}
            width={600}
            height={600}
            loading={index === 0 ? "eager" : "lazy"}
            decoding="async"
            draggable={false}
            onClick={onImageClick ? () => onImageClick(index) : undefined}
          />
        ))}
      </div>
      {ordered.length > 1 && (
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
  );
}
