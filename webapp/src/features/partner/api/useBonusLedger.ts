import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { LedgerResponse } from "@domain/contracts/partner";
import { apiRequest } from "../../../lib/api";
import { bonusLedgerKey, PARTNER_PAGE, type BonusKind } from "./partnerKeys";

/**
 * GET /api/partner/ledger?type=: the caller's bonus entries (all, incomes or expenses), newest first, with the
 * balance and both sums, a page at a time (`next_cursor`); every loaded page is asked again every POLL_INTERVAL_MS.
 */
export function useBonusLedger(type: BonusKind | null) {
  return useInfiniteQuery({
    queryKey: bonusLedgerKey(type),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<LedgerResponse>("/api/partner/ledger", {
        query: { type: type ?? undefined, limit: PARTNER_PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: POLL_INTERVAL_MS,
    // Switching filters keeps the list on screen until the other filter's answer is there.
    placeholderData: keepPreviousData,
  });
}
