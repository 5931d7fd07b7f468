import { useQuery } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@domain/constants";
import type { ShopListResponse } from "@domain/contracts/catalog";
import { apiRequest } from "../../../lib/api";

/** The pickup shops; the warehouse is never among them. */
export function useShops() {
  return useQuery({
    queryKey: ["shops"],
    queryFn: ({ signal }) => apiRequest<ShopListResponse>("/api/shops", { signal }).then((answer) => answer.shops),
    // Many parts of a page name the shops; shops change rarely: one answer serves them for a poll period.
    staleTime: POLL_INTERVAL_MS,
  });
}
