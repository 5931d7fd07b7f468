import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { BroadcastSegment, BroadcastStatusResponse } from "@domain/contracts/broadcasts";
import { apiRequest } from "../../../lib/api";

export interface BroadcastInput {
  text: string;
  photo_url?: string;
  button?: { text: string; path: string };
  segment: BroadcastSegment;
}

/** POST /api/admin/broadcasts/recipients: how many the segment names now (null while the segment is incomplete). */
export function useRecipients(segment: BroadcastSegment | null) {
  return useQuery({
    queryKey: ["admin", "broadcasts", "recipients", JSON.stringify(segment)],
    queryFn: async ({ signal }): Promise<number> => {
      const answer = await apiRequest<{ recipients: number }>("/api/admin/broadcasts/recipients", {
        method: "POST",
        body: { segment },
        signal,
      });
      return answer.recipients;
    },
    enabled: segment !== null,
    placeholderData: keepPreviousData,
  });
}

/** Makes the draft: its id and recipients. */
export function useCreateBroadcast() {
  return useMutation({
    mutationFn: (input: BroadcastInput) =>
      apiRequest<{ id: number; recipients: number }>("/api/admin/broadcasts", { method: "POST", body: input }),
  });
}

/** test, send (or resume), pause, cancel. */
export function useBroadcastAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: "test" | "send" | "pause" | "cancel" }) =>
      apiRequest<BroadcastStatusResponse | { queued: boolean }>(`/api/admin/broadcasts/${id}/${action}`, { method: "POST" }),
  });
}

/** The broadcast's progress, polled every 2 s while it is sending or paused. */
export function useBroadcastStatus(id: number | null) {
  return useQuery({
    queryKey: ["admin", "broadcasts", id],
    queryFn: ({ signal }) => apiRequest<BroadcastStatusResponse>(`/api/admin/broadcasts/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && ["sending", "paused"].includes(query.state.data.status) ? 2_000 : false),
  });
}
