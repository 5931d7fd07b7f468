import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PromoCheckBody, PromoCheckResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../lib/api";

/**
 * POST /api/promos/check (issue 25): what the code entered would take off this cart at this shop, or why not.
 * Asked once the customer applies a code, and again whenever the cart or the shop changes; nothing without a
 * code, a shop or a session.
 */
export function usePromoCheck(check: PromoCheckBody | null) {
  return useQuery({
    queryKey: ["promo-check", check],
    queryFn: ({ signal }) => apiRequest<PromoCheckResponse>("/api/promos/check", { method: "POST", body: check!, signal }),
    enabled: check !== null,
    placeholderData: keepPreviousData,
    meta: { quietStatuses: [404] },
  });
}
