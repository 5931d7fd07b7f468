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


/**
 * The bonus balance a partner answer in the query cache carries (the summary, the first page of a history),
 * so the shell can keep the session's balance (the chip) in step with it; undefined for any other answer.
 */
export function walletBalanceIn(queryKey: readonly unknown[], data: unknown): number | undefined {
  if (queryKey[0] !== "partner" || typeof data !== "object" || data === null) return undefined;
  const answer: unknown = "pages" in data && Array.isArray(data.pages) ? data.pages[0] : data;
  if (typeof answer !== "object" || answer === null || !("balance" in answer)) return undefined;
  return typeof answer.balance === "number" ? answer.balance : undefined;
}

/** Whether a `/{reflink}` path is someone's referral code (not under "partner": it is nobody's wallet). */
export const referralCodeKey = (code: string) => ["referral-code", code] as const;
