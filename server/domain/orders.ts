/**
 * The order's rules (spec section 4, design §4): statuses and their labels, what may happen in which
 * status, when settings are complete, totals and the hold countdown. Every order change is checked here.
 */
import { DELIVERY_OPTIONS, PAYMENT_OPTIONS, PICKUP_HOLD_HOURS } from "./constants";
import { getDisplayLocale, islandClock } from "./format";
import type { Locale } from "./locale";

export type OrderStatus = "P" | "N" | "W" | "S" | "C";
export type PaymentStatus = "P" | "S";
export type DeliveryStatus = "P" | "A" | "S";

export const STATUS_LABELS: Record<OrderStatus, string> = { N: "New", W: "In progress", P: "Pending", C: "Canceled", S: "Done" };
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { P: "Pending", S: "Paid" };
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = { P: "Pending", A: "On the way", S: "Delivered" };

// In constants.ts, so the mini-app's cart store needs no more of this module at start.
export { DELIVERY_OPTIONS, PAYMENT_OPTIONS };
export const DELIVERY_OPTION_LABELS: Record<number, string> = { 1: "Self pickup", 2: "Courier" };
export const PAYMENT_OPTION_LABELS: Record<number, string> = { 1: "Cash", 2: "Bank card", 3: "Crypto" };
/** Crypto (payment 3) needs the shop's TON wallet: the server refuses it without one, the cart greys it out. */
export const CRYPTO_NEEDS_WALLET = "This shop does not take crypto yet: choose cash or card.";

/** The fixed central-station address shown for self-pickup on the cart page. */
export const CENTRAL_STATION_ADDRESS = "Central Station, Chaweng Beach Rd, Bo Phut, Koh Samui 84320";

export const PICKUP_HOLD_MS = PICKUP_HOLD_HOURS * 3600_000;
/** Lines one order may hold; a cart is never near this. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_AMOUNT = 1000;

/**
 * Who moves an order. `staff` is a manager or owner of the order's shop, or an admin acting as one (an admin
 * sees every shop); `admin` moves only admins make.
 */
export type OrderActor = "customer" | "staff" | "admin" | "system";

/** Every move an order can make, and who makes it: the one table every status change is checked against. */
export const TRANSITIONS: readonly { from: OrderStatus; to: OrderStatus; by: OrderActor; action: string }[] = [
  { from: "P", to: "N", by: "customer", action: "reserve" },
  { from: "N", to: "C", by: "customer", action: "cancel" },
  { from: "N", to: "C", by: "system", action: "expire" },
  { from: "N", to: "W", by: "staff", action: "take" },
  { from: "W", to: "S", by: "staff", action: "finish" },
  // A customer at the counter with an order nobody took yet: taken and handed over in one go.
  { from: "N", to: "S", by: "staff", action: "finish" },
  { from: "P", to: "C", by: "admin", action: "cancel" },
  { from: "N", to: "C", by: "admin", action: "cancel" },
  { from: "W", to: "C", by: "admin", action: "cancel" },
];

