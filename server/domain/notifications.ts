/**
 * What the shop tells people through the bot. A use case writes a notification to the outbox in the same
 * transaction as the change it tells of; the outbox worker renders and sends it. Payloads are JSON.
 */

export const NOTIFICATION_KINDS = ["order_placed", "order_canceled", "order_expired", "hold_reminder"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Every order notification carries what its message needs, as it was when the change happened. */
export interface OrderNotificationPayload {
  order_id: number;
  shop_name: string;
  shop_address: string;
  /** What the customer pays, integer Baht (after any discount). */
  total: number;
  item_count: number;
  /** ISO time the pickup hold ends, or null for courier orders and orders not yet reserved. */
  hold_until: string | null;
}

export interface OutboxMessage {
  kind: NotificationKind;
  /** Who is told. */
  user_id: number;
  order_id: number;
  payload: OrderNotificationPayload;
  /** The same event is never queued twice: e.g. `order_placed:42`, `hold_reminder:42`. */
  dedupe_key: string;
}

/** A reminder goes out this long before a pickup hold ends. */
export const HOLD_REMINDER_BEFORE_MS = 30 * 60_000;

export function orderDedupeKey(kind: NotificationKind, orderId: number): string {
  return `${kind}:${orderId}`;
}
