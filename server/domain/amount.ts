import type { Product } from "./contracts/catalog";

/** How much of one option a customer may take at once (spec §5 "Quantity"). */
export interface AmountLimits {
  min: number;
  step: number;
  /** The product's own maximum or the stock, whichever is lower. */
  max: number;
}

/**
 * At least 1; steps of the product's step (default 1); at most the product's maximum when it has one, and
 * never more than the picked option's stock. `max` below `min` means the option cannot be ordered now.
 */
export function amountLimits(product: Pick<Product, "step" | "max_amount">, instock: number): AmountLimits {
  const step = product.step >= 1 ? product.step : 1;
  const max = product.max_amount !== null && product.max_amount >= 1 ? Math.min(product.max_amount, instock) : instock;
  return { min: 1, step, max };
}

/** An amount brought inside the limits: clamped down to the stock, and up to 1. */
export function clampAmount(amount: number, limits: AmountLimits): number {
  return Math.max(limits.min, Math.min(amount, limits.max));
}
