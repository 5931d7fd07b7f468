import { apiRequest } from "../../../../lib/api";
import { useProductCall, type AdminAnswer } from "./productCall";

/** PUT /api/admin/products/:id/default-option { option_id }: 'Default option was changed'. */
export const useSetDefaultOption = () =>
  useProductCall(({ id, optionId }: { id: number; optionId: string }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/default-option`, { method: "PUT", body: { option_id: Number(optionId) } }),
  );
