import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { applyChangedOrder, refreshOrder } from "./staffKeys";

/** PUT /api/admin/orders/:id/discount (admins): a whole percent 0–100; the price to pay follows. */
export function useSetDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, percent }: { id: number; percent: number }) =>
      apiRequest<StaffOrderResponse>(`/api/admin/orders/${id}/discount`, { method: "PUT", body: { percent } }).then(
        (answer) => answer.order,
      ),
    onSuccess: (order) => applyChangedOrder(queryClient, order),
    onError: (_error, { id }) => refreshOrder(queryClient, id),
  });
}
