import { useInfiniteQuery } from "@tanstack/react-query";
import type { PromoListResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../../lib/api";
import { PROMOS_KEY } from "./promoKeys";

/** GET /api/admin/promos (admins): the codes newest first, a page at a time, with uses, completed orders and revenue. */
export function usePromos() {
  return useInfiniteQuery({
    queryKey: PROMOS_KEY,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PromoListResponse>("/api/admin/promos", { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}
