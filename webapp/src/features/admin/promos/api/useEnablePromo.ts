import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PromoResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../../lib/api";
import { PROMOS_KEY } from "./promoKeys";

/** POST /api/admin/promos/:id/enable: a disabled code works again. */
export function useEnablePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<PromoResponse>(`/api/admin/promos/${id}/enable`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMOS_KEY }),
  });
}
