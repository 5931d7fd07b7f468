import { useQuery } from "@tanstack/react-query";
import type { Order } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";
import { useOrdersPollInterval } from "../../../lib/live";
import { useSessionTokenStore } from "../../../lib/session";
import { orderKey } from "./orderKeys";

/**
 * GET /api/orders/:id, refreshed on its live event, or every POLL_INTERVAL_MS while the stream is not open (status,
 * hold countdown). Someone else's order is a 404 like a missing one; the page handles it, so no banner.
 */
export function useOrder(id: number) {
  const pollInterval = useOrdersPollInterval();
  const signedIn = useSessionTokenStore((state) => state.token !== null);
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => apiRequest<{ order: Order }>(`/api/orders/${id}`, { signal }).then((answer) => answer.order),
    enabled: signedIn,
    refetchInterval: pollInterval,
    meta: { quietStatuses: [404], liveOrders: id },
  });
}
