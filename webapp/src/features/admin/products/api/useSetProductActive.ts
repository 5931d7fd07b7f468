import { apiRequest } from "../../../../lib/api";
import { useProductCall, type AdminAnswer } from "./productCall";

/** PUT /api/admin/products/:id/active { active }: 'Product activated' / 'Product Disabled'. */
export const useSetProductActive = () =>
  useProductCall(({ id, active }: { id: number; active: boolean }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/active`, { method: "PUT", body: { active } }),
  );
