import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PromoBody, PromoResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../../lib/api";
import { PROMOS_KEY } from "./promoKeys";

/** PUT /api/admin/promos/:id: the whole promo rewritten. */
export function useEditPromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PromoBody }) =>
      apiRequest<PromoResponse>(`/api/admin/promos/${id}`, { method: "PUT", body }).then((a) => a.promo),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMOS_KEY }),
  });
}
