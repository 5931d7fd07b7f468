import type { DeliveryStatus, PaymentStatus } from "@domain/orders";
import { t, type MessageId } from "../../lib/i18n";

/**
 * The spec's status and option words (§4, server/domain/orders.ts *_LABELS) in the staff screens' language. The
 * English catalogue holds them exactly as the server's constants do.
 */
const PAYMENT_STATUS: Record<PaymentStatus, MessageId> = { P: "staff.paymentStatus.P", S: "staff.paymentStatus.S" };
const DELIVERY_STATUS: Record<DeliveryStatus, MessageId> = {
  P: "staff.deliveryStatus.P",
  A: "staff.deliveryStatus.A",
  S: "staff.deliveryStatus.S",
};
const DELIVERY_OPTION: Record<number, MessageId> = { 1: "staff.deliveryOption.1", 2: "staff.deliveryOption.2" };
const PAYMENT_OPTION: Record<number, MessageId> = { 1: "staff.paymentOption.1", 2: "staff.paymentOption.2", 3: "staff.paymentOption.3" };

export const paymentStatusLabel = (status: PaymentStatus): string => t(PAYMENT_STATUS[status]);
export const deliveryStatusLabel = (status: DeliveryStatus): string => t(DELIVERY_STATUS[status]);

/** Null for 0 (not chosen). */
export function deliveryOptionLabel(option: number): string | null {
  const id = DELIVERY_OPTION[option];
  return id ? t(id) : null;
}

export function paymentOptionLabel(option: number): string | null {
  const id = PAYMENT_OPTION[option];
  return id ? t(id) : null;
}
