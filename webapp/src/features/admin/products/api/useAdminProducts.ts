import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { adminProductsKey } from "./keys";
import type { AdminProductListResponse } from "./types";

/** Products a page of the admin list asks for: a screenful and a half of cards. */
export const ADMIN_PRODUCTS_PAGE = 20;

/**
 * GET /api/admin/products?category=&q=: the products of a tag (0 all), inactive and deleted ones too, whose
 * name the server's search finds for `search` (any case and accents, part of a Thai word, one typo; best match
 * first; blank: all), a page at a time (`next_cursor`).
 */
export function useAdminProducts(category: number, search: string) {
  return useInfiniteQuery({
    queryKey: adminProductsKey(category, search),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminProductListResponse>("/api/admin/products", {
        query: { category, q: search === "" ? undefined : search, limit: ADMIN_PRODUCTS_PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // A new tag or search keeps the cards on screen (dimmed) until its answer is there.
    placeholderData: keepPreviousData,
  });
}
