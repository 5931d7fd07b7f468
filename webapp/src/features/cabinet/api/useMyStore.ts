import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { MyStoreResponse } from "@domain/contracts/adminShops";
import { apiRequest } from "../../../lib/api";

/** GET /api/me/store: the shop the signed-in user owns (name, address, map, logo), or null. Polled with the store data. */
export function useMyStore(enabled: boolean) {
  return useQuery({
    queryKey: ["cabinet", "my-store"],
    queryFn: ({ signal }) => apiRequest<MyStoreResponse>("/api/me/store", { signal }).then((answer) => answer.store),
    enabled,
    refetchInterval: POLL_INTERVAL_MS,
  });
}
