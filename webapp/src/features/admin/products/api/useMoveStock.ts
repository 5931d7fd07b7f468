import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { productChanged } from "./keys";
import type { MoveStockResponse, StockChange } from "./types";

/** POST /api/admin/stock/move { product_id, option_id, to_shop_id, amount }: from the warehouse to a pickup shop. */
export function useMoveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StockChange & { to_shop_id: number }) =>
      apiRequest<MoveStockResponse>("/api/admin/stock/move", { method: "POST", body: change }),
    onSettled: () => productChanged(queryClient),
  });
}
