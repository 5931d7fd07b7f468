import { BASE_OPTION_ID } from "./constants";
import type { CardProduct, ProductOption } from "./contracts/catalog";

/** What one option of a product offers; option '0' is the base product itself. */
export interface OptionOffer {
  id: string;
  /** The usual price; the sale's two fields as the catalogue sends them (webapp/src/lib/prices.ts reads all three). */
  per_price: number;
  sale_price: number | null;
  sale_ends_at: string | null;
  price_text: string;
  gift_text: string;
  instock: number;
}

const BASE_OPTION = String(BASE_OPTION_ID);

type OfferFields = "per_price" | "sale_price" | "sale_ends_at" | "price_text" | "gift_text" | "instock";

function offerOf(id: string, option: Pick<ProductOption, OfferFields>): OptionOffer {
  const { per_price, sale_price, sale_ends_at, price_text, gift_text, instock } = option;
  return { id, per_price, sale_price, sale_ends_at, price_text, gift_text, instock };
}

/** Every option, the base one included, cheapest first (spec §4 "Option picker"). */
export function offersOf(product: CardProduct): OptionOffer[] {
  const extra = Object.entries(product.options ?? {}).map(([id, option]) => offerOf(id, option));
  return [offerOf(BASE_OPTION, product), ...extra].sort((a, b) => a.per_price - b.per_price);
}

/** One option by id ('0' the base product), or null when the product has no such option. */
export function offerFor(product: CardProduct, optionId: string): OptionOffer | null {
  if (optionId === BASE_OPTION) return offerOf(BASE_OPTION, product);
  const option = product.options?.[optionId];
  return option ? offerOf(optionId, option) : null;
}

/** The option a product is shown with until the customer picks another: its default option. */
export function defaultOffer(product: CardProduct): OptionOffer {
  return offerFor(product, product.default_option) ?? offerOf(BASE_OPTION, product);
}

/** Spec §5: an option with stock at or below 0 cannot be picked or ordered (it is shown disabled). */
export function isSoldOut(offer: { instock: number }): boolean {
  return offer.instock <= 0;
}

/** The key of an option's stock in a Shop_list item: `opt_{optionId}`. */
export function shopStockKey(optionId: number | string): `opt_${string}` {
  return `opt_${optionId}`;
}
