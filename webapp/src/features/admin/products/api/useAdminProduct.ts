import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { adminProductKey } from "./keys";
import type { AdminProductOneResponse } from "./types";

/** GET /api/admin/products/:id: one product (the edit form); an unknown one is a 404 the page shows itself. */
export function useAdminProduct(id: number) {
  return useQuery({
    queryKey: adminProductKey(id),
    queryFn: ({ signal }) => apiRequest<AdminProductOneResponse>(`/api/admin/products/${id}`, { signal }).then((answer) => answer.product),
    meta: { quietStatuses: [404] },
  });
}
