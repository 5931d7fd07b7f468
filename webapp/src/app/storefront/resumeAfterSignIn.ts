/**
 * Place order pressed by a visitor (issue 38 "Signing in from Place order places the order"): the cart as it was
 * shown is kept while they sign in, and once signed in the placement goes on by itself, with the same
 * Idempotency-Key, unless a price, the stock or the total changed meanwhile. This file knows what was shown and
 * asks the server again what is true now; the cart page decides.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { PlaceOrderBody } from "@domain/contracts/orders";
import { formatAmount, formatBaht } from "@domain/format";
import { offerFor } from "@domain/options";
import { linesTotal } from "@domain/orders";
import { isHttpFailure } from "../../lib/api";
import { optionPrice } from "../../lib/prices";
import { t } from "../../lib/i18n";
import { productQuery } from "../../features/catalog/api/useProduct";

/** One line as the customer saw it when pressing Place order; `per_price` is what one item cost (a sale's price). */
interface ShownLine {
  product_id: number;
  option_id: number;
  name: string;
  per_price: number;
  amount: number;
}

export interface ShownPlacement {
  /** The request as it will be sent (its Idempotency-Key is the cart store's for this very body). */
  body: PlaceOrderBody;
  lines: ShownLine[];
  /** Integer Baht, as the page showed it. */
  total: number;
}

/** What the cart page showed: its lines with names and prices, or null while a line is not priced yet. */
export function shownPlacement(
  body: PlaceOrderBody,
  priced: ReadonlyArray<{ name: string | undefined; per_price: number | undefined; product_id: number; option_id: number; amount: number }>,
  total: number,
): ShownPlacement | null {
  const lines: ShownLine[] = [];
  for (const line of priced) {
    if (line.name === undefined || line.per_price === undefined) return null;
    lines.push({ product_id: line.product_id, option_id: line.option_id, name: line.name, per_price: line.per_price, amount: line.amount });
  }
  return { body, lines, total };
}

/**
 * What changed since the customer pressed Place order, in words (none: place it). Every product is asked of the
 * server again at the chosen shop (the cart's cache follows), so a price or stock changed meanwhile is seen.
 */
export async function changesSince(queryClient: QueryClient, shown: ShownPlacement): Promise<string[]> {
  const changes: string[] = [];
  const now: Array<{ per_price: number; amount: number }> = [];
  for (const line of shown.lines) {
    let product;
    try {
      product = await queryClient.fetchQuery({ ...productQuery(line.product_id, shown.body.shop_id), staleTime: 0 });
    } catch (error) {
      if (!isHttpFailure(error, 404)) return [t("cart.resume.unchecked")];
    }
    const offer = product ? offerFor(product, String(line.option_id)) : null;
    if (!offer) {
      changes.push(t("cart.resume.gone", { name: line.name }));
      continue;
    }
    const price = optionPrice(offer).now;
    if (price !== line.per_price) {
      changes.push(t("cart.resume.price", { name: line.name, now: formatBaht(price), was: formatBaht(line.per_price) }));
    }
    if (offer.instock < line.amount) changes.push(t("cart.resume.stock", { name: line.name, count: formatAmount(offer.instock) }));
    now.push({ per_price: price, amount: line.amount });
  }
  const total = linesTotal(now);
  if (total !== shown.total) changes.push(t("cart.resume.total", { now: formatBaht(total), was: formatBaht(shown.total) }));
  return changes;
}
