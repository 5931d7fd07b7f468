/**
 * The referral programme and the bonus wallet (design §5, issue 13): link views, registering a referral at
 * sign-in, the referrer's income when a referred customer's order is completed (exactly once, in the same
 * transaction as the completion), the partner's figures and history, and an admin's audited corrections.
 * Every write is a unit of the store's writer, so a balance is checked and changed in one serial step.
 */
import { createHash } from "node:crypto";
import type { DB } from "../../db/connection";
import { selectBonusBalance } from "../../db/repositories/staffOrders";
import {
  countActiveReferrals,
  countReferrals,
  countViews,
  hasCompletedOrder,
  insertAdjustment,
  insertReferral,
  insertReferralIncome,
  insertView,
  selectAncestors,
  selectLedgerRows,
  selectLedgerSums,
  selectPartnerOf,
  selectOwnedShop,
  selectReferralEmail,
  selectReferralRows,
  selectReflink,
  selectUserIdByReflink,
  userExists,
  type LedgerRow,
} from "../../db/repositories/referrals";
import { enqueueNotification } from "../../db/repositories/outbox";
import { writerOf, type Tx } from "../../db/writer";
import type { BonusEntry, LedgerQuery, PartnerSummary, ReferralItem, ReferralsQuery } from "../domain/contracts/partner";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { orderDedupeKey } from "../domain/notifications";
import type { ReferralVia } from "./auth";
import {
  conversionPercent,
  isReflink,
  maskReferralEmail,
  paidInMoney,
  referralIncome,
  referralRefusal,
  viewDay,
} from "../domain/referrals";

export interface PartnerConfig {
  publicUrl: string;
  botUsername: string | null;
  referralRatePercent: number;
}

export interface PartnerDeps {
  db: DB;
  clock: () => number;
  config: PartnerConfig;
  /** Where refusals of a referral are written down (never told to the client). */
  log: { info(details: object, message?: string): void };
}

export type Partner = ReturnType<typeof createPartner>;

/** Who viewed a link: a signed-in user, or a visitor known only by a hash of their client. */
export type Viewer = { userId: number } | { ip: string; userAgent: string };

function entryOf(row: LedgerRow): BonusEntry {
  return {
    id: row.id,
    type: row.type,
    amount: row.type === "income" ? row.amount : -row.amount,
    created: row.created_at,
    wholesale: row.wholesale === 1,
    reason: row.reason,
    order_data:
      row.order_id === null ? null : { id: row.order_id, store: row.shop_name ?? "", item_count: row.item_count ?? 0, total_price: row.order_total ?? 0 },
  };
}

function page<T>(rows: T[], limit: number, idOf: (row: T) => number): { rows: T[]; next_cursor: number | null } {
  if (rows.length <= limit) return { rows, next_cursor: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, next_cursor: idOf(kept[kept.length - 1]!) };
}

/**
 * The referrer's income from an order that has just become S, inside the completing unit: the rate of what
 * the buyer paid in money, rounded down, once per order (the ledger's unique key), and the referrer told.
 */
export function creditReferrer(
  tx: Tx,
  order: { id: number; user_id: number; discounted_price: number; bonus_used: number },
  ratePercent: number,
  now: string,
): number {
  const partnerId = selectPartnerOf(tx, order.user_id);
  if (partnerId === undefined) return 0;
  const amount = referralIncome(paidInMoney(order.discounted_price, order.bonus_used), ratePercent);
  if (amount <= 0) return 0;
  if (!insertReferralIncome(tx, { partner_id: partnerId, amount, order_id: order.id, source_user_id: order.user_id, created_at: now })) return 0;
  enqueueNotification(
    tx,
    {
      kind: "referral_income",
      user_id: partnerId,
      order_id: order.id,
      dedupe_key: orderDedupeKey("referral_income", order.id),
      payload: { order_id: order.id, amount, balance: selectBonusBalance(tx, partnerId) },
    },
    now,
  );
  return amount;
}

