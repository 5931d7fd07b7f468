import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CartShopsBody, CartShopsResponse } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";

type ServingShop = CartShopsResponse["shops"][number];
type ShopLineInput = CartShopsBody["items"][number];

/**
 * POST /api/cart/shops, the spec's cart-and-shops check: the pickup shops holding every line in the asked
 * amount (never the warehouse). Asked again whenever the lines change; the last answer stays on screen while
 * the next one is on its way.
 */
export function useShopsForLines(lines: ShopLineInput[]) {
  return useQuery({
    queryKey: ["cart-shops", lines],
    queryFn: async ({ signal }): Promise<ServingShop[]> => {
      const answer = await apiRequest<CartShopsResponse>("/api/cart/shops", { method: "POST", body: { items: lines }, signal });
      return answer.shops;
    },
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    // A line the catalogue no longer sells is shown where the lines are, not as a banner.
    meta: { quietStatuses: [404] },
  });
}
