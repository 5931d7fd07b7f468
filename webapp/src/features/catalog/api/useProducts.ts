import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { ProductListResponse } from "@domain/contracts/catalog";
import { apiRequest } from "../../../lib/api";
import { cardsOf } from "../../../lib/shopsHolding";

interface ProductListFilter {
  /** A tag of the home page: 0 All, -1 Hot deal, else a category id. */
  category: number;
  /** The chosen pickup shop, or null for every pickup shop. */
  stockId: number | null;
}

/** The home listing: in-stock products only, refreshed every POLL_INTERVAL_MS while shown. */
export function useProducts({ category, stockId }: ProductListFilter) {
  return useQuery({
    queryKey: ["products", { category, stockId }] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProductListResponse>("/api/products", {
        query: { category, stock_id: stockId ?? undefined },
        signal,
      }).then(cardsOf),
    refetchInterval: POLL_INTERVAL_MS,
    // Another shop's list of the same tag replaces the one on screen when it comes, instead of emptying the page
    // while it loads (which lost the customer's place in the list); a new tag starts from placeholders.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1].category === category ? previous : undefined),
  });
}
