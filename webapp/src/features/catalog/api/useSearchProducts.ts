import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ProductListResponse } from "@domain/contracts/catalog";
import { apiRequest } from "../../../lib/api";
import { cardsOf } from "../../../lib/shopsHolding";

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
    select: (data) => data.pages.flatMap(cardsOf),
    placeholderData: keepPreviousData,
  });
}
