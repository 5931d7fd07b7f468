import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/**
 * POST /api/staff/orders/:id/contact: the bot sends the manager a button into the customer's chat. `false` when
 * the bot cannot reach the manager in Telegram.
 */
export function useContactClient() {
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ ok: boolean }>(`/api/staff/orders/${id}/contact`, { method: "POST" }).then((answer) => answer.ok),
  });
}
