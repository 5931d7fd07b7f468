import { apiRequest } from "../../../../lib/api";
import { useProductCall, type AdminAnswer } from "./productCall";

/** DELETE /api/admin/products/:id/options/:optionId: 'Option was deleted' (never the default or option 0). */
export const useDeleteOption = () =>
  useProductCall(({ id, optionId }: { id: number; optionId: string }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/options/${optionId}`, { method: "DELETE" }),
  );
