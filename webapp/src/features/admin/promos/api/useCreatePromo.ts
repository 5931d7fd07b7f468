import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PromoBody, PromoResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../../lib/api";
import { PROMOS_KEY } from "./promoKeys";

/** POST /api/admin/promos: a new code; a refusal's message is shown on the form. */
export function useCreatePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoBody) => apiRequest<PromoResponse>("/api/admin/promos", { method: "POST", body }).then((a) => a.promo),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMOS_KEY }),
  });
}
