/**
 * The referral programme and the bonus wallet (design §5, issue 13): link views, registering a referral at
 * sign-in, the referrer's income when a referred customer's order is completed (exactly once, in the same
 * transaction as the completion), the partner's figures and history, and an admin's audited corrections.
 * Every use case is a unit of work (db/unitOfWork.ts); a rule that reads a balance or the referral chain and
 * then writes locks the users rows it reads first (db/locks.ts), so it holds when units run side by side.
 */
import { createHash } from "node:crypto";
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import {
  bonusBalance,
  insertAdjustment,
  insertReferralIncome,
  ledgerSums,
  selectLedgerRows,
  type LedgerRow,
} from "../../db/repositories/ledger";
import {
  countActiveReferrals,
  countReferrals,
  countViews,
  hasCompletedOrder,
  insertReferral,
  insertView,
  selectAncestors,
  selectPartnerOf,
  selectOwnedShop,
  referralIncomeSum,
  selectReferralEmail,
  selectReferralRows,
  selectReflink,
  selectUserIdByReflink,
  userExists,
} from "../../db/repositories/referrals";
import { enqueueNotification } from "../../db/repositories/outbox";
import { unitOfWorkOf } from "../../db/unitOfWork";
import type {
  BonusEntry,
  LedgerQuery,
  PartnerSummary,
  ReferralDetailQuery,
  ReferralCode,
  ReferralItem,
  ReferralsQuery,
} from "../domain/contracts/partner";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { orderDedupeKey } from "../domain/notifications";
import { pageOf } from "../domain/paging";
import type { ReferralVia } from "./auth";
import {
  conversionPercent,
  isReflink,
  maskReferralEmail,
  paidInMoney,
  referralIncome,
  referralRefusal,
  telegramReferralLink,
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
      row.order_id === null
        ? null
        : { id: row.order_id, store: row.shop_name ?? "", item_count: row.item_count ?? 0, total_price: row.order_total ?? 0 },
  };
}

/**
 * The referrer's income from an order that has just become S, inside the completing unit: the rate of what
 * the buyer paid in money, rounded down, once per order (the ledger's unique key decides, so a second
 * completion, or two at once, add nothing), and the referrer told.
 */
export async function creditReferrer(
  tx: Executor,
  order: { id: number; user_id: number; discounted_price: number; bonus_used: number },
  ratePercent: number,
  now: string,
): Promise<number> {
  const partnerId = await selectPartnerOf(tx, order.user_id);
  if (partnerId === undefined) return 0;
  const amount = referralIncome(paidInMoney(order.discounted_price, order.bonus_used), ratePercent);
  if (amount <= 0) return 0;
  const income = { partner_id: partnerId, amount, order_id: order.id, source_user_id: order.user_id, created_at: now };
  if (!(await insertReferralIncome(tx, income))) return 0;
  await enqueueNotification(
    tx,
    {
      kind: "referral_income",
      user_id: partnerId,
      order_id: order.id,
      dedupe_key: orderDedupeKey("referral_income", order.id),
      payload: { order_id: order.id, amount, balance: await bonusBalance(tx, partnerId) },
    },
    now,
  );
  return amount;
}

/**
 * The referrers above `partnerId`, read with the users rows of the referral, the partner and that chain
 * locked: a registration that would close a cycle through them waits for this unit, then reads its
 * referral. Locks are taken in one ascending batch; only when a registration committed between the read
 * and the lock (the chain grew at its top) does a second batch lock the new referrers.
 */
async function lockedAncestors(tx: Executor, userId: number, partnerId: number): Promise<number[]> {
  const locked = new Set<number>();
  let chain = await selectAncestors(tx, partnerId);
  for (;;) {
    const more = [...new Set([userId, partnerId, ...chain])].filter((id) => !locked.has(id));
    if (more.length === 0) return chain;
    await lockRows(tx, "users", more);
    for (const id of more) locked.add(id);
    chain = await selectAncestors(tx, partnerId);
  }
}

