import { useInfiniteQuery } from "@tanstack/react-query";
import type { OrderListResponse } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";
import { useOrdersPollInterval } from "../../../lib/live";
import { useSessionTokenStore } from "../../../lib/session";
import { ORDER_PAGES_KEY } from "./orderKeys";

/**
 * GET /api/orders a page at a time (`next_cursor`): every own order, newest first, with the counts of all and
 * done ones; /list/orders shows the pages, the cabinet the latest of the first. The loaded pages are asked
 * again on a live event, or every POLL_INTERVAL_MS while the stream is not open.
 */
export function useOrderPages() {
  const pollInterval = useOrdersPollInterval();
  const signedIn = useSessionTokenStore((state) => state.token !== null);
  return useInfiniteQuery({
    queryKey: ORDER_PAGES_KEY,
    queryFn: ({ pageParam, signal }) => apiRequest<OrderListResponse>("/api/orders", { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: signedIn,
    refetchInterval: pollInterval,
    meta: { liveOrders: true },
  });
}
