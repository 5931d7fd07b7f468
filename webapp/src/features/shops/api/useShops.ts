import { useQuery } from "@tanstack/react-query";
import type { ShopListResponse } from "@domain/contracts/catalog";
import { apiRequest } from "../../../lib/api";

/** The pickup shops; the warehouse is never among them. */
export function useShops() {
  return useQuery({
    queryKey: ["shops"],
    queryFn: ({ signal }) => apiRequest<ShopListResponse>("/api/shops", { signal }).then((answer) => answer.shops),
  });
}
