/**
 * Stock rules (design §3, issue 12 "Stock"): stock is per (shop, product, option); shop 1 is the central
 * warehouse, which holds stock but is never a pickup shop. Admins add stock (to the warehouse by default)
 * and move it from the warehouse to a pickup shop. Every change is an audit row of `stock_history`
 * (who, when, where, how much, why), and a pickup shop's shelf dropping to the low-stock threshold tells
 * the admins once per crossing.
 */
import { WAREHOUSE_SHOP_ID } from "./constants";
import { ValidationError } from "./errors";

/** Why a shelf changed: an admin added or moved stock, an order took it, or a canceled/expired order gave it back. */
export const STOCK_REASONS = ["added", "moved", "sold", "returned"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** LOW_STOCK_THRESHOLD's default: an option's shelf at a pickup shop at or below 2 is low. */
export const LOW_STOCK_THRESHOLD_DEFAULT = 2;

/** An option's shelf at a pickup shop at or below the threshold: the low-stock list and its push name it so. */
export interface LowShelf {
  shop_id: number;
  shop_name: string;
  product_id: number;
  product_name: string;
  option_id: number;
  price_text: string;
  /** What is left on the shelf. */
  amount: number;
}

/** The most one call may add or move: a typo of a few extra digits is refused, not stocked. */
export const MAX_STOCK_CHANGE = 100_000;

export const STOCK_TEXTS = {
  /** Spec §5 "Add stock": the prompt of the mini-app and the bot. */
  prompt: "Please enter number of products you want to add:",
  moveToWarehouse: "Stock moves from the central warehouse to a pickup shop: choose a pickup shop.",
} as const;

/** Spec §8: 'You've added N products.' */
export function addedMessage(amount: number): string {
  return `You've added ${amount} products.`;
}

export function movedMessage(amount: number, shopName: string): string {
  return `You've moved ${amount} products to ${shopName}.`;
}

/** An amount to add or move: a whole number from 1 to MAX_STOCK_CHANGE. */
export function checkStockAmount(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_STOCK_CHANGE) {
    throw new ValidationError("amount", "The amount must be a whole number from 1 to {max}.", { max: MAX_STOCK_CHANGE });
  }
  return amount;
}

/**
 * A change takes a pickup shop's shelf across the threshold when it was above it before and is at or below
 * it after: the admins hear once, and again only after a restock above the threshold and a new drop.
 */
export function crossesLowStock(shopId: number, before: number, after: number, threshold: number): boolean {
  return shopId !== WAREHOUSE_SHOP_ID && before > threshold && after <= threshold;
}

/**
 * The amounts a shelf may hold after a take of `amount` for which that take crosses the threshold
 * (`crossesLowStock` with before = after + amount), both ends included; null when no take of it can (the
 * warehouse, or nothing taken). A take made without reading the shelf first (the placement's last statement,
 * db/postgres/shelf.ts) checks its result against this range.
 */
export function lowStockCrossingAfter(shopId: number, amount: number, threshold: number): { from: number; to: number } | null {
  const from = Math.max(0, threshold - amount + 1);
  if (shopId === WAREHOUSE_SHOP_ID || amount < 1 || threshold < from) return null;
  return { from, to: threshold };
}
