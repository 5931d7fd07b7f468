import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { applyChangedOrder } from "./staffKeys";

/**
 * PUT /api/staff/orders/:id/map with the pasted iframe code. The server keeps only a Google Maps embed address;
 * anything else is 400 'Invalid map code', shown as a banner.
 */
export function useAttachMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      apiRequest<StaffOrderResponse>(`/api/staff/orders/${id}/map`, { method: "PUT", body: { map: code } }).then((answer) => answer.order),
    onSuccess: (order) => applyChangedOrder(queryClient, order),
  });
}
