import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { applyChangedOrder, refreshOrder } from "./staffKeys";

/**
 * POST /api/staff/orders/:id/take: a new order becomes this manager's (N → W). Of managers pressing at once one
 * wins; the others get 409 'Another manager got this order', which shows as a banner.
 */
export function useTakeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<StaffOrderResponse>(`/api/staff/orders/${id}/take`, { method: "POST" }).then((answer) => answer.order),
    onSuccess: (order) => applyChangedOrder(queryClient, order),
    onError: (_error, id) => refreshOrder(queryClient, id),
  });
}
