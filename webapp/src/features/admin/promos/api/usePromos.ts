import { useQuery } from "@tanstack/react-query";
import type { PromoListResponse } from "@domain/contracts/promos";
import { apiRequest } from "../../../../lib/api";
import { PROMOS_KEY } from "./promoKeys";

/** GET /api/admin/promos (admins): every code, newest first, with its uses, completed orders and revenue. */
export function usePromos() {
  return useQuery({
    queryKey: PROMOS_KEY,
    queryFn: ({ signal }) => apiRequest<PromoListResponse>("/api/admin/promos", { signal }).then((answer) => answer.promos),
  });
}