export function createPartner({ db, clock, config, log }: PartnerDeps) {
  const writer = writerOf(db);
  const iso = (ms: number) => new Date(ms).toISOString();

  function ledgerPage(tx: Tx, userId: number, query: LedgerQuery) {
    const limit = query.limit ?? PAGE_DEFAULT;
    const rows = selectLedgerRows(tx, { userId, type: query.type ?? null, sourceUserId: null, before: query.cursor ?? null, limit: limit + 1 });
    const paged = page(rows, limit, (r) => r.id);
    const sums = selectLedgerSums(tx, userId);
    return { entries: paged.rows.map(entryOf), balance: sums.income_sum - sums.exp_sum, ...sums, next_cursor: paged.next_cursor };
  }

  /** Counts a view of a link: once per viewer per link per island day; the owner's own views, and unknown codes, count nothing. */
  async function recordView(code: string, viewer: Viewer): Promise<void> {
    if (!isReflink(code)) return;
    const nowMs = clock();
    const key =
      "userId" in viewer
        ? `${viewDay(nowMs)}:u:${viewer.userId}`
        : `${viewDay(nowMs)}:c:${createHash("sha256").update(`${viewer.ip}\n${viewer.userAgent}`).digest("base64url").slice(0, 22)}`;
    await writer.write((tx) => {
      const partnerId = selectUserIdByReflink(tx, code);
      if (partnerId === undefined || ("userId" in viewer && viewer.userId === partnerId)) return;
      insertView(tx, partnerId, key, iso(nowMs));
    });
  }

  /**
   * Registers `userId` as the referral of the code's owner, once. Every refusal (unknown or own code, a
   * second referrer, a cycle, a customer who already bought) is logged with its reason and is otherwise
   * silent: sign-in goes on the same either way.
   */
  async function register(userId: number, code: string | null | undefined): Promise<boolean> {
    if (!code) return false;
    if (!isReflink(code)) {
      log.info({ userId, reason: "malformed_code" }, "referral not registered");
      return false;
    }
    const outcome = await writer.write((tx) => {
      const partnerId = selectUserIdByReflink(tx, code) ?? null;
      const refusal = referralRefusal({
        userId,
        partnerId,
        currentPartnerId: selectPartnerOf(tx, userId) ?? null,
        partnerAncestors: partnerId === null ? [] : selectAncestors(tx, partnerId),
        hasCompletedOrder: hasCompletedOrder(tx, userId),
      });
      if (refusal !== null) return { refusal, partnerId };
      return insertReferral(tx, userId, partnerId!, iso(clock())) ? { refusal: null, partnerId } : { refusal: "already_referred" as const, partnerId };
    });
    if (outcome.refusal !== null) log.info({ userId, partnerId: outcome.partnerId, reason: outcome.refusal }, "referral not registered");
    return outcome.refusal === null;
  }

  return {
    recordView,
    register,

    /**
     * A referral code a sign-in carried: a code that came with a Telegram open (startapp, /start) is a view
     * of the link as well; then it is registered if it may be.
     */
    async joinWith(userId: number, code: string | null | undefined, via: ReferralVia): Promise<boolean> {
      if (code && via !== "link" && isReflink(code)) await recordView(code, { userId });
      return register(userId, code);
    },

    /** The cabinet's referral box: link, views, referrals, conversion, rate and the wallet. */
    async summary(userId: number): Promise<PartnerSummary> {
      return writer.read((tx) => {
        const reflink = selectReflink(tx, userId);
        if (reflink === undefined) throw new NotFoundError("User");
        const views = countViews(tx, userId);
        const referrals = countReferrals(tx, userId);
        const sums = selectLedgerSums(tx, userId);
        return {
          reflink,
          link: `${config.publicUrl}/${reflink}`,
          telegram_link: config.botUsername ? `https://t.me/${config.botUsername}?startapp=${reflink}` : null,
          views,
          referrals,
          conversion: conversionPercent(referrals, views),
          rate_percent: config.referralRatePercent,
          balance: sums.income_sum - sums.exp_sum,
          ...sums,
        };
      });
    },

    async ledger(userId: number, query: LedgerQuery) {
      return writer.read((tx) => ledgerPage(tx, userId, query));
    },

    async referrals(userId: number, query: ReferralsQuery): Promise<{ total: number; active: number; referrals: ReferralItem[]; next_cursor: number | null }> {
      return writer.read((tx) => {
        const limit = query.limit ?? PAGE_DEFAULT;
        const filter = query.filter === undefined ? null : query.filter === "active";
        const paged = page(selectReferralRows(tx, userId, filter, query.cursor ?? null, limit + 1), limit, (r) => r.id);
        return {
          total: countReferrals(tx, userId),
          active: countActiveReferrals(tx, userId),
          referrals: paged.rows.map((r) => ({ id: r.id, email: maskReferralEmail(r.email), orders_count: r.orders_count, income: r.income, active: r.orders_count > 0 })),
          next_cursor: paged.next_cursor,
        };
      });
    },

    /** Income from one of the caller's referrals; anyone else's referral is a 404. */
    async referral(userId: number, referralId: number) {
      return writer.read((tx) => {
        const referral = selectReferralEmail(tx, userId, referralId);
        if (!referral) throw new NotFoundError("Referral", `Referral ${referralId} not found`);
        // One referral's incomes: one per completed order of theirs, a short list.
        const rows = selectLedgerRows(tx, { userId, type: "income", sourceUserId: referralId, before: null, limit: 1000 });
        return { email: maskReferralEmail(referral.email), income_sum: rows.reduce((sum, r) => sum + r.amount, 0), entries: rows.map(entryOf) };
      });
    },

    /**
     * /refstat/store: the bonus history of a shop's owner, wholesale entries marked. The shop's bonus is its
     * owner's: the store view shows the owner's ledger under the shop's name. Someone who owns no shop: 404.
     */
    async store(userId: number, query: LedgerQuery) {
      return writer.read((tx) => {
        const shop = selectOwnedShop(tx, userId);
        if (!shop) throw new NotFoundError("Shop", "You own no shop.");
        return { shop, ...ledgerPage(tx, userId, query) };
      });
    },

    /** An admin's correction: a signed entry with a reason, never below zero, never an edit. */
    async adjust(adminId: number, userId: number, amount: number, reason: string): Promise<number> {
      if (amount === 0) throw new ValidationError("amount", "amount must be a signed whole number, not 0");
      const why = reason.trim();
      if (why.length < 3) throw new ValidationError("reason", "Give a reason for the correction");
      return writer.write((tx) => {
        if (!userExists(tx, userId)) throw new NotFoundError("User", `User ${userId} not found`);
        const balance = selectBonusBalance(tx, userId);
        if (balance + amount < 0) throw new ConflictError("BALANCE_NEGATIVE", `The balance is ${balance}: a correction of ${amount} would make it negative.`);
        insertAdjustment(tx, { user_id: userId, type: amount > 0 ? "income" : "exp", amount: Math.abs(amount), reason: why, actor_user_id: adminId, created_at: iso(clock()) });
        return balance + amount;
      });
    },
  };
}
