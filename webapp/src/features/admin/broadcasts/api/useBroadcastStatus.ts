import { useQuery } from "@tanstack/react-query";
import type { BroadcastStatusResponse } from "@domain/contracts/broadcasts";
import { apiRequest } from "../../../../lib/api";

/** GET /api/admin/broadcasts/:id: the broadcast's progress, polled every 2 s while it is sending or paused. */
export function useBroadcastStatus(id: number | null) {
  return useQuery({
    queryKey: ["admin", "broadcasts", id],
    queryFn: ({ signal }) => apiRequest<BroadcastStatusResponse>(`/api/admin/broadcasts/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && ["sending", "paused"].includes(query.state.data.status) ? 2_000 : false),
  });
}
