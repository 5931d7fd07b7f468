import { useQuery } from "@tanstack/react-query";
import type { AdminShopResponse } from "@domain/contracts/adminShops";
import { apiRequest } from "../../../../lib/api";
import { adminShopKey } from "./adminShopKeys";

/** GET /api/admin/shops/:id: one shop to edit; a 404 is shown by the screen itself. */
export function useAdminShop(id: number) {
  return useQuery({
    queryKey: adminShopKey(id),
    queryFn: ({ signal }) => apiRequest<AdminShopResponse>(`/api/admin/shops/${id}`, { signal }).then((answer) => answer.shop),
    meta: { quietStatuses: [404] },
  });
}
