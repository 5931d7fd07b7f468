import { formatBaht } from "@domain/format";

/** An option's price in Baht with its price text: "1,400 ฿ / 3.5 g". */
export function Price({ offer }: { offer: { per_price: number; price_text: string } }) {
  return (
    <p className="price">
      <span className="price__value" data-testid="product-price">
        {formatBaht(offer.per_price)}
      </span>
      {offer.price_text && <span className="price__text">/ {offer.price_text}</span>}
    </p>
  );
}
