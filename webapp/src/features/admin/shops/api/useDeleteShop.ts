import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShopDeletedResponse } from "@domain/contracts/adminShops";
import { apiRequest } from "../../../../lib/api";
import { shopsChanged } from "./adminShopKeys";

/**
 * DELETE /api/admin/shops/:id: the shop leaves every picker and keeps its history. A shop with open orders is
 * a 409 with the reason, the warehouse a refusal too; the screen shows 'Error.' with it (spec §8).
 */
export function useDeleteShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ShopDeletedResponse>(`/api/admin/shops/${id}`, { method: "DELETE" }),
    onSettled: (_answer, _error, id) => shopsChanged(queryClient, id),
    meta: { quietIf: () => true },
  });
}
