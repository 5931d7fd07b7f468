import { useQuery } from "@tanstack/react-query";
import type { ReferralCode } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";
import { referralCodeKey } from "./partnerKeys";

/**
 * GET /api/referrals/codes/:code: whether a one-segment path is someone's referral code (200) or no page at
 * all (404, which the page shows as its 'Page not found', so no banner). A code does not stop being one while
 * the page is open: asked once.
 */
export function useReferralCode(code: string) {
  return useQuery({
    queryKey: referralCodeKey(code),
    queryFn: ({ signal }) => apiRequest<ReferralCode>(`/api/referrals/codes/${encodeURIComponent(code)}`, { signal }),
    staleTime: Infinity,
    meta: { quietStatuses: [404] },
  });
}
