import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminShopSavedResponse } from "@domain/contracts/adminShops";
import { apiRequest } from "../../../../lib/api";
import { shopsChanged } from "./adminShopKeys";

/**
 * PUT /api/admin/shops/:id, multipart, the logo only when a new one was picked. Failures are shown by the
 * screen ('Error.' with the server's reason, spec §8), not by the common banner.
 */
export function useUpdateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) =>
      apiRequest<AdminShopSavedResponse>(`/api/admin/shops/${id}`, { method: "PUT", body: form }),
    onSettled: (_answer, _error, { id }) => shopsChanged(queryClient, id),
    meta: { quietIf: () => true },
  });
}
