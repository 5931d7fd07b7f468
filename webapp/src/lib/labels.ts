/**
 * The words of the spec's codes in the language in effect (issue 24): order, payment and delivery statuses,
 * delivery and payment options, and the category names. The customer's screens and the staff's use them alike.
 *
 * Category names are fixed in code (server/domain/catalog.ts: the server sends only `category_id`), so they are
 * translated here by their id; the spec's English names stay in the domain for the server's own use.
 */
import type { DeliveryStatus, OrderStatus, PaymentStatus } from "@domain/orders";
import { t, type MessageId } from "./i18n";

export function orderStatusLabel(status: OrderStatus): string {
  return t(`status.order.${status}` as const);
}

export function paymentStatusLabel(status: PaymentStatus): string {
  return t(`status.payment.${status}` as const);
}

export function deliveryStatusLabel(status: DeliveryStatus): string {
  return t(`status.delivery.${status}` as const);
}

const DELIVERY_OPTION_IDS: Record<number, MessageId> = { 1: "option.delivery.1", 2: "option.delivery.2" };
const PAYMENT_OPTION_IDS: Record<number, MessageId> = { 1: "option.payment.1", 2: "option.payment.2", 3: "option.payment.3" };

/** Self pickup, Courier; null for 0 (not chosen yet) or an unknown code. */
export function deliveryOptionLabel(option: number): string | null {
  const id = DELIVERY_OPTION_IDS[option];
  return id ? t(id) : null;
}

/** Cash, Bank card, Crypto; null for 0 (not chosen yet) or an unknown code. */
export function paymentOptionLabel(option: number): string | null {
  const id = PAYMENT_OPTION_IDS[option];
  return id ? t(id) : null;
}

// The category names (categoryName) are in categoryNames.ts: home draws them at start, the rest only later screens.
export { categoryName } from "./categoryNames";
