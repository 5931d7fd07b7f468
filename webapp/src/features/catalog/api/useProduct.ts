import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ProductResponse } from "@domain/contracts/catalog";
import { apiRequest } from "../../../lib/api";

/** One product with its options and the shops holding it; a 404 is left to the caller (it redirects). */
export function productQuery(id: number, stockId: number | null) {
  return queryOptions({
    queryKey: ["product", id, { stockId }],
    queryFn: ({ signal }) =>
      apiRequest<ProductResponse>(`/api/products/${id}`, {
        query: { stock_id: stockId ?? undefined },
        signal,
      }).then((answer) => answer.product),
    meta: { quietStatuses: [404] },
  });
}

/** Choosing another shop asks for the product again: the page keeps showing it meanwhile. */
export function useProduct(id: number, stockId: number | null) {
  return useQuery({ ...productQuery(id, stockId), placeholderData: keepPreviousData });
}
