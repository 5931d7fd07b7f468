import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FinishBody, StaffOrderResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { applyChangedOrder, refreshOrder } from "./staffKeys";

/**
 * POST /api/staff/orders/:id/finish: money taken (cash or the customer's bonus), products given, the order is
 * done. Done orders count in the products' stats, so the shelves are asked again.
 */
export function useFinishOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, by }: { id: number; by: FinishBody["by"] }) =>
      apiRequest<StaffOrderResponse>(`/api/staff/orders/${id}/finish`, { method: "POST", body: { by } }).then((answer) => answer.order),
    onSuccess: (order) => applyChangedOrder(queryClient, order, { stockOrStats: true }),
    onError: (_error, { id }) => refreshOrder(queryClient, id),
  });
}
