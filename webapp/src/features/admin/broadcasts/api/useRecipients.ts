import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { BroadcastSegment } from "@domain/contracts/broadcasts";
import { apiRequest } from "../../../../lib/api";

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
