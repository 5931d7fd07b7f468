import { useQuery } from "@tanstack/react-query";
import type { SalesSummaryResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { useOrdersPollInterval } from "../../../lib/live";
import { SALES_SUMMARY_KEY } from "./staffKeys";

/**
 * GET /api/staff/sales/summary: open and done orders of the caller's shops and of their own (cabinet's 'All sales'),
 * kept fresh by the live stream like the lists.
 */
export function useSalesSummary() {
  const pollInterval = useOrdersPollInterval();
  return useQuery({
    queryKey: SALES_SUMMARY_KEY,
    queryFn: ({ signal }) => apiRequest<SalesSummaryResponse>("/api/staff/sales/summary", { signal }),
    refetchInterval: pollInterval,
    meta: { liveOrders: true },
  });
}
