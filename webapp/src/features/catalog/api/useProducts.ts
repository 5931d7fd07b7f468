import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
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
      }).then((answer) => cardsOf(answer, stockId)),
    refetchInterval: POLL_INTERVAL_MS,
    // Another shop's list of the same tag replaces the one on screen when it comes, instead of emptying the page
    // while it loads (which lost the customer's place in the list); a new tag starts from placeholders.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1].category === category ? previous : undefined),
  });
}

interface SearchFilter {
  /** What the customer typed (trimmed, 1–100 characters); null when there is no search. */
  q: string | null;
  category: number;
  stockId: number | null;
}

/**
 * Home's search: pages of GET /api/products?q=, best match first, the next one fetched with the answer's
 * `next_cursor`. Each search is a query of its own, so an earlier search answering late never shows; while a new
 * one is on its way the previous results stay on screen (`keepPreviousData`).
 */
export function useSearchProducts({ q, category, stockId }: SearchFilter) {
  return useInfiniteQuery({
    queryKey: ["products", "search", { q, category, stockId }] as const,
    enabled: q !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ProductListResponse>("/api/products", {
        query: { q: q ?? undefined, category, stock_id: stockId ?? undefined, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((page) => cardsOf(page, stockId)),
    placeholderData: keepPreviousData,
  });
}
