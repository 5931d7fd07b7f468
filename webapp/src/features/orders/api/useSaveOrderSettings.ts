import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order, OrderSettingsInput } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";
import { applyOrderAndStock, refreshOrder } from "./orderKeys";

/**
 * PUT /api/orders/:id/settings: a pending order gets its delivery and payment, the server reserves its stock
 * and it becomes New (with the pickup hold). 409 'Not enough products in stock' shows as a banner and the
 * order stays pending.
 */
export function useSaveOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, settings }: { id: number; settings: OrderSettingsInput }) =>
      apiRequest<{ order: Order }>(`/api/orders/${id}/settings`, { method: "PUT", body: settings }).then((answer) => answer.order),
    onSuccess: (order) => applyOrderAndStock(queryClient, order),
    onError: (_error, { id }) => refreshOrder(queryClient, id),
  });
}
