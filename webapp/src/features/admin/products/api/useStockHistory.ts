import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { stockHistoryKey } from "./keys";
import type { StockHistoryResponse } from "./types";

/** GET /api/admin/stock/history?product_id=: every stock change of a product, newest first, a page at a time. */
export function useStockHistory(productId: number) {
  return useInfiniteQuery({
    queryKey: stockHistoryKey(productId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StockHistoryResponse>("/api/admin/stock/history", {
        query: { product_id: productId, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}
