import { apiRequest } from "../../../../lib/api";
import { useProductCall, type AdminAnswer } from "./productCall";

/** DELETE /api/admin/products/:id/images/:imageId. */
export const useDeleteImage = () =>
  useProductCall(({ id, imageId }: { id: number; imageId: number }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/images/${imageId}`, { method: "DELETE" }),
  );
