import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";
import { applyOrderAndStock, refreshOrder } from "./orderKeys";

/**
 * POST /api/orders/:id/cancel: only a new order (spec §4); its stock goes back to the shop. Too late, and the
 * server's 409 'This order can no longer be canceled.' shows as a banner.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ order: Order }>(`/api/orders/${id}/cancel`, { method: "POST" }).then((answer) => answer.order),
    onSuccess: (order) => applyOrderAndStock(queryClient, order),
    onError: (_error, id) => refreshOrder(queryClient, id),
  });
}
