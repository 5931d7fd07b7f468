import { useMutation } from "@tanstack/react-query";
import type { BroadcastStatusResponse } from "@domain/contracts/broadcasts";
import { apiRequest } from "../../../../lib/api";

/** POST /api/admin/broadcasts/:id/(test|send|pause|cancel): send (or resume), pause, cancel, or a test to me. */
export function useBroadcastAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: "test" | "send" | "pause" | "cancel" }) =>
      apiRequest<BroadcastStatusResponse | { queued: boolean }>(`/api/admin/broadcasts/${id}/${action}`, { method: "POST" }),
  });
}
