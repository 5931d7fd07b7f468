import { apiRequest } from "../../../lib/api";

/**
 * POST /api/orders/:id/ton/sent { boc }: the wallet signed the transfer. It only holds the pickup hold for the
 * message; the chain decides whether the order is paid, so a lost call changes nothing and is not reported.
 */
export function reportTonSent(orderId: number, boc: string): void {
  apiRequest(`/api/orders/${orderId}/ton/sent`, { method: "POST", body: { boc } }).catch(() => undefined);
}
