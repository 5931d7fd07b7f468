/**
 * Store statistics (spec §5 "Statistics page", issue 12): totals, per product and per day over completed
 * orders. What each figure means: server/domain/stats.ts (and docs/api.md "Admin: statistics").
 */
import { Type, type Static } from "typebox";
import { Nullable } from "./schema";
import { Id } from "./ids";


export const AdminStatsQuery = Type.Object({
  /** First island day counted (YYYY-MM-DD, Koh Samui time), inclusive; none: since the first sale. */
  from: Type.Optional(Type.String({ maxLength: 10 })),
  /** Last island day counted, inclusive; none: up to now. */
  to: Type.Optional(Type.String({ maxLength: 10 })),
  /** One shop's sales; none: every shop. */
  shop_id: Type.Optional(Id()),
});
export type AdminStatsQuery = Static<typeof AdminStatsQuery>;

export const StatsTotals = Type.Object({
  /** Σ cost price × amount, Baht. */
  total_sales_cost_price: Type.Integer(),
  /** Σ per_price × amount (the prices placed at, sale prices included; before promo and bonus discounts), Baht. */
  total_sales_amount: Type.Integer(),
  /** What was charged (after discounts), Baht. */
  total_sales_discounted_price: Type.Integer(),
  /** Completed orders counted. */
  orders: Type.Integer(),
  /** Items sold at their list price. */
  items_at_list: Type.Integer(),
  /** Items sold at a sale price (below the list price at placing). */
  items_at_sale: Type.Integer(),
});

export const ProductStats = Type.Object({
  product_id: Type.Integer(),
  /** The product's name. */
  product: Type.String(),
  /** Items sold. */
  total_amount: Type.Integer(),
  cost_price_sum: Type.Integer(),
  /** The product's share of what was charged: each order's discounted price split over its lines by list value. */
  discounted_price_sum: Type.Integer(),
  /** List value (before discounts). */
  sales_sum: Type.Integer(),
  /** Of total_amount, the items sold at list price. */
  items_at_list: Type.Integer(),
  /** Of total_amount, the items sold at a sale price. */
  items_at_sale: Type.Integer(),
});

export const DayStats = Type.Object({
  /** Island date, YYYY-MM-DD. */
  date: Type.String(),
  /** Discounted sales, Baht. */
  sales: Type.Integer(),
  /** Discounted sales − cost, Baht. */
  margin: Type.Integer(),
});

export const AdminStatsResponse = Type.Object({
  totals: StatsTotals,
  /** Highest discounted sales first. */
  products: Type.Array(ProductStats),
  /** One entry a day over the range (days without sales are 0). */
  days: Type.Array(DayStats),
  range: Type.Object({ from: Nullable(Type.String()), to: Nullable(Type.String()) }),
  shop_id: Nullable(Type.Integer()),
});
export type AdminStatsResponse = Static<typeof AdminStatsResponse>;
