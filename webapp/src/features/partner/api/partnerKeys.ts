/** Query keys of the referral programme's server data. */
export const PARTNER_SUMMARY_KEY = ["partner", "summary"] as const;
export const bonusLedgerKey = (type: BonusKind | null) => ["partner", "ledger", type ?? "all"] as const;
export const referralsKey = (filter: ReferralFilter | null) => ["partner", "referrals", filter ?? "all"] as const;
export const referralIncomeKey = (id: number) => ["partner", "referral", id] as const;
export const STORE_BONUS_KEY = ["partner", "store"] as const;

/** The two kinds of bonus entries (spec §3 "Bonus history entry"). */
export type BonusKind = "income" | "exp";
/** Spec §2 "Referral list": active referrals have a completed order, passive ones not yet. */
export type ReferralFilter = "active" | "passive";

/** Entries or referrals a page of a partner list asks for. */
export const PARTNER_PAGE = 20;


/** Whether a `/{reflink}` path is someone's referral code (not under "partner": it is nobody's wallet). */
export const referralCodeKey = (code: string) => ["referral-code", code] as const;
