import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminStatsResponse } from "@domain/contracts/adminStats";
import { apiRequest } from "../../../../lib/api";
import type { StatsQuery } from "../statsRange";

/**
 * GET /api/admin/stats?from=&to=&shop_id= (admins): totals, the product table and sales and margin per day,
 * over completed orders. A new range keeps the old figures on screen until the new ones arrive.
 */
export function useAdminStats(query: StatsQuery) {
  return useQuery({
    queryKey: ["admin", "stats", query.from ?? "", query.to ?? "", query.shop_id ?? 0],
    queryFn: ({ signal }) => apiRequest<AdminStatsResponse>("/api/admin/stats", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}
