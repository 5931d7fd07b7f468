import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminShopSavedResponse } from "@domain/contracts/adminShops";
import { apiRequest } from "../../../../lib/api";
import { shopsChanged } from "./adminShopKeys";

/**
 * POST /api/admin/shops, multipart (name, city_id, district, address, map_link, admin, the logo as file-0) →
 * 201 { shop, message }. A refusal (a map link that is no Google Maps link, a logo that is no image) is the
 * server's message in the usual banner.
 */
export function useCreateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<AdminShopSavedResponse>("/api/admin/shops", { method: "POST", body: form }),
    onSuccess: (answer) => shopsChanged(queryClient, answer.shop.id),
  });
}
