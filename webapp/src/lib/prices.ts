/**
 * An option's prices as the catalogue answers them (the base option's are the product's own fields): its usual
 * price `per_price`, and while a sale runs its `sale_price` until `sale_ends_at`. The one place the mini-app
 * reads them, so the card, the product page, the option picker and the cart show and add up the same price the
 * server charges at placing (server/domain/sale.ts, `priceAt`).
 */
import type { ProductOption } from "@domain/contracts/catalog";

export type CataloguePrices = Pick<ProductOption, "per_price" | "sale_price" | "sale_ends_at">;

export interface OptionPrice {
  /** What one item costs now, integer Baht: the sale price while the sale runs, else the usual price. */
  now: number;
  /** The usual (list) price, struck through beside `now` while the sale runs. */
  usual: number;
  onSale: boolean;
}

/** The option's price at `nowMs`: a sale whose end has passed is over even before the catalogue is asked again. */
export function optionPrice(option: CataloguePrices, nowMs = Date.now()): OptionPrice {
  // server/domain/sale.ts `saleRuns`, not imported: that module (with the admin's checks) would join the entry chunk.
  const onSale = option.sale_price !== null && (option.sale_ends_at === null || Date.parse(option.sale_ends_at) > nowMs);
  return { now: onSale ? option.sale_price! : option.per_price, usual: option.per_price, onSale };
}
