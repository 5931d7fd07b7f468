import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { productChanged } from "./keys";
import type { AddStockResponse, StockChange } from "./types";

/** POST /api/admin/stock { product_id, option_id, shop_id, amount }: 'You've added N products.' */
export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StockChange & { shop_id: number }) =>
      apiRequest<AddStockResponse>("/api/admin/stock", { method: "POST", body: change }),
    onSettled: () => productChanged(queryClient),
  });
}
