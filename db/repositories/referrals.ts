/**
 * Referrals, their views, and the bonus ledger as a partner reads it. Writes are units of the store's writer
 * (db/writer.ts), like every change to money: a balance is checked and debited in one serial unit.
 */
import { prepared, type Tx } from "../writer";

export function selectUserIdByReflink(tx: Tx, reflink: string): number | undefined {
  return prepared(tx, "select id from users where reflink = ?").column<number>(reflink)[0];
}

export function selectReflink(tx: Tx, userId: number): string | undefined {
  return prepared(tx, "select reflink from users where id = ?").column<string>(userId)[0];
}

export function selectPartnerOf(tx: Tx, userId: number): number | undefined {
  return prepared(tx, "select partner_id from referrals where user_id = ?").column<number>(userId)[0];
}

/** The referrers above a user, nearest first, at most `max` of them (a chain is never longer in practice). */
export function selectAncestors(tx: Tx, userId: number, max = 256): number[] {
  const chain: number[] = [];
  let current = selectPartnerOf(tx, userId);
  while (current !== undefined && chain.length < max && !chain.includes(current)) {
    chain.push(current);
    current = selectPartnerOf(tx, current);
  }
  return chain;
}

export function hasCompletedOrder(tx: Tx, userId: number): boolean {
  return prepared(tx, "select 1 from orders where user_id = ? and status = 'S' limit 1").get(userId) !== undefined;
}

/** True when the referral was written (a user has at most one referrer: the primary key keeps it so). */
export function insertReferral(tx: Tx, userId: number, partnerId: number, now: string): boolean {
  return prepared(tx, "insert into referrals (user_id, partner_id, created_at) values (?, ?, ?) on conflict (user_id) do nothing").run(userId, partnerId, now).changes === 1;
}

/** One view per viewer key (which carries the day); a repeat changes nothing. */
export function insertView(tx: Tx, partnerId: number, visitorKey: string, now: string): boolean {
  return (
    prepared(tx, "insert into referral_views (partner_id, visitor_key, created_at) values (?, ?, ?) on conflict (partner_id, visitor_key) do nothing").run(
      partnerId,
      visitorKey,
      now,
    ).changes === 1
  );
}

export function countViews(tx: Tx, partnerId: number): number {
  return prepared(tx, "select count(*) from referral_views where partner_id = ?").column<number>(partnerId)[0] ?? 0;
}

export function countReferrals(tx: Tx, partnerId: number): number {
  return prepared(tx, "select count(*) from referrals where partner_id = ?").column<number>(partnerId)[0] ?? 0;
}

export interface LedgerSums {
  income_sum: number;
  exp_sum: number;
}

export function selectLedgerSums(tx: Tx, userId: number): LedgerSums {
  return prepared(
    tx,
    `select coalesce(sum(case when type = 'income' then amount else 0 end), 0) as income_sum,
            coalesce(sum(case when type = 'exp' then amount else 0 end), 0) as exp_sum
       from bonus_ledger where user_id = ?`,
  ).get<LedgerSums>(userId)!;
}

export interface LedgerRow {
  id: number;
  type: "income" | "exp";
  amount: number;
  order_id: number | null;
  source_user_id: number | null;
  wholesale: 0 | 1;
  reason: string | null;
  created_at: string;
  shop_name: string | null;
  order_total: number | null;
  item_count: number | null;
}

const LEDGER_ROW = `
  select l.id, l.type, l.amount, l.order_id, l.source_user_id, l.wholesale, l.reason, l.created_at,
         s.name as shop_name, o.discounted_price as order_total,
         (select sum(amount) from order_lines where order_id = l.order_id) as item_count
    from bonus_ledger l left join orders o on o.id = l.order_id left join shops s on s.id = o.shop_id`;

