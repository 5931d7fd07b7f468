/**
 * What the shop tells people through the bot. A use case writes a notification to the outbox in the same
 * transaction as the change it tells of; the outbox worker renders and sends it. Payloads are JSON, each
 * kind with its own shape (NotificationPayloads).
 */
import type { LowShelf } from "./stock";

/** Told to the customer of an order. */
export const CUSTOMER_NOTIFICATION_KINDS = [
  "order_placed",
  "order_canceled",
  "order_expired",
  "hold_reminder",
  "order_taken",
  "order_done",
  "order_discounted",
  "referral_income",
  "order_paid",
  "back_in_stock",
] as const;

/** Told to shop staff. */
export const STAFF_NOTIFICATION_KINDS = [
  "staff_new_order",
  "staff_order_update",
  "staff_order_canceled",
  "contact_client",
  "staff_order_paid",
  "ton_refund_due",
] as const;

/** Told to admins. */
export const ADMIN_NOTIFICATION_KINDS = ["low_stock"] as const;

export const NOTIFICATION_KINDS = [...CUSTOMER_NOTIFICATION_KINDS, ...STAFF_NOTIFICATION_KINDS, ...ADMIN_NOTIFICATION_KINDS] as const;
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

/** A new order pushed to its shop's staff, with Take order and Open buttons. */
export interface StaffNewOrderPayload extends OrderNotificationPayload {
  lines: { product_name: string; price_text: string; amount: number }[];
  /** 1 self-pickup, 2 courier. */
  delivery_option: number;
}

/** What became of an order whose push a staff member got: their message is edited to say so. */
export interface StaffOrderUpdatePayload {
  order_id: number;
  outcome: "taken" | "done" | "canceled" | "expired";
  /** Who took or completed it (a display name), when a staff member did. */
  by_name: string | null;
  /** An admin did it: the bot names them in the reader's language (absent in rows written before languages). */
  by_admin?: boolean;
  /** The reader is the one who took it. */
  by_you: boolean;
  /** The dedupe key of the push this edits (`staff_new_order:{order}:{user}`). */
  edits: string;
}

/** A manager asked to contact the customer: a button into the customer's chat, or their e-mail. */
export interface ContactClientPayload {
  order_id: number;
  customer_name: string;
  telegram_id: number | null;
  username: string | null;
  email: string | null;
}

export interface OrderDonePayload extends OrderNotificationPayload {
  paid_with_bonus: boolean;
}

export interface OrderDiscountedPayload extends OrderNotificationPayload {
  discount_percent: number;
  /** The total before the discount. */
  total_before: number;
}

/** A referrer earned bonus from a referred customer's completed order. */
export interface ReferralIncomePayload {
  order_id: number;
  /** Bonus earned, integer Baht. */
  amount: number;
  /** The referrer's balance after it. */
  balance: number;
}

/** A crypto payment arrived (the chain showed it) or a manager confirmed it by hand. */
export interface OrderPaidPayload extends OrderNotificationPayload {
  /** What arrived, in TON ("12.5"); null when a manager confirmed it by hand. */
  amount_ton: string | null;
  tx_hash: string | null;
}

/** A transfer the store must send back: it arrived for an order canceled or expired meanwhile, or paid already. */
export interface TonRefundDuePayload {
  order_id: number;
  amount_ton: string;
  tx_hash: string;
  /** The sender's address as the chain shows it. */
  source: string | null;
  reason: "order_closed" | "paid_twice";
}

/** An option's shelf at a pickup shop dropped to the low-stock threshold (once per crossing). */
export interface LowStockPayload extends LowShelf {
  threshold: number;
  /** The order whose line took it there. */
  order_id: number;
}

/** A wishlisted product is back in stock at a pickup shop (server/domain/restock.ts): once per restock. */
export interface BackInStockPayload {
  product_id: number;
  product_name: string;
  /** The pickup shops the restock put it in, by name. */
  shops: { id: number; name: string }[];
}

export interface NotificationPayloads {
  order_placed: OrderNotificationPayload;
  order_canceled: OrderNotificationPayload;
  order_expired: OrderNotificationPayload;
  hold_reminder: OrderNotificationPayload;
  order_taken: OrderNotificationPayload;
  order_done: OrderDonePayload;
  order_discounted: OrderDiscountedPayload;
  referral_income: ReferralIncomePayload;
  staff_new_order: StaffNewOrderPayload;
  staff_order_update: StaffOrderUpdatePayload;
  staff_order_canceled: OrderNotificationPayload;
  contact_client: ContactClientPayload;
  order_paid: OrderPaidPayload;
  staff_order_paid: OrderPaidPayload;
  ton_refund_due: TonRefundDuePayload;
  low_stock: LowStockPayload;
  back_in_stock: BackInStockPayload;
}

export type OutboxMessage = {
  [K in NotificationKind]: {
    kind: K;
    /** Who is told. */
    user_id: number;
    /** The order it tells of; null for a notice about no order (back in stock). */
    order_id: K extends "back_in_stock" ? null : number;
    payload: NotificationPayloads[K];
    /** The same event is never queued twice: e.g. `order_placed:42`, `staff_new_order:42:7`. */
    dedupe_key: string;
  };
}[NotificationKind];

/** A reminder goes out this long before a pickup hold ends. */
export const HOLD_REMINDER_BEFORE_MS = 30 * 60_000;

/** The key of a customer's notice about an order: one of each kind per order. */
export function orderDedupeKey(kind: NotificationKind, orderId: number): string {
  return `${kind}:${orderId}`;
}

/** The key of one staff member's notice about an order. */
export function staffDedupeKey(kind: NotificationKind, orderId: number, userId: number): string {
  return `${kind}:${orderId}:${userId}`;
}
