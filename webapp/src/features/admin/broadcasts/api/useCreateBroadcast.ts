import { useMutation } from "@tanstack/react-query";
import type { BroadcastSegment } from "@domain/contracts/broadcasts";
import { apiRequest } from "../../../../lib/api";

export interface BroadcastInput {
  text: string;
  photo_url?: string;
  button?: { text: string; path: string };
  segment: BroadcastSegment;
}

/** POST /api/admin/broadcasts: makes the draft, answering its id and recipients. */
export function useCreateBroadcast() {
  return useMutation({
    mutationFn: (input: BroadcastInput) =>
      apiRequest<{ id: number; recipients: number }>("/api/admin/broadcasts", { method: "POST", body: input }),
  });
}
