import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Promo, PromoBody, PromoListResponse, PromoResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../../lib/api";

const PROMOS_KEY = ["admin-promos"] as const;

/** GET /api/admin/promos (admins): every code, newest first, with its uses, completed orders and revenue. */
export function usePromos() {
  return useQuery({
    queryKey: PROMOS_KEY,
    queryFn: ({ signal }) => apiRequest<PromoListResponse>("/api/admin/promos", { signal }).then((answer) => answer.promos),
  });
}

/** POST /api/admin/promos (new) or PUT /api/admin/promos/:id (edit: the whole promo). */
export function useSavePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PromoBody }) =>
      apiRequest<PromoResponse>(id === null ? "/api/admin/promos" : `/api/admin/promos/${id}`, {
        method: id === null ? "POST" : "PUT",
        body,
      }).then((answer) => answer.promo),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMOS_KEY }),
  });
}

/** POST /api/admin/promos/:id/disable or /enable. */
export function useSetPromoDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promo, disabled }: { promo: Promo; disabled: boolean }) =>
      apiRequest<PromoResponse>(`/api/admin/promos/${promo.id}/${disabled ? "disable" : "enable"}`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMOS_KEY }),
  });
}
