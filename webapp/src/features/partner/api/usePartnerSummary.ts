import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { PartnerSummary } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";
import { useSessionTokenStore } from "../../../lib/session";
import { PARTNER_SUMMARY_KEY } from "./partnerKeys";

/**
 * GET /api/partner: the referral box's figures (link, views, referrals, conversion, rate) and the wallet
 * (balance, incomes, expenses), asked again every POLL_INTERVAL_MS (spec §7: referral data is polled).
 */
export function usePartnerSummary() {
  const signedIn = useSessionTokenStore((state) => state.token !== null);
  return useQuery({
    queryKey: PARTNER_SUMMARY_KEY,
    queryFn: ({ signal }) => apiRequest<PartnerSummary>("/api/partner", { signal }),
    enabled: signedIn,
    refetchInterval: POLL_INTERVAL_MS,
  });
}
