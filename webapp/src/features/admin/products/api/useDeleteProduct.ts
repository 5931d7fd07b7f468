import { apiRequest } from "../../../../lib/api";
import { useProductCall, type AdminAnswer } from "./productCall";

/** DELETE /api/admin/products/:id (soft): 'Product was deleted'. */
export const useDeleteProduct = () =>
  useProductCall((id: number) => apiRequest<AdminAnswer>(`/api/admin/products/${id}`, { method: "DELETE" }));