export function createPartner({ db, clock, config, log }: PartnerDeps) {
  const units = unitOfWorkOf(db).named("partner");
  const iso = (ms: number) => new Date(ms).toISOString();

  async function ledgerPage(tx: Executor, userId: number, query: LedgerQuery) {
    const limit = query.limit ?? PAGE_DEFAULT;
    const filter = { userId, type: query.type ?? null, sourceUserId: null, before: query.cursor ?? null, limit: limit + 1 };
    const rows = await selectLedgerRows(tx, filter);
    const paged = pageOf(rows, limit);
    const { balance, income_sum, exp_sum } = await ledgerSums(tx, userId);
    return { entries: paged.rows.map(entryOf), balance, income_sum, exp_sum, next_cursor: paged.next_cursor };
  }

  /** Counts a view of a link: once per viewer per link per island day; the owner's own views, and unknown codes, count nothing. */
  async function recordView(code: string, viewer: Viewer): Promise<void> {
    if (!isReflink(code)) return;
    const nowMs = clock();
    const key =
      "userId" in viewer
        ? `${viewDay(nowMs)}:u:${viewer.userId}`
        : `${viewDay(nowMs)}:c:${createHash("sha256").update(`${viewer.ip}\n${viewer.userAgent}`).digest("base64url").slice(0, 22)}`;
    await units.write("recordView", async (tx) => {
      const partnerId = await selectUserIdByReflink(tx, code);
      if (partnerId === undefined || ("userId" in viewer && viewer.userId === partnerId)) return;
      await insertView(tx, partnerId, key, iso(nowMs));
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
    const outcome = await units.write("register", async (tx) => {
      const partnerId = (await selectUserIdByReflink(tx, code)) ?? null;
      // Locked first: the chain read must stay true until this unit has written its referral.
      const partnerAncestors = partnerId === null ? [] : await lockedAncestors(tx, userId, partnerId);
      const refusal = referralRefusal({
        userId,
        partnerId,
        currentPartnerId: (await selectPartnerOf(tx, userId)) ?? null,
        partnerAncestors,
        hasCompletedOrder: await hasCompletedOrder(tx, userId),
      });
      if (refusal !== null) return { refusal, partnerId };
      // The primary key decides between two registrations of one user at once.
      const written = await insertReferral(tx, userId, partnerId!, iso(clock()));
      return written ? { refusal: null, partnerId } : { refusal: "already_referred" as const, partnerId };
    });
    if (outcome.refusal !== null) log.info({ userId, partnerId: outcome.partnerId, reason: outcome.refusal }, "referral not registered");
    return outcome.refusal === null;
  }

  return {
    recordView,

    /**
     * Whether a referral code belongs to someone: the mini-app's `/{reflink}` keeps a real code and goes home,
     * and shows its 'Page not found' for any other path.
     */
    async referralCode(code: string): Promise<ReferralCode> {
      const owner = await units.read("referralCode", (tx) => selectUserIdByReflink(tx, code));
      if (owner === undefined) throw new NotFoundError("Referral code", "Referral code {code} not found", { code });
      return { code };
    },
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
      return units.read("summary", async (tx) => {
        const reflink = await selectReflink(tx, userId);
        if (reflink === undefined) throw new NotFoundError("User", "User not found");
        const views = await countViews(tx, userId);
        const referrals = await countReferrals(tx, userId);
        const { balance, income_sum, exp_sum } = await ledgerSums(tx, userId);
        return {
          reflink,
          link: `${config.publicUrl}/${reflink}`,
          telegram_link: config.botUsername ? telegramReferralLink(config.botUsername, reflink) : null,
          views,
          referrals,
          conversion: conversionPercent(referrals, views),
          rate_percent: config.referralRatePercent,
          balance,
          income_sum,
          exp_sum,
        };
      });
    },

    async ledger(userId: number, query: LedgerQuery) {
      return units.read("ledger", (tx) => ledgerPage(tx, userId, query));
    },

    async referrals(
      userId: number,
      query: ReferralsQuery,
    ): Promise<{ total: number; active: number; referrals: ReferralItem[]; next_cursor: number | null }> {
      return units.read("referrals", async (tx) => {
        const limit = query.limit ?? PAGE_DEFAULT;
        const filter = query.filter === undefined ? null : query.filter === "active";
        const paged = pageOf(await selectReferralRows(tx, userId, filter, query.cursor ?? null, limit + 1), limit);
        return {
          total: await countReferrals(tx, userId),
          active: await countActiveReferrals(tx, userId),
          referrals: paged.rows.map((r) => ({
            id: r.id,
            email: maskReferralEmail(r.email),
            orders_count: r.orders_count,
            income: r.income,
            active: r.orders_count > 0,
          })),
          next_cursor: paged.next_cursor,
        };
      });
    },

    /**
     * Income from one of the caller's referrals, newest first a page at a time (one entry per completed order
     * of theirs: a regular grows it every week), with the sum of all of it; anyone else's referral is a 404.
     */
    async referral(userId: number, referralId: number, query: ReferralDetailQuery = {}) {
      return units.read("referral", async (tx) => {
        const referral = await selectReferralEmail(tx, userId, referralId);
        if (!referral) throw new NotFoundError("Referral", "Referral {id} not found", { id: referralId });
        const limit = query.limit ?? PAGE_DEFAULT;
        const filter = { userId, type: "income" as const, sourceUserId: referralId, before: query.cursor ?? null, limit: limit + 1 };
        const paged = pageOf(await selectLedgerRows(tx, filter), limit);
        return {
          email: maskReferralEmail(referral.email),
          income_sum: await referralIncomeSum(tx, userId, referralId),
          entries: paged.rows.map(entryOf),
          next_cursor: paged.next_cursor,
        };
      });
    },

    /**
     * /refstat/store: the bonus history of a shop's owner, wholesale entries marked. The shop's bonus is its
     * owner's: the store view shows the owner's ledger under the shop's name. Someone who owns no shop: 404.
     */
    async store(userId: number, query: LedgerQuery) {
      return units.read("store", async (tx) => {
        const shop = await selectOwnedShop(tx, userId);
        if (!shop) throw new NotFoundError("Shop", "You own no shop.");
        return { shop, ...(await ledgerPage(tx, userId, query)) };
      });
    },

    /**
     * An admin's correction: a signed entry with a reason, never below zero, never an edit. The user's row is
     * locked before the balance is read, so a bonus payment or another correction at once waits, then sees it.
     */
    async adjust(adminId: number, userId: number, amount: number, reason: string): Promise<number> {
      if (amount === 0) throw new ValidationError("amount", "amount must be a signed whole number, not 0");
      const why = reason.trim();
      if (why.length < 3) throw new ValidationError("reason", "Give a reason for the correction");
      return units.write("adjust", async (tx) => {
        await lockRows(tx, "users", [userId]);
        if (!(await userExists(tx, userId))) throw new NotFoundError("User", "User {id} not found", { id: userId });
        const balance = await bonusBalance(tx, userId);
        if (balance + amount < 0)
          throw new ConflictError("BALANCE_NEGATIVE", "The balance is {balance}: a correction of {amount} would make it negative.", {
            balance,
            amount,
          });
        await insertAdjustment(tx, {
          user_id: userId,
          type: amount > 0 ? "income" : "exp",
          amount: Math.abs(amount),
          reason: why,
          actor_user_id: adminId,
          created_at: iso(clock()),
        });
        return balance + amount;
      });
    },
  };
}
