import { linesTotal } from "@domain/orders";
import { keepPreviousData, useQueries } from "@tanstack/react-query";
import type { Product } from "@domain/contracts/catalog";
import { offerFor, type OptionOffer } from "@domain/options";
import { isHttpFailure } from "../../lib/api";
import { optionPrice } from "../../lib/prices";
import { productQuery } from "../../features/catalog/api/useProduct";
import { useCartStore, type CartLine } from "../../features/cart/stores/cartStore";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";

export interface PricedCartLine {
  line: CartLine;
  /** The product as the server has it now, at the chosen shop; undefined while loading or once gone. */
  product: Product | undefined;
  /** The picked option; null while loading, or when the product or option is no longer sold. */
  offer: OptionOffer | null;
  /** The catalogue no longer sells the product (404) or the option. */
  gone: boolean;
}

/**
 * The cart priced with the server's current prices (spec §9: price × amount of the picked option, summed),
 * so the total follows every add, removal and amount change, and any change of price. The price is what placing
 * charges: the sale price while a sale runs (lib/prices.ts). The products come from the query cache the shop
 * pages fill anyway.
 */
export function useCartView() {
  const lines = useCartStore((state) => state.lines);
  const stockId = useChosenShopStore((state) => state.chosenShopId);
  const productIds = [...new Set(lines.map((line) => line.id))];
  const results = useQueries({
    queries: productIds.map((id) => ({ ...productQuery(id, stockId), placeholderData: keepPreviousData })),
  });
  const byId = new Map(productIds.map((id, i) => [id, results[i]] as const));

  const priced: PricedCartLine[] = lines.map((line) => {
    const result = byId.get(line.id);
    const product = result?.data;
    const offer = product ? offerFor(product, line.picked_option) : null;
    const gone = isHttpFailure(result?.error, 404) || (product !== undefined && offer === null);
    return { line, product: gone ? undefined : product, offer: gone ? null : offer, gone };
  });

  const totalAt = (which: "now" | "usual") =>
    linesTotal(priced.flatMap(({ line, offer }) => (offer ? [{ per_price: optionPrice(offer)[which], amount: line.amount }] : [])));

  return {
    lines: priced,
    /** Integer Baht, at the prices placing charges (sale prices where a sale runs). */
    total: totalAt("now"),
    /** Integer Baht at the usual prices: above `total` when a line is on sale. */
    usualTotal: totalAt("usual"),
    /** Units over all lines. */
    itemCount: lines.reduce((sum, line) => sum + line.amount, 0),
    /** Every line is priced (or known to be gone). */
    ready: priced.every(({ offer, gone }) => offer !== null || gone),
  };
}
