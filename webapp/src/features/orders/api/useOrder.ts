import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { Order } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";
import { useSessionTokenStore } from "../../../lib/session";
import { orderKey } from "./orderKeys";

/**
 * GET /api/orders/:id, refreshed every POLL_INTERVAL_MS (status, hold countdown). Someone else's order is a
 * 404 like a missing one; the page handles it, so no banner.
 */
export function useOrder(id: number) {
  const signedIn = useSessionTokenStore((state) => state.token !== null);
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => apiRequest<{ order: Order }>(`/api/orders/${id}`, { signal }).then((answer) => answer.order),
    enabled: signedIn,
    refetchInterval: POLL_INTERVAL_MS,
    meta: { quietStatuses: [404] },
  });
}
