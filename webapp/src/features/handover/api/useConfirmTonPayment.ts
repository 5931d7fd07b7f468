import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { applyChangedOrder, refreshOrder } from "./staffKeys";

/**
 * POST /api/staff/orders/:id/ton/confirm: a manager marks a crypto payment received by hand (no indexer, or it is
 * down), audited with who did it. If the chain watcher confirmed it first, the server's 409 'This order is paid
 * already.' shows as a banner and the order is shown as it is.
 */
export function useConfirmTonPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<StaffOrderResponse>(`/api/staff/orders/${id}/ton/confirm`, { method: "POST" }).then((answer) => answer.order),
    onSuccess: (order) => applyChangedOrder(queryClient, order),
    onError: (_error, id) => refreshOrder(queryClient, id),
  });
}
