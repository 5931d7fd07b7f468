import { formatBaht } from "@domain/format";
import { optionPrice, type CataloguePrices } from "../../lib/prices";
import { UsualPrice } from "./UsualPrice";

/** An option's price in Baht with its price text: "1,400 ฿ / 3.5 g"; on sale "1,200 ฿ ~~1,400 ฿~~ / 3.5 g". */
export function Price({ offer }: { offer: CataloguePrices & { price_text: string } }) {
  const price = optionPrice(offer);
  return (
    <p className={price.onSale ? "price price--sale" : "price"}>
      <span className="price__value" data-testid="product-price">
        {formatBaht(price.now)}
      </span>
      {price.onSale && <UsualPrice amount={price.usual} testId="product-usual-price" />}
      {offer.price_text && <span className="price__text">/ {offer.price_text}</span>}
    </p>
  );
}
