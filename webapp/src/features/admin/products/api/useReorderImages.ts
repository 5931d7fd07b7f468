import { apiRequest } from "../../../../lib/api";
import { useProductCall, type AdminAnswer } from "./productCall";

/** PUT /api/admin/products/:id/images/order { image_ids }. */
export const useReorderImages = () =>
  useProductCall(({ id, imageIds }: { id: number; imageIds: number[] }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/images/order`, { method: "PUT", body: { image_ids: imageIds } }),
  );
