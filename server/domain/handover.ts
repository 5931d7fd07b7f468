/**
 * The hand-over's rules (spec §4 "Transition rules", §5 "Discount" and "Order map", §9 masks; design §4):
 * what shop staff and admins may do to an order in which state, how a pasted map and a discount are read,
 * and how a customer's e-mail is shown to staff. Pure: the server checks with these, the mini-app shows
 * exactly the buttons these allow.
 */
import { ValidationError } from "./errors";
import { INVALID_MAP_CODE } from "./maps";
import { canTransition, type DeliveryStatus, type OrderStatus, type PaymentStatus } from "./orders";

/** Spec §8 texts of the hand-over. */
export const HANDOVER_TEXTS = {
  notValidManager: "Not valid Manager",
  anotherManager: "Another manager got this order",
  tookOrder: "You've succesfuly got order",
  statusesUpdated: "Statuses were succesfully updated",
  invalidMap: INVALID_MAP_CODE,
  mapAttached: "Map was successfuly attached",
  invalidNumber: "Некорректное число",
  contactSent: "Button was sent to you via bot. You may now contact client.",
  contactFailed: "Please try again later. Something went wrong",
} as const;

export type StaffRole = "owner" | "manager";

/** Who is acting on an order: an admin (every shop) or the staff roles the user holds at the order's shop. */
export interface StaffActor {
  userId: number;
  isAdmin: boolean;
  /** Shops this user staffs (owner or manager). */
  shopIds: readonly number[];
}

/** Whether the actor may see and handle orders of this shop. */
export function staffsShop(actor: StaffActor, shopId: number): boolean {
  return actor.isAdmin || actor.shopIds.includes(shopId);
}

export function isStaff(actor: StaffActor): boolean {
  return actor.isAdmin || actor.shopIds.length > 0;
}

export interface HandoverState {
  status: OrderStatus;
  payment_status: PaymentStatus;
  delivery_status: DeliveryStatus;
}

/** An order still on the counter: new (nobody took it yet) or in work. Done and canceled orders are never edited. */
export function isOpenForStaff(status: OrderStatus): boolean {
  return status === "N" || status === "W";
}

/** Paid and delivered: the spec's "payment and delivery are both S". */
function settled(o: HandoverState): boolean {
  return o.payment_status === "S" && o.delivery_status === "S";
}

/** Which actions an actor has on an order; the API sends this, so the screen shows what the server takes. */
export interface HandoverActions {
  take: boolean;
  finish: boolean;
  statuses: boolean;
  map: boolean;
  contact: boolean;
  discount: boolean;
  cancel: boolean;
}

export function handoverActions(o: HandoverState, isAdmin: boolean): HandoverActions {
  const open = isOpenForStaff(o.status);
  return {
    take: canTransition(o.status, "W", "staff"),
    finish: canTransition(o.status, "S", "staff"),
    statuses: open,
    map: open,
    contact: o.status === "W",
    discount: isAdmin && adminMayChange(o),
    cancel: isAdmin && adminMayChange(o),
  };
}

/**
 * Spec §4: an admin may cancel, or set a discount, only while payment or delivery is not S; and never on an
 * order that is done or already canceled.
 */
export function adminMayChange(o: HandoverState): boolean {
  return canTransition(o.status, "C", "admin") && !settled(o);
}

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ["P", "S"];
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ["P", "A", "S"];

/** How the customer pays at the counter: cash, or their bonus balance (1 bonus = 1 Baht). */
export type FinishBy = "cash" | "bonus";

/** Spec §4: bonus is offered only when the customer's balance covers the total to pay. */
export function bonusCovers(balance: number, toPay: number): boolean {
  return balance >= toPay;
}

/** Spec §5: a discount is a whole number of percent, 0 to 100; anything else is 'Некорректное число'. */
export function parseDiscountPercent(value: unknown): number {
  const number = typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 0 || number > 100) {
    throw new ValidationError("percent", HANDOVER_TEXTS.invalidNumber);
  }
  return number;
}

/**
 * Spec §9: a customer's e-mail shown to staff as its first 6 characters, stars, and its last 5. A short
 * address keeps a third at each end, so some of it is always hidden.
 */
export function maskEmail(email: string, keepStart = 6, keepEnd = 5): string {
  if (email.length <= keepStart + keepEnd) {
    const keep = Math.floor(email.length / 3);
    return `${email.slice(0, keep)}${"*".repeat(Math.max(3, email.length - 2 * keep))}${keep > 0 ? email.slice(-keep) : ""}`;
  }
  return `${email.slice(0, keepStart)}${"*".repeat(Math.min(8, email.length - keepStart - keepEnd))}${email.slice(-keepEnd)}`;
}

/** Sales lists' filters (spec §2 `/list/sales`: New and Done): orders still open, and completed ones. */
export const SALES_FILTERS = { new: ["N", "W"], done: ["S"] } as const satisfies Record<string, readonly OrderStatus[]>;
export type SalesFilter = keyof typeof SALES_FILTERS;
