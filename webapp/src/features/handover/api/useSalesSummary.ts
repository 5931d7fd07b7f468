import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { SalesSummaryResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { SALES_SUMMARY_KEY } from "./staffKeys";

/** GET /api/staff/sales/summary: open and done orders of the caller's shops and of their own (cabinet's 'All sales'). */
export function useSalesSummary() {
  return useQuery({
    queryKey: SALES_SUMMARY_KEY,
    queryFn: ({ signal }) => apiRequest<SalesSummaryResponse>("/api/staff/sales/summary", { signal }),
    refetchInterval: POLL_INTERVAL_MS,
  });
}
