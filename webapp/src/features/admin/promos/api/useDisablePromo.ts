import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PromoResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../../lib/api";
import { PROMOS_KEY } from "./promoKeys";

/** POST /api/admin/promos/:id/disable: the code reads as unknown to customers from now on. */
export function useDisablePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<PromoResponse>(`/api/admin/promos/${id}/disable`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMOS_KEY }),
  });
}
