import { useInfiniteQuery } from "@tanstack/react-query";
import type { StaffOrderListResponse } from "@domain/contracts/staff";
import type { OrderStatus } from "@domain/orders";
import { apiRequest } from "../../../lib/api";
import { useOrdersPollInterval } from "../../../lib/live";
import { STAFF_LIST_PAGE, staffOrdersKey } from "./staffKeys";

/**
 * GET /api/staff/orders: orders of the shops the caller staffs (an admin: every shop), newest first, one status
 * or all, a page at a time (`next_cursor`); every loaded page is asked again when the live stream says an order
 * changed, or every POLL_INTERVAL_MS while it is not open (lib/live.ts).
 */
export function useStaffOrders(status: OrderStatus | null) {
  const pollInterval = useOrdersPollInterval();
  return useInfiniteQuery({
    queryKey: staffOrdersKey(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StaffOrderListResponse>("/api/staff/orders", {
        query: { status: status ?? undefined, limit: STAFF_LIST_PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: pollInterval,
    meta: { liveOrders: true },
  });
}
