import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { alertInstead, productChanged } from "./keys";
import type { AdminProductResponse } from "./types";

/** POST /api/admin/products (multipart: the fields and images as file-N) → 201 { product }. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<AdminProductResponse>("/api/admin/products", { method: "POST", body: form }),
    onSuccess: () => productChanged(queryClient),
    meta: alertInstead,
  });
}
