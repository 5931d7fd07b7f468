import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReferralDetailResponse } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";
import { PARTNER_PAGE, referralIncomeKey } from "./partnerKeys";

/**
 * GET /api/partner/referrals/:id: the income one of the caller's referrals brought, newest first a page at a time
 * (`next_cursor`; every page carries the whole sum); anyone else's referral is a 404.
 */
export function useReferralIncome(id: number) {
  return useInfiniteQuery({
    queryKey: referralIncomeKey(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReferralDetailResponse>(`/api/partner/referrals/${id}`, {
        query: { limit: PARTNER_PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    // The page says so itself.
    meta: { quietStatuses: [404] },
  });
}
