import { useQuery } from "@tanstack/react-query";
import type { ReferralDetailResponse } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";
import { referralIncomeKey } from "./partnerKeys";

/** GET /api/partner/referrals/:id: the income one of the caller's referrals brought; anyone else's is a 404. */
export function useReferralIncome(id: number) {
  return useQuery({
    queryKey: referralIncomeKey(id),
    queryFn: ({ signal }) => apiRequest<ReferralDetailResponse>(`/api/partner/referrals/${id}`, { signal }),
    // The page says so itself.
    meta: { quietStatuses: [404] },
  });
}
