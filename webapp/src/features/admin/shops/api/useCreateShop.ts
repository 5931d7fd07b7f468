import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminShopSavedResponse } from "@domain/contracts/adminShops";
// The admin area's one multipart sender (product and shop forms).
import { sendForm } from "../../products/api/sendForm";
import { shopsChanged } from "./adminShopKeys";

/**
 * POST /api/admin/shops, multipart (name, city_id, district, address, map_link, admin, the logo as file-0) →
 * 201 { shop, message }. A refusal (a map link that is no Google Maps link, a logo that is no image) is the
 * server's message in the usual banner.
 */
export function useCreateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => sendForm<AdminShopSavedResponse>("/api/admin/shops", "POST", form),
    onSuccess: (answer) => shopsChanged(queryClient, answer.shop.id),
  });
}
