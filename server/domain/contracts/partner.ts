/**
 * The referral programme's shapes (spec §3 "Bonus history entry", "Referral", "Referral data"; §7 partner
 * calls). Money is integer Baht (1 bonus = 1 Baht).
 */
import { Type, type Static } from "typebox";
import { Nullable, OneOf } from "./schema";
import { Id } from "./ids";
import { MAX_ADJUSTMENT, REFLINK_PATTERN } from "../referrals";
import { Paging } from "./paging";
import { Text } from "./text";


export const PartnerSummary = Type.Object({
  reflink: Type.String(),
  /** The web link: the store's address plus the reflink. */
  link: Type.String(),
  /** The Telegram link (`t.me/<bot>?startapp=<reflink>`) when the store knows its bot, else null. */
  telegram_link: Nullable(Type.String()),
  views: Type.Integer(),
  referrals: Type.Integer(),
  /** referrals / views × 100, one decimal; 0 without views. */
  conversion: Type.Number(),
  rate_percent: Type.Integer(),
  balance: Type.Integer(),
  income_sum: Type.Integer(),
  exp_sum: Type.Integer(),
});
export type PartnerSummary = Static<typeof PartnerSummary>;

export const BonusEntry = Type.Object({
  id: Type.Integer(),
  type: OneOf(["income", "exp"]),
  /** Positive for incomes, negative for expenses. */
  amount: Type.Integer(),
  created: Type.String(),
  wholesale: Type.Boolean(),
  /** An admin's correction: its reason; null for entries of orders. */
  reason: Nullable(Type.String()),
  order_data: Nullable(Type.Object({ id: Type.Integer(), store: Type.String(), item_count: Type.Integer(), total_price: Type.Integer() })),
});
export type BonusEntry = Static<typeof BonusEntry>;

export const LedgerQuery = Type.Object({ type: Type.Optional(Type.Union([Type.Literal("income"), Type.Literal("exp")])), ...Paging });
export type LedgerQuery = Static<typeof LedgerQuery>;

export const LedgerResponse = Type.Object({
  entries: Type.Array(BonusEntry),
  balance: Type.Integer(),
  income_sum: Type.Integer(),
  exp_sum: Type.Integer(),
  next_cursor: Nullable(Type.Integer()),
});
export type LedgerResponse = Static<typeof LedgerResponse>;

export const ReferralItem = Type.Object({
  id: Type.Integer(),
  /** Masked to its first 4 characters; null for a Telegram-only customer. */
  email: Nullable(Type.String()),
  orders_count: Type.Integer(),
  income: Type.Integer(),
  /** Has a completed order: only active referrals open their detail. */
  active: Type.Boolean(),
});
export type ReferralItem = Static<typeof ReferralItem>;

export const ReferralsQuery = Type.Object({
  filter: Type.Optional(Type.Union([Type.Literal("active"), Type.Literal("passive")])),
  ...Paging,
});
export type ReferralsQuery = Static<typeof ReferralsQuery>;

export const ReferralsResponse = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  referrals: Type.Array(ReferralItem),
  next_cursor: Nullable(Type.Integer()),
});
export type ReferralsResponse = Static<typeof ReferralsResponse>;

export const ReferralDetailQuery = Type.Object({ ...Paging });
export type ReferralDetailQuery = Static<typeof ReferralDetailQuery>;

/** One referral's incomes, newest first a page at a time; `income_sum` is all of them. */
export const ReferralDetailResponse = Type.Object({
  email: Nullable(Type.String()),
  income_sum: Type.Integer(),
  entries: Type.Array(BonusEntry),
  next_cursor: Nullable(Type.Integer()),
});
export type ReferralDetailResponse = Static<typeof ReferralDetailResponse>;

export const StoreHistoryResponse = Type.Object({
  shop: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  entries: Type.Array(BonusEntry),
  balance: Type.Integer(),
  income_sum: Type.Integer(),
  exp_sum: Type.Integer(),
  next_cursor: Nullable(Type.Integer()),
});
export type StoreHistoryResponse = Static<typeof StoreHistoryResponse>;

export const ReflinkParams = Type.Object({ code: Type.String({ pattern: REFLINK_PATTERN, maxLength: 32 }) });
/** A referral code that belongs to someone (GET /api/referrals/codes/:code); an unknown one is a 404. */
export const ReferralCode = Type.Object({ code: Type.String() });
export type ReferralCode = Static<typeof ReferralCode>;
export const ReferrerBody = Type.Object({ code: Type.String({ pattern: REFLINK_PATTERN, maxLength: 32 }) });
export const UserParams = Type.Object({ id: Id() });

export const AdjustBody = Type.Object({
  /** A signed whole number of Baht, not zero. */
  amount: Type.Integer({ minimum: -MAX_ADJUSTMENT, maximum: MAX_ADJUSTMENT }),
  reason: Text({ minLength: 3, maxLength: 300 }),
});
export type AdjustBody = Static<typeof AdjustBody>;

export const BalanceResponse = Type.Object({ balance: Type.Integer() });
