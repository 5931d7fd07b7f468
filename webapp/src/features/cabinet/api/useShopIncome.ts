import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { StoreHistoryResponse } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";

/**
 * GET /api/partner/store, its first entry only: the shop's bonus incomes for the store view's box (the whole
 * history is /refstat/store). Polled like the rest of the referral figures.
 */
export function useShopIncome(enabled: boolean) {
  return useQuery({
    queryKey: ["cabinet", "shop-income"],
    queryFn: ({ signal }) =>
      apiRequest<StoreHistoryResponse>("/api/partner/store", { query: { limit: 1 }, signal }).then((answer) => answer.income_sum),
    enabled,
    refetchInterval: POLL_INTERVAL_MS,
  });
}
