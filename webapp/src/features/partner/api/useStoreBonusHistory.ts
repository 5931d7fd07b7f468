import { useInfiniteQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { StoreHistoryResponse } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";
import { PARTNER_PAGE, STORE_BONUS_KEY } from "./partnerKeys";

/**
 * GET /api/partner/store: the shop owner's bonus history, wholesale entries marked, a page at a time
 * (`next_cursor`); every loaded page is asked again every POLL_INTERVAL_MS. /refstat/store lists it; the
 * cabinet's store view shows its `income_sum` (`enabled` false: not asked).
 */
export function useStoreBonusHistory({ enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: STORE_BONUS_KEY,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StoreHistoryResponse>("/api/partner/store", { query: { limit: PARTNER_PAGE, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled,
    refetchInterval: POLL_INTERVAL_MS,
  });
}
