/**
 * Promo codes (issue 25): what a code may be, what it takes off a cart, and why a code is refused. Pure: the
 * service reads the promo, the customer's orders and the clock, and asks these rules.
 *
 * Maths in whole Baht. A percent code's price is the admin discount's (`discountedPrice`: the price rounded
 * half up, so a half Baht goes to the shop, e.g. 10% of 155 takes 15 off, leaving 140); the discount is the
 * total less that price. A fixed code takes its amount off, never more than the cart (an admin may not give a
 * fixed amount above the code's minimum order, so it never reaches the total anyway).
 */
import { ValidationError } from "./errors";
import { discountedPrice } from "./orders";

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9]{3,20}$/;
export const PROMO_PERCENT_MIN = 1;
export const PROMO_PERCENT_MAX = 90;
/** An ISO 8601 date-time with its offset (Z or ±hh:mm): a moment, never a wall-clock time of unknown zone. */
export const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Why a code gives nothing, in the order the checks run (the first that holds is the answer). */
export const PROMO_REFUSALS = [
  "unknown",
  "not_at_this_shop",
  "not_yet_valid",
  "expired",
  "first_order_only",
  "already_used",
  "minimum_not_reached",
  "used_up",
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** The error code of a placement refused for a code: PROMO_USED_UP, … */
export const refusalCode = (reason: PromoRefusal): string => `PROMO_${reason.toUpperCase()}`;

/** The English message of each refusal (listed in serverMessages.ts). */
export const REFUSAL_MESSAGES = {
  unknown: "There is no promo code {code}.",
  not_at_this_shop: "Promo code {code} is not valid at this shop.",
  not_yet_valid: "Promo code {code} is not valid yet.",
  expired: "Promo code {code} has expired.",
  first_order_only: "Promo code {code} is for a first order only.",
  already_used: "You have already used promo code {code}.",
  minimum_not_reached: "Promo code {code} needs an order of at least {min} Baht.",
  used_up: "Promo code {code} has been used up.",
} as const satisfies Record<PromoRefusal, string>;

/** What the rules read of a promo. */
export interface PromoRule {
  code: string;
  percent: number | null;
  amount: number | null;
  min_total: number;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  uses: number;
  once_per_customer: boolean;
  first_order_only: boolean;
  is_disabled: boolean;
  /** Empty: every shop. */
  shop_ids: readonly number[];
}

/** What the rules read of the cart and its customer. */
export interface PromoAsk {
  shopId: number;
  /** The cart at list prices, Baht. */
  total: number;
  /** ISO UTC. */
  now: string;
  /** The customer's orders that were not canceled. */
  earlierOrders: number;
  /** The customer holds a use of this code already (a once-per-customer code). */
  usedByCustomer: boolean;
}

/** A code as the customer typed it, for looking up: trimmed, upper-case. */
export const normaliseCode = (raw: string): string => raw.trim().toUpperCase();

/** What the code takes off `total`, in whole Baht (see the header for the rounding). */
export function promoDiscount(promo: Pick<PromoRule, "percent" | "amount">, total: number): number {
  if (promo.percent !== null) return total - discountedPrice(total, promo.percent);
  return Math.min(promo.amount ?? 0, total);
}

/**
 * Why the code gives nothing to this cart, or null when it applies. A disabled code reads as unknown: the
 * customer has no use for the difference. `used_up` is only a first answer here: the placement's
 * conditional update has the last word.
 */
export function promoRefusal(promo: PromoRule | undefined, ask: PromoAsk): PromoRefusal | null {
  if (!promo || promo.is_disabled) return "unknown";
  if (promo.shop_ids.length > 0 && !promo.shop_ids.includes(ask.shopId)) return "not_at_this_shop";
  if (promo.valid_from !== null && ask.now < promo.valid_from) return "not_yet_valid";
  if (promo.valid_to !== null && ask.now >= promo.valid_to) return "expired";
  if (promo.first_order_only && ask.earlierOrders > 0) return "first_order_only";
  if (promo.once_per_customer && ask.usedByCustomer) return "already_used";
  if (ask.total < promo.min_total) return "minimum_not_reached";
  if (promo.max_uses !== null && promo.uses >= promo.max_uses) return "used_up";
  return null;
}

/** The admin's body, as the contract reads it. */
export interface PromoInput {
  code: string;
  percent?: number | null;
  amount?: number | null;
  min_total?: number | null;
  valid_from?: string | null;
  valid_to?: string | null;
  max_uses?: number | null;
  once_per_customer?: boolean;
  first_order_only?: boolean;
  shop_ids?: number[];
}

/** A checked promo, ready to store: the code upper-case, the times as ISO UTC. */
export interface PromoFields {
  code: string;
  percent: number | null;
  amount: number | null;
  min_total: number;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  once_per_customer: boolean;
  first_order_only: boolean;
  shop_ids: number[];
}

function moment(param: "valid_from" | "valid_to", raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw === "") return null;
  const ms = Date.parse(raw);
  if (!DATE_TIME_WITH_OFFSET.test(raw) || Number.isNaN(ms)) {
    throw new ValidationError(param, "{param} must be an ISO 8601 date-time with an offset, e.g. 2026-12-01T00:00:00+07:00.", { param });
  }
  return new Date(ms).toISOString();
}

/** Checks the admin's body; every refusal is a ValidationError naming the field. */
export function checkPromoInput(input: PromoInput): PromoFields {
  const code = input.code.trim();
  if (!PROMO_CODE_PATTERN.test(code)) throw new ValidationError("code", "A promo code is 3 to 20 letters and digits, without spaces.");
  const percent = input.percent ?? null;
  const amount = input.amount ?? null;
  if ((percent === null) === (amount === null)) throw new ValidationError("percent", "Give either a percent or an amount, not both.");
  if (percent !== null && !(Number.isInteger(percent) && percent >= PROMO_PERCENT_MIN && percent <= PROMO_PERCENT_MAX)) {
    throw new ValidationError("percent", "The percent must be a whole number from {min} to {max}.", {
      min: PROMO_PERCENT_MIN,
      max: PROMO_PERCENT_MAX,
    });
  }
  const minTotal = input.min_total ?? 0;
  if (!Number.isInteger(minTotal) || minTotal < 0) {
    throw new ValidationError("min_total", "{param} must be >= {limit}", { param: "min_total", limit: 0 });
  }
  if (amount !== null && !(Number.isInteger(amount) && amount >= 1 && amount <= minTotal)) {
    throw new ValidationError("amount", "A fixed amount is 1 Baht or more and at most the minimum order ({min} Baht).", { min: minTotal });
  }
  const validFrom = moment("valid_from", input.valid_from);
  const validTo = moment("valid_to", input.valid_to);
  if (validFrom !== null && validTo !== null && validFrom >= validTo) {
    throw new ValidationError("valid_from", "valid_from must be before valid_to.");
  }
  const maxUses = input.max_uses ?? null;
  if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses >= 1)) {
    throw new ValidationError("max_uses", "{param} must be >= {limit}", { param: "max_uses", limit: 1 });
  }
  return {
    code: code.toUpperCase(),
    percent,
    amount,
    min_total: minTotal,
    valid_from: validFrom,
    valid_to: validTo,
    max_uses: maxUses,
    once_per_customer: input.once_per_customer ?? false,
    first_order_only: input.first_order_only ?? false,
    shop_ids: [...new Set(input.shop_ids ?? [])].sort((a, b) => a - b),
  };
}
