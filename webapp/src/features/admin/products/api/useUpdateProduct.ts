import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { alertInstead, productChanged } from "./keys";
import type { AdminProductResponse } from "./types";

/** PUT /api/admin/products/:id (multipart, only the fields sent) → { product }. */
export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<AdminProductResponse>(`/api/admin/products/${id}`, { method: "PUT", body: form }),
    onSuccess: () => productChanged(queryClient),
    meta: alertInstead,
  });
}
