import { useQuery } from "@tanstack/react-query";
import type { AdminShopListResponse } from "@domain/contracts/adminShops";
import { apiRequest } from "../../../../lib/api";
import { ADMIN_SHOPS_KEY } from "./adminShopKeys";

/** GET /api/admin/shops: every shop, the warehouse and deleted ones too (admins and the allow-listed accounts). */
export function useAdminShops() {
  return useQuery({
    queryKey: ADMIN_SHOPS_KEY,
    queryFn: ({ signal }) => apiRequest<AdminShopListResponse>("/api/admin/shops", { signal }).then((answer) => answer.shops),
  });
}
