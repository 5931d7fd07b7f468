import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { Order } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";
import { useSessionTokenStore } from "../../../lib/session";
import { ORDERS_KEY } from "./orderKeys";

/** GET /api/orders: the signed-in customer's own orders, newest first, refreshed every POLL_INTERVAL_MS. */
export function useOrders() {
  const signedIn = useSessionTokenStore((state) => state.token !== null);
  return useQuery({
    queryKey: ORDERS_KEY,
    queryFn: ({ signal }) => apiRequest<{ orders: Order[] }>("/api/orders", { signal }).then((answer) => answer.orders),
    enabled: signedIn,
    refetchInterval: POLL_INTERVAL_MS,
  });
}
