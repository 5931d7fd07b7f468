import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { productChanged } from "./keys";
import type { AdminProductResponse } from "./types";

/** The sale as sent: a whole number (or the text typed, which the server refuses naming the field); null: no sale. */
export interface SaleSent {
  sale_price: number | string | null;
  sale_ends_at: string | null;
}

/**
 * PUT /api/admin/products/:id/options/:optionId/sale (the base option 0 too) → { product }. A 400 names its field
 * and is shown under it by the form, so it brings no banner.
 */
export function useSetOptionSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, optionId, sale }: { id: number; optionId: number; sale: SaleSent }) =>
      apiRequest<AdminProductResponse>(`/api/admin/products/${id}/options/${optionId}/sale`, { method: "PUT", body: sale }),
    onSettled: () => productChanged(queryClient),
    meta: { quietStatuses: [400] },
  });
}