/** A user's ledger, newest first, one page; optionally one kind, or the incomes from one referral. */
export function selectLedgerRows(
  tx: Tx,
  f: { userId: number; type: "income" | "exp" | null; sourceUserId: number | null; before: number | null; limit: number },
): LedgerRow[] {
  const where = ["l.user_id = ?"];
  const params: unknown[] = [f.userId];
  if (f.type !== null) {
    where.push("l.type = ?");
    params.push(f.type);
  }
  if (f.sourceUserId !== null) {
    where.push("l.source_user_id = ?");
    params.push(f.sourceUserId);
  }
  if (f.before !== null) {
    where.push("l.id < ?");
    params.push(f.before);
  }
  return prepared(tx, `${LEDGER_ROW} where ${where.join(" and ")} order by l.id desc limit ?`).all<LedgerRow>(...params, f.limit);
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
 * `active`: only those with a completed order (true), only those without (false), or all (null).
 */
export function selectReferralRows(tx: Tx, partnerId: number, active: boolean | null, before: number | null, limit: number): ReferralRow[] {
  const activity = active === null ? "" : active ? "and orders_count > 0" : "and orders_count = 0";
  return prepared(
    tx,
    `select * from (
       select r.user_id as id, u.email, u.first_name, u.username, r.created_at,
              (select count(*) from orders o where o.user_id = r.user_id and o.status = 'S') as orders_count,
              (select coalesce(sum(l.amount), 0) from bonus_ledger l
                where l.user_id = r.partner_id and l.source_user_id = r.user_id and l.type = 'income') as income
         from referrals r join users u on u.id = r.user_id
        where r.partner_id = ?) as refs
      where id < ? ${activity}
      order by id desc limit ?`,
  ).all<ReferralRow>(partnerId, before ?? Number.MAX_SAFE_INTEGER, limit);
}

/** The e-mail of one of a partner's referrals, or undefined when the user is not their referral. */
export function selectReferralEmail(tx: Tx, partnerId: number, userId: number): { email: string | null } | undefined {
  return prepared(tx, "select u.email from referrals r join users u on u.id = r.user_id where r.partner_id = ? and r.user_id = ?").get(partnerId, userId);
}

/** The shop a user owns (the spec's shop admin), if any. */
export function selectOwnedShop(tx: Tx, userId: number): { id: number; name: string } | undefined {
  return prepared(
    tx,
    "select s.id, s.name from shop_staff st join shops s on s.id = st.shop_id where st.user_id = ? and st.role = 'owner' and s.is_deleted = 0 order by s.id limit 1",
  ).get(userId);
}

export function countActiveReferrals(tx: Tx, partnerId: number): number {
  return (
    prepared(
      tx,
      "select count(*) from referrals r where r.partner_id = ? and exists (select 1 from orders o where o.user_id = r.user_id and o.status = 'S')",
    ).column<number>(partnerId)[0] ?? 0
  );
}

/** A referral's income to its partner for one order: one entry per (partner, order) at most. */
export function insertReferralIncome(tx: Tx, e: { partner_id: number; amount: number; order_id: number; source_user_id: number; created_at: string }): boolean {
  return (
    prepared(
      tx,
      `insert into bonus_ledger (user_id, type, amount, order_id, source_user_id, created_at) values (?, 'income', ?, ?, ?, ?)
       on conflict (user_id, type, order_id) do nothing`,
    ).run(e.partner_id, e.amount, e.order_id, e.source_user_id, e.created_at).changes === 1
  );
}

/** An admin's correction: an entry of its own with the reason and the admin; entries are never edited. */
export function insertAdjustment(tx: Tx, e: { user_id: number; type: "income" | "exp"; amount: number; reason: string; actor_user_id: number; created_at: string }): void {
  prepared(tx, "insert into bonus_ledger (user_id, type, amount, reason, actor_user_id, created_at) values (?, ?, ?, ?, ?, ?)").run(
    e.user_id,
    e.type,
    e.amount,
    e.reason,
    e.actor_user_id,
    e.created_at,
  );
}

export function userExists(tx: Tx, userId: number): boolean {
  return prepared(tx, "select 1 from users where id = ?").get(userId) !== undefined;
}
