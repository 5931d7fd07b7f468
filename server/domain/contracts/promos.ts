/**
 * Promo codes (issue 25): the admin's codes (`/api/admin/promos`) and the cart's check (`/api/promos/check`).
 * The body's rules past its types (code, percent 1–90, a fixed amount within the minimum order, the window)
 * are server/domain/promos.ts `checkPromoInput`, so each refusal names its field in words.
 */
import { Type, type Static } from "typebox";
import { Nullable } from "./schema";
import { Id, MAX_ID } from "./ids";
import { OrderLineInput } from "./orders";
import { NextCursor, Paging } from "./paging";
import { MAX_ORDER_LINES } from "../orders";
import { PROMO_REFUSALS } from "../promos";

const Baht = () => Type.Integer({ minimum: 0, maximum: MAX_ID });

/** Create and edit: the whole promo. Without `percent`, `amount` is the fixed discount in Baht. */
export const PromoBody = Type.Object({
  code: Type.String({ maxLength: 200 }),
  percent: Type.Optional(Type.Union([Type.Integer({ minimum: -MAX_ID, maximum: MAX_ID }), Type.Null()])),
  amount: Type.Optional(Nullable(Type.Integer({ minimum: -MAX_ID, maximum: MAX_ID }))),
  min_total: Type.Optional(Nullable(Baht())),
  /** ISO 8601 date-times with an offset (`2026-12-01T00:00:00+07:00`); null or absent: open on that side. */
  valid_from: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  valid_to: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  max_uses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_ID }))),
  once_per_customer: Type.Optional(Type.Boolean()),
  first_order_only: Type.Optional(Type.Boolean()),
  /** Empty or absent: every shop. */
  shop_ids: Type.Optional(Type.Array(Id(), { maxItems: 100 })),
});
export type PromoBody = Static<typeof PromoBody>;

export const Promo = Type.Object({
  id: Type.Integer(),
  /** Upper-case; customers may type it in any case. */
  code: Type.String(),
  percent: Nullable(Type.Integer()),
  amount: Nullable(Type.Integer()),
  min_total: Type.Integer(),
  /** ISO UTC, or null. */
  valid_from: Nullable(Type.String()),
  valid_to: Nullable(Type.String()),
  max_uses: Nullable(Type.Integer()),
  once_per_customer: Type.Boolean(),
  first_order_only: Type.Boolean(),
  is_disabled: Type.Boolean(),
  shop_ids: Type.Array(Type.Integer()),
  /** Orders holding a use now (canceled and expired orders gave theirs back). */
  uses: Type.Integer(),
  /** Completed orders placed with the code, and what they paid (Baht). */
  completed_orders: Type.Integer(),
  revenue: Type.Integer(),
  created: Type.String(),
});
export type Promo = Static<typeof Promo>;

export const PromoResponse = Type.Object({ promo: Promo });
export type PromoResponse = Static<typeof PromoResponse>;
export const PromoListQuery = Type.Object(Paging);
export type PromoListQuery = Static<typeof PromoListQuery>;
export const PromoListResponse = Type.Object({ promos: Type.Array(Promo), next_cursor: NextCursor });
export type PromoListResponse = Static<typeof PromoListResponse>;
export const PromoParams = Type.Object({ id: Id() });

export const PromoCheckBody = Type.Object({
  code: Type.String({ maxLength: 200 }),
  shop_id: Id(),
  items: Type.Array(OrderLineInput, { minItems: 1, maxItems: MAX_ORDER_LINES }),
});
export type PromoCheckBody = Static<typeof PromoCheckBody>;

/** The reasons of server/domain/promos.ts `PROMO_REFUSALS`, spelled out so the type keeps them. */
export const PromoRefusalReason = Type.Union([
  Type.Literal("unknown"),
  Type.Literal("not_at_this_shop"),
  Type.Literal("not_yet_valid"),
  Type.Literal("expired"),
  Type.Literal("first_order_only"),
  Type.Literal("already_used"),
  Type.Literal("minimum_not_reached"),
  Type.Literal("used_up"),
]);
// Fails the type check when a reason is added to the rules but not here.
const _allReasons: Static<typeof PromoRefusalReason>[] = [...PROMO_REFUSALS];
void _allReasons;

/** The discount the code would give this cart now, or why it gives none (`message` in the caller's language). */
export const PromoCheckResponse = Type.Union([
  Type.Object({
    valid: Type.Literal(true),
    code: Type.String(),
    total: Type.Integer(),
    discount: Type.Integer(),
    discounted_total: Type.Integer(),
  }),
  Type.Object({ valid: Type.Literal(false), code: Type.String(), reason: PromoRefusalReason, message: Type.String() }),
]);
export type PromoCheckResponse = Static<typeof PromoCheckResponse>;
