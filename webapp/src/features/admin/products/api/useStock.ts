import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { productChanged, stockHistoryKey } from "./keys";
import type { AddStockResponse, MoveStockResponse, StockHistoryResponse } from "./types";

/** GET /api/admin/stock/history?product_id=: every stock change of a product, newest first, a page at a time. */
export function useStockHistory(productId: number) {
  return useInfiniteQuery({
    queryKey: stockHistoryKey(productId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StockHistoryResponse>("/api/admin/stock/history", { query: { product_id: productId, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export interface StockChange {
  product_id: number;
  option_id: number;
  amount: number;
}

/** POST /api/admin/stock { product_id, option_id, shop_id, amount }: 'You've added N products.' */
export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StockChange & { shop_id: number }) => apiRequest<AddStockResponse>("/api/admin/stock", { method: "POST", body: change }),
    onSettled: () => productChanged(queryClient),
  });
}

/** POST /api/admin/stock/move { product_id, option_id, to_shop_id, amount }: from the warehouse to a pickup shop. */
export function useMoveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StockChange & { to_shop_id: number }) =>
      apiRequest<MoveStockResponse>("/api/admin/stock/move", { method: "POST", body: change }),
    onSettled: () => productChanged(queryClient),
  });
}
