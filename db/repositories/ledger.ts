/**
 * The bonus ledger: append-only entries (incomes and expenses) per user; the balance is their sum, computed
 * here only (`ledgerSums`, `bonusBalance`) from the sums the database keeps beside the entries (`bonus_totals`,
 * moved by triggers on every ledger write in the same transaction). Entries of orders are kept to
 * one per (user, type, order) by the ledger's unique key. A write that must not take a balance below zero
 * locks the owner's users row first (db/locks.ts), then reads the balance, then writes.
 */
import { sql } from "kysely";
import { idList, idValues, prepareQuery } from "../compiledQuery";
import type { Executor } from "../executor";

export interface LedgerSums {
  income_sum: number;
  exp_sum: number;
  /** income_sum − exp_sum: the bonus balance. */
  balance: number;
}

/** A user's incomes, expenses and balance: the one formula of the balance. */
export async function ledgerSums(tx: Executor, userId: number): Promise<LedgerSums> {
  const row = await tx.selectFrom("bonus_totals").select(["income", "exp"]).where("user_id", "=", userId).executeTakeFirst();
  return sumsOf(row);
}

function sumsOf(row: { income: number | string | bigint; exp: number | string | bigint } | undefined): LedgerSums {
  // Engines that keep sums in bigint answer text: the ledger's sums are whole Baht, well inside a number.
  const income_sum = Number(row?.income ?? 0);
  const exp_sum = Number(row?.exp ?? 0);
  return { income_sum, exp_sum, balance: income_sum - exp_sum };
}

const totalsOfUsers = prepareQuery<Record<string, number>, { user_id: number; income: number | string; exp: number | string }>(
  (v, n) => sql`select user_id, income, exp from bonus_totals where user_id in (${idList(v, n)})`,
);

/** The bonus balances of several users (the customers of a page of orders), by user id; 0 for one with no entries. */
export async function bonusBalances(tx: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  const balances = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return balances;
  const { rows } = await totalsOfUsers.execute(tx, idValues(userIds), userIds.length);
  for (const row of rows) balances.set(Number(row.user_id), sumsOf(row).balance);
  return balances;
}

/** The bonus balance of a user. Before a write that depends on it, lock the user's row (`lockRows`). */
export async function bonusBalance(tx: Executor, userId: number): Promise<number> {
  return (await ledgerSums(tx, userId)).balance;
}

/** A customer pays an order with bonus: one expense entry per order (the unique key keeps it to one). */
export async function insertBonusExpense(
  tx: Executor,
  entry: { user_id: number; order_id: number; amount: number; created_at: string },
): Promise<void> {
  await tx.insertInto("bonus_ledger").values({ ...entry, type: "exp" }).execute();
}

/** A referral's income to its partner for one order: one entry per (partner, order) at most. True when written. */
export async function insertReferralIncome(
  tx: Executor,
  e: { partner_id: number; amount: number; order_id: number; source_user_id: number; created_at: string },
): Promise<boolean> {
  const result = await tx
    .insertInto("bonus_ledger")
    .values({
      user_id: e.partner_id,
      type: "income",
      amount: e.amount,
      order_id: e.order_id,
      source_user_id: e.source_user_id,
      created_at: e.created_at,
    })
    .onConflict((oc) => oc.columns(["user_id", "type", "order_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** An admin's correction: an entry of its own with the reason and the admin; entries are never edited. */
export async function insertAdjustment(
  tx: Executor,
  e: { user_id: number; type: "income" | "exp"; amount: number; reason: string; actor_user_id: number; created_at: string },
): Promise<void> {
  await tx.insertInto("bonus_ledger").values(e).execute();
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

/** A user's ledger, newest first, `limit` rows; optionally one kind, or the incomes from one referral. */
export async function selectLedgerRows(
  tx: Executor,
  f: { userId: number; type: "income" | "exp" | null; sourceUserId: number | null; before: number | null; limit: number },
): Promise<LedgerRow[]> {
  let query = tx
    .selectFrom("bonus_ledger as l")
    .leftJoin("orders as o", "o.id", "l.order_id")
    .leftJoin("shops as s", "s.id", "o.shop_id")
    .select((eb) => [
      "l.id",
      "l.type",
      "l.amount",
      "l.order_id",
      "l.source_user_id",
      "l.wholesale",
      "l.reason",
      "l.created_at",
      "s.name as shop_name",
      "o.discounted_price as order_total",
      eb
        .selectFrom("order_lines")
        .select((e) => e.fn.sum<number>("amount").as("n"))
        .whereRef("order_lines.order_id", "=", "l.order_id")
        .as("item_count"),
    ])
    .where("l.user_id", "=", f.userId);
  if (f.type !== null) query = query.where("l.type", "=", f.type);
  if (f.sourceUserId !== null) query = query.where("l.source_user_id", "=", f.sourceUserId);
  if (f.before !== null) query = query.where("l.id", "<", f.before);
  return query.orderBy("l.id", "desc").limit(f.limit).execute();
}