export function canTransition(from: OrderStatus, to: OrderStatus, by: OrderActor): boolean {
  return TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

/** Spec §4: the customer cancels only a new order. (The page right after placing shows OK instead.) */
export function customerMayCancel(order: { status: OrderStatus; payment_status: PaymentStatus }): boolean {
  // A paid order (crypto, issue 15) goes back through the shop, which returns the money.
  return order.payment_status === "P" && canTransition(order.status, "C", "customer");
}

/**
 * Why a canceled (C) order was canceled, as its customer and the shop are told: its 3-hour pickup hold ran out
 * (`expired`), its customer canceled it (`customer`), or the shop did (`shop`: an admin's cancel).
 */
export const CANCEL_REASONS = ["expired", "customer", "shop"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * The reason, from the event that moved the order into C: the hold clock writes `expired` (services/holds.ts), the
 * customer's cancel `canceled` with them as its actor (services/orders.ts), an admin's `canceled` with
 * `{ by: "admin" }` in its data (services/handover.ts), even when the admin cancels an order of their own.
 */
export function cancelReasonOf(event: { type: string; actor_user_id: number | null; by: unknown }, customerId: number): CancelReason {
  if (event.type === "expired") return "expired";
  return event.by !== "admin" && event.actor_user_id === customerId ? "customer" : "shop";
}

export interface OrderSettings {
  delivery_option: number;
  payment_option: number;
  phone: string;
  delivery_address: string;
  delivery_address_link: string;
}

/**
 * Spec §5: a payment method and a delivery method must be chosen; courier delivery needs a phone and an
 * address or a maps link. Self-pickup needs nothing more.
 */
export function settingsComplete(s: OrderSettings): boolean {
  const paymentChosen = s.payment_option >= 1 && s.payment_option <= 3;
  if (!paymentChosen) return false;
  if (s.delivery_option === DELIVERY_OPTIONS.selfPickup) return true;
  if (s.delivery_option === DELIVERY_OPTIONS.courier) {
    return s.phone.trim() !== "" && (s.delivery_address.trim() !== "" || s.delivery_address_link.trim() !== "");
  }
  return false;
}

/** Spec §8: Place order (or saving a pending order's settings) with settings that are not complete. */
export const CHOOSE_OPTIONS = "Please choose delivery and payment options!";

/** Spec §5 "Order settings": the phone and address go with courier delivery only; pickup sends them blank. */
export function settingsToSend(s: OrderSettings): OrderSettings {
  const courier = s.delivery_option === DELIVERY_OPTIONS.courier;
  return {
    delivery_option: s.delivery_option,
    payment_option: s.payment_option,
    phone: courier ? s.phone : "",
    delivery_address: courier ? s.delivery_address : "",
    delivery_address_link: courier ? s.delivery_address_link : "",
  };
}

/**
 * Courier delivery chosen without the phone or the address it needs: a request to refuse (spec §5), unlike
 * settings not chosen yet (0), which make a pending order.
 */
export function courierDetailsMissing(s: OrderSettings): boolean {
  return (
    s.delivery_option === DELIVERY_OPTIONS.courier &&
    !(s.phone.trim() !== "" && (s.delivery_address.trim() !== "" || s.delivery_address_link.trim() !== ""))
  );
}

/** A pickup order is held for 3 hours from the moment its stock is reserved; courier orders are not. */
export function holdUntil(deliveryOption: number, reservedAtMs: number): number | null {
  return deliveryOption === DELIVERY_OPTIONS.selfPickup ? reservedAtMs + PICKUP_HOLD_MS : null;
}

/** Spec §9: a line's total is its unit price times its quantity, integer Baht. */
export function lineTotal(line: { per_price: number; amount: number }): number {
  return line.per_price * line.amount;
}

/** Integer Baht: every line's total, summed (cart and order alike). */
export function linesTotal(lines: readonly { per_price: number; amount: number }[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

export function orderTotals(lines: readonly { per_price: number; cost_price: number; amount: number }[]) {
  return {
    total_price: linesTotal(lines),
    total_cost_price: linesTotal(lines.map((l) => ({ per_price: l.cost_price, amount: l.amount }))),
  };
}

/** A pickup order that waits at or is being handed over by the shop shows its pickup pass (QR). */
export function showsPickupPass(order: { status: OrderStatus; delivery_option: number }): boolean {
  return order.delivery_option === DELIVERY_OPTIONS.selfPickup && (order.status === "N" || order.status === "W");
}

export function discountedPrice(totalPrice: number, discountPercent: number): number {
  return Math.round((totalPrice * (100 - discountPercent)) / 100);
}

/** "HH:MM:SS" until the hold ends, with a leading minus once it has passed; the page shows the first 5 characters. */
export function remainingTime(holdUntilMs: number, nowMs: number): string {
  const diff = holdUntilMs - nowMs;
  const total = Math.floor(Math.abs(diff) / 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const text = `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return diff < 0 ? `-${text}` : text;
}

/** Spec §9: dates as DD.M.YYYY with optional H:M, in the island's time. */
export function formatOrderDate(iso: string, withTime = true, locale: Locale = getDisplayLocale()): string {
  const d = islandClock(iso);
  const day = d.getUTCDate();
  const month = d.getUTCMonth() + 1;
  const year = d.getUTCFullYear();
  // The spec's DD.M.YYYY in English; Russian writes 05.01.2026, Thai 5/1/2026. Every year is Gregorian: the
  // Buddhist era Thai dates default to would put 2569 beside prices and hold times (docs/decisions.md).
  const date =
    locale === "ru"
      ? `${String(day).padStart(2, "0")}.${String(month).padStart(2, "0")}.${year}`
      : locale === "th"
        ? `${day}/${month}/${year}`
        : `${String(day).padStart(2, "0")}.${month}.${year}`;
  const hours = locale === "en" ? String(d.getUTCHours()) : String(d.getUTCHours()).padStart(2, "0");
  return withTime ? `${date} ${hours}:${String(d.getUTCMinutes()).padStart(2, "0")}` : date;
}

/** Merges lines of the same product and option: the cart keys lines that way, a request may not. */
export function mergeLines<T extends { product_id: number; option_id: number; amount: number }>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = `${line.product_id}:${line.option_id}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, amount: seen.amount + line.amount } : { ...line });
  }
  return [...merged.values()];
}

/**
 * A product's maximum per order (`max_amount`) holds over all its lines together, whatever options or
 * repeated lines a request splits it into. The first product over its maximum, or null.
 */
export function overMaximum(lines: readonly { product_id: number; product_name: string; amount: number; max_amount: number | null }[]) {
  const totals = new Map<number, { product_name: string; amount: number; max_amount: number | null }>();
  for (const line of lines) {
    const seen = totals.get(line.product_id);
    totals.set(line.product_id, {
      product_name: line.product_name,
      max_amount: line.max_amount,
      amount: (seen?.amount ?? 0) + line.amount,
    });
  }
  for (const total of totals.values()) {
    if (total.max_amount !== null && total.amount > total.max_amount)
      return { product_name: total.product_name, max_amount: total.max_amount };
  }
  return null;
}

/** Orders a customer holds open: new ones (stock reserved, a hold running) and pending ones. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ["N", "P"];


