import { isMapEmbedUrl } from "@domain/maps";
import "./OrderMap.css";

/**
 * The map a shop attached to an order (spec §5 "Order map"), under its title; `card` draws it as a card of its own.
 * Only a Google Maps embed address is ever shown, in a sandboxed frame that sends no referrer; anything else shows
 * nothing at all.
 */
export function OrderMap({ src, title, card = false }: { src: string; title: string; card?: boolean }) {
  if (!isMapEmbedUrl(src)) return null;
  return (
    <div className={card ? "order-map card" : "order-map"} data-testid="order-map-card">
      <h2 className="section-title">{title}</h2>
      <iframe
        className="order-map__frame"
        src={src}
        title={title}
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
        loading="lazy"
        data-testid="order-map"
      />
    </div>
  );
}
