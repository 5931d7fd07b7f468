import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse, StatusesBody } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { applyChangedOrder, refreshOrder } from "./staffKeys";

/** PUT /api/staff/orders/:id/statuses: the payment and delivery statuses of an order on the counter. */
export function useSaveStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statuses }: { id: number; statuses: StatusesBody }) =>
      apiRequest<StaffOrderResponse>(`/api/staff/orders/${id}/statuses`, { method: "PUT", body: statuses }).then((answer) => answer.order),
    onSuccess: (order) => applyChangedOrder(queryClient, order),
    onError: (_error, { id }) => refreshOrder(queryClient, id),
  });
}
