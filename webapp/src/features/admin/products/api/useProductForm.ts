import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { showAlert } from "../../../../lib/telegram";
import { productChanged } from "./keys";
import type { AdminProductResponse } from "./types";

/** Spec §7: a failed upload or update shows the server's text as an alert (not a banner). */
const alertInstead = {
  quietIf: (error: unknown) => {
    void showAlert(error instanceof Error ? error.message : "Something went wrong. Please try again later.");
    return true;
  },
};

/** POST /api/admin/products (multipart: the fields and images as file-N) → 201 { product }. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<AdminProductResponse>("/api/admin/products", { method: "POST", body: form }),
    onSuccess: () => productChanged(queryClient),
    meta: alertInstead,
  });
}

/** PUT /api/admin/products/:id (multipart, only the fields sent) → { product }. */
export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<AdminProductResponse>(`/api/admin/products/${id}`, { method: "PUT", body: form }),
    onSuccess: () => productChanged(queryClient),
    meta: alertInstead,
  });
}
