/**
 * A sale price (docs/decisions.md, "Sale prices"): an option's `sale_price` is what a placement takes instead of
 * its list price `per_price` while the sale runs, that is while its `sale_ends_at` is ahead (or it has none).
 * At the end's exact instant the list price is back. The catalogue, the cart's promo check and both ways of
 * placing read the price through `priceAt`, so they cannot disagree.
 */
import { ValidationError } from "./errors";
import { DATE_TIME_WITH_OFFSET } from "./promos";

export interface SaleColumns {
  per_price: number;
  sale_price: number | null;
  /** ISO UTC, or null: until the admin ends it. */
  sale_ends_at: string | null;
}

/** Whether the option's sale runs at `nowMs`. */
export function saleRuns(option: SaleColumns, nowMs: number): boolean {
  return option.sale_price !== null && (option.sale_ends_at === null || Date.parse(option.sale_ends_at) > nowMs);
}

/** The price of one item at `nowMs`: the sale price while the sale runs, else the list price. */
export function priceAt(option: SaleColumns, nowMs: number): number {
  return saleRuns(option, nowMs) ? option.sale_price! : option.per_price;
}

/** The sale as customers see it at `nowMs`: both null when there is none or it has ended. */
export function saleShown(option: SaleColumns, nowMs: number): { sale_price: number | null; sale_ends_at: string | null } {
  return saleRuns(option, nowMs)
    ? { sale_price: option.sale_price, sale_ends_at: option.sale_ends_at }
    : { sale_price: null, sale_ends_at: null };
}

/** The earliest end after `nowMs` among running sales, or Infinity: when the catalogue's prices change by the clock. */
export function nextSaleEnd(options: Iterable<SaleColumns>, nowMs: number): number {
  let next = Infinity;
  for (const o of options) {
    if (o.sale_price === null || o.sale_ends_at === null) continue;
    const end = Date.parse(o.sale_ends_at);
    if (end > nowMs && end < next) next = end;
  }
  return next;
}

/** The admin's sale as given: a number or digits (the form) for the price, an ISO string for the end; null or "": none. */
export interface SaleInput {
  sale_price: number | string | null;
  sale_ends_at: string | null;
}

const SALE_PRICE_RULE = "sale_price must be a whole number of Baht, at least 1 and below the list price ({price} Baht).";

/**
 * Checks a sale against the option's list price at `nowMs`; every refusal is a ValidationError naming the field.
 * A blank price means no sale (and then no end).
 */
export function checkSale(input: SaleInput, listPrice: number, nowMs: number): { sale_price: number | null; sale_ends_at: string | null } {
  const rawPrice = typeof input.sale_price === "string" ? input.sale_price.trim() : input.sale_price;
  const rawEnd = input.sale_ends_at?.trim() ?? "";
  if (rawPrice === null || rawPrice === "") {
    if (rawEnd !== "") throw new ValidationError("sale_ends_at", "sale_ends_at needs a sale_price.");
    return { sale_price: null, sale_ends_at: null };
  }
  const price = typeof rawPrice === "number" ? rawPrice : /^\d{1,12}$/.test(rawPrice) ? Number(rawPrice) : NaN;
  if (!Number.isInteger(price) || price < 1 || price >= listPrice) {
    throw new ValidationError("sale_price", SALE_PRICE_RULE, { price: listPrice });
  }
  if (rawEnd === "") return { sale_price: price, sale_ends_at: null };
  const end = Date.parse(rawEnd);
  if (!DATE_TIME_WITH_OFFSET.test(rawEnd) || Number.isNaN(end)) {
    throw new ValidationError("sale_ends_at", "{param} must be an ISO 8601 date-time with an offset, e.g. 2026-12-01T00:00:00+07:00.", {
      param: "sale_ends_at",
    });
  }
  if (end <= nowMs) throw new ValidationError("sale_ends_at", "sale_ends_at must be in the future.");
  return { sale_price: price, sale_ends_at: new Date(end).toISOString() };
}
