import { useQuery } from "@tanstack/react-query";
import type { StaffOrderResponse } from "@domain/contracts/staff";
import { apiRequest } from "../../../lib/api";
import { useOrdersPollInterval } from "../../../lib/live";
import { staffOrderKey } from "./staffKeys";

/**
 * GET /api/staff/orders/:id (the manager order fetch), with the pickup QR's `sig` when the screen was opened from
 * it; refreshed on its live event (or every POLL_INTERVAL_MS while the stream is not open), since another manager
 * may take or finish it. The screen handles 403 (another shop's order, a forged code) and 404 itself, so no banner
 * for them.
 */
export function useStaffOrder(id: number, sig: string | null) {
  const pollInterval = useOrdersPollInterval();
  return useQuery({
    queryKey: staffOrderKey(id),
    queryFn: ({ signal }) =>
      apiRequest<StaffOrderResponse>(`/api/staff/orders/${id}`, { query: { sig: sig ?? undefined }, signal }).then(
        (answer) => answer.order,
      ),
    refetchInterval: pollInterval,
    meta: { quietStatuses: [403, 404], liveOrders: id },
  });
}
