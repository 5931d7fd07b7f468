/**
 * Referrals and their views: who referred whom (a user has at most one referrer: the primary key), link views
 * (one per viewer key), and the partner's lists. The bonus ledger and the balance are db/repositories/ledger.ts.
 */
import type { Executor } from "../executor";

export async function selectUserIdByReflink(tx: Executor, reflink: string): Promise<number | undefined> {
  return (await tx.selectFrom("users").select("id").where("reflink", "=", reflink).executeTakeFirst())?.id;
}

export async function selectReflink(tx: Executor, userId: number): Promise<string | undefined> {
  return (await tx.selectFrom("users").select("reflink").where("id", "=", userId).executeTakeFirst())?.reflink;
}

export async function selectPartnerOf(tx: Executor, userId: number): Promise<number | undefined> {
  return (await tx.selectFrom("referrals").select("partner_id").where("user_id", "=", userId).executeTakeFirst())?.partner_id;
}

/** The referrers above a user, nearest first, at most `max` of them (a chain is never longer in practice). */
export async function selectAncestors(tx: Executor, userId: number, max = 256): Promise<number[]> {
  const chain: number[] = [];
  let current = await selectPartnerOf(tx, userId);
  while (current !== undefined && chain.length < max && !chain.includes(current)) {
    chain.push(current);
    current = await selectPartnerOf(tx, current);
  }
  return chain;
}

export async function hasCompletedOrder(tx: Executor, userId: number): Promise<boolean> {
  const row = await tx
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "S")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the referral was written (a user has at most one referrer: the primary key keeps it so). */
export async function insertReferral(tx: Executor, userId: number, partnerId: number, now: string): Promise<boolean> {
  const result = await tx
    .insertInto("referrals")
    .values({ user_id: userId, partner_id: partnerId, created_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** One view per viewer key (which carries the day); a repeat changes nothing. */
export async function insertView(tx: Executor, partnerId: number, visitorKey: string, now: string): Promise<boolean> {
  const result = await tx
    .insertInto("referral_views")
    .values({ partner_id: partnerId, visitor_key: visitorKey, created_at: now })
    .onConflict((oc) => oc.columns(["partner_id", "visitor_key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function countViews(tx: Executor, partnerId: number): Promise<number> {
  const row = await tx
    .selectFrom("referral_views")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countReferrals(tx: Executor, partnerId: number): Promise<number> {
  const row = await tx
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface ReferralRow {
  id: number;
  email: string | null;
  first_name: string | null;
  username: string | null;
  orders_count: number;
  income: number;
  created_at: string;
}

/**
 * A partner's referrals with their completed orders and what they earned the partner, newest first.
 * `active`: only those with a completed order (true), only those without (false), or all (null). The figures
 * are the referral row's own (kept by triggers: migration 20261127T120000_scale), so a page reads its rows only.
 */
export async function selectReferralRows(
  tx: Executor,
  partnerId: number,
  active: boolean | null,
  before: number | null,
  limit: number,
): Promise<ReferralRow[]> {
  let query = tx
    .selectFrom("referrals as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.user_id as id", "u.email", "u.first_name", "u.username", "r.created_at", "r.orders_done as orders_count", "r.income"])
    .where("r.partner_id", "=", partnerId);
  // "<>", not ">": a range on (partner_id, orders_done) would sort every active referral for a page, while this
  // walks the partner's referrals newest first and stops at the page (the passive, "=", is an index range in order).
  if (active !== null) query = query.where("r.orders_done", active ? "<>" : "=", 0);
  if (before !== null) query = query.where("r.user_id", "<", before);
  const rows = await query.orderBy("r.user_id", "desc").limit(limit).execute();
  // Engines that keep sums in bigint answer text: a referral's income is whole Baht, well inside a number.
  return rows.map((r) => ({ ...r, orders_count: Number(r.orders_count), income: Number(r.income) }));
}

/** The e-mail of one of a partner's referrals, or undefined when the user is not their referral. */
export async function selectReferralEmail(tx: Executor, partnerId: number, userId: number): Promise<{ email: string | null } | undefined> {
  return tx
    .selectFrom("referrals as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select("u.email")
    .where("r.partner_id", "=", partnerId)
    .where("r.user_id", "=", userId)
    .executeTakeFirst();
}

/** What one referral has earned a partner, every income summed (the detail's pages show it a page at a time). */
export async function referralIncomeSum(tx: Executor, partnerId: number, referralId: number): Promise<number> {
  const row = await tx
    .selectFrom("bonus_ledger")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("n"))
    .where("user_id", "=", partnerId)
    .where("source_user_id", "=", referralId)
    .where("type", "=", "income")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The shop a user owns (the spec's shop admin), if any. */
export async function selectOwnedShop(tx: Executor, userId: number): Promise<{ id: number; name: string } | undefined> {
  return tx
    .selectFrom("shop_staff as st")
    .innerJoin("shops as s", "s.id", "st.shop_id")
    .select(["s.id", "s.name"])
    .where("st.user_id", "=", userId)
    .where("st.role", "=", "owner")
    .where("s.is_deleted", "=", 0)
    .orderBy("s.id")
    .limit(1)
    .executeTakeFirst();
}

export async function countActiveReferrals(tx: Executor, partnerId: number): Promise<number> {
  const row = await tx
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("partner_id", "=", partnerId)
    .where("orders_done", ">", 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function userExists(tx: Executor, userId: number): Promise<boolean> {
  return (await tx.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined;
}
