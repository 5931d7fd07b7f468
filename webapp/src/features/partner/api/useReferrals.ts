import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { ReferralsResponse } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";
import { PARTNER_PAGE, referralsKey, type ReferralFilter } from "./partnerKeys";

/**
 * GET /api/partner/referrals?filter=: the caller's referrals (all, active or passive) with the counts, a page at
 * a time (`next_cursor`); every loaded page is asked again every POLL_INTERVAL_MS.
 */
export function useReferrals(filter: ReferralFilter | null) {
  return useInfiniteQuery({
    queryKey: referralsKey(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReferralsResponse>("/api/partner/referrals", {
        query: { filter: filter ?? undefined, limit: PARTNER_PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: POLL_INTERVAL_MS,
    // Switching filters keeps the list on screen until the other filter's answer is there.
    placeholderData: keepPreviousData,
  });
}
