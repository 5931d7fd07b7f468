import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { applyChangedOrder, refreshOrder } from "./staffKeys";

/** POST /api/admin/orders/:id/cancel (admins): while payment or delivery is not S; the stock goes back. */
export function useCancelOrderAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<StaffOrderResponse>(`/api/admin/orders/${id}/cancel`, { method: "POST" }).then((answer) => answer.order),
    onSuccess: (order) => applyChangedOrder(queryClient, order, { stockOrStats: true }),
    onError: (_error, id) => refreshOrder(queryClient, id),
  });
}
