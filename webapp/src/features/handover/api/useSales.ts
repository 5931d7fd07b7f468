import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { SalesResponse } from "@domain/contracts/staff";
import type { SalesFilter } from "@domain/handover";
import { apiRequest } from "../../../lib/api";
import { useOrdersPollInterval } from "../../../lib/live";
import { STAFF_LIST_PAGE, salesKey } from "./staffKeys";

/**
 * GET /api/staff/sales: the shops' sales (or, `mine`, the caller's own) under the New or Done filter, with both
 * filters' counts, a page at a time; polled every POLL_INTERVAL_MS while the live stream is not open (lib/live.ts).
 */
export function useSales(filter: SalesFilter, mine: boolean) {
  const pollInterval = useOrdersPollInterval();
  return useInfiniteQuery({
    queryKey: salesKey(filter, mine),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SalesResponse>("/api/staff/sales", {
        query: { filter, mine: mine ? "true" : undefined, limit: STAFF_LIST_PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: pollInterval,
    meta: { liveOrders: true },
    // Switching New/Done keeps the list and counts on screen until the other filter's answer is there.
    placeholderData: keepPreviousData,
  });
}
