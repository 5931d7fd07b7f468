/**
 * Paying an order in TON (issue 15, design §7). The customer gets a quote (the amount in nanoTON at the
 * admin's rate, the shop's wallet, a comment unique to the order and quote) and reports the wallet's reply;
 * neither marks anything paid. An order is paid when the chain shows the transfer (`recordTransfers`, fed by
 * the watcher job) or when a manager confirms it by hand on the hand-over screen. Both go through one
 * conditional update in one unit of the store's writer with the order's event and its notices, so a payment
 * is confirmed exactly once whoever gets there first; a transaction hash is recorded once, ever.
 */
import { randomBytes } from "node:crypto";
import type { DB } from "../../db/connection";
import { insertOrderEvent, selectOrderRow, type OrderRow } from "../../db/repositories/orders";
import { selectIsAdmin, selectStaffShopIds } from "../../db/repositories/staffOrders";
import {
  confirmedByHand,
  insertQuote,
  insertTransfer,
  markOrderPaidIf,
  markQuoteSent,
  selectAdminIds,
  selectLatestQuote,
  selectQuoteOfShopByComment,
  selectSetting,
  selectShopWallet,
  selectTransfersOfOrder,
  selectWatchedShops,
  transferSeen,
  updateShopWallet,
  upsertSetting,
} from "../../db/repositories/ton";
import { writerOf, type Tx } from "../../db/writer";
import type { StaffOrder } from "../domain/contracts/staff";
import type { TonPayment, TonQuote } from "../domain/contracts/ton";
import { ConflictError, ForbiddenError, NotFoundError } from "../domain/errors";
import { HANDOVER_TEXTS, isStaff, staffsShop } from "../domain/handover";
import { PAYMENT_OPTIONS } from "../domain/orders";
import {
  awaitsCryptoPayment,
  checkBoc,
  commentPayload,
  CRYPTO_NEEDS_WALLET,
  formatTon,
  inFlightUntil,
  judgeTransfer,
  MESSAGE_TTL_MS,
  parseRate,
  parseWallet,
  QUOTE_TTL_MS,
  quoteComment,
  quoteNano,
  TON_RATE_SETTING,
  tonPaymentState,
  type ChainTransaction,
  type TonNetwork,
} from "../domain/ton";
import { tellPaid, tellRefundDue } from "./notices";

/** A quote made this long ago may still be paid: the watcher asks the chain about its shop this long. */
export const WATCH_QUOTES_FOR_MS = 24 * 3600_000;

export interface TonDeps {
  db: DB;
  clock: () => number;
  network: TonNetwork;
  /** The order as the hand-over screen shows it, for the answer to a manual confirmation. */
  staffOrder: (userId: number, orderId: number) => Promise<StaffOrder>;
}

export type Ton = ReturnType<typeof createTon>;

export type TransferOutcome = "paid" | "underpaid" | "refund_due" | "ignored" | "seen";

const iso = (ms: number) => new Date(ms).toISOString();

/** Where an order's crypto payment stands (null for other payments): part of every order view. */
export function tonPaymentOf(tx: Tx, row: Pick<OrderRow, "id" | "status" | "payment_option" | "payment_status">, nowMs: number): TonPayment | null {
  if (row.payment_option !== PAYMENT_OPTIONS.crypto) return null;
  const quote = selectLatestQuote(tx, row.id);
  const transfers = selectTransfersOfOrder(tx, row.id);
  const paid = transfers.find((t) => t.outcome === "paid");
  const last = transfers.at(-1);
  const underpaid = !paid && last?.outcome === "underpaid" ? last : undefined;
  const waitingUntil = quote?.message_valid_until ? inFlightUntil(Date.parse(quote.message_valid_until)) : null;
  const open = awaitsCryptoPayment(row);
  return {
    state: tonPaymentState({
      paymentStatus: row.payment_status,
      hasQuote: quote !== undefined,
      inFlight: waitingUntil !== null && waitingUntil > nowMs && open,
      underpaid: underpaid !== undefined,
    }),
    awaiting: open,
    quote:
      open && quote
        ? { address: quote.wallet, amount_nano: quote.amount_nano, amount_ton: formatTon(quote.amount_nano), comment: quote.comment, valid_until: quote.valid_until }
        : null,
    sent_at: quote?.sent_at ?? null,
    waiting_until: waitingUntil === null ? null : iso(waitingUntil),
    tx_hash: paid?.tx_hash ?? null,
    underpaid_ton: underpaid ? formatTon(underpaid.amount_nano) : null,
    confirmed_by_hand: row.payment_status === "S" && confirmedByHand(tx, row.id),
  };
}

export function createTon({ db, clock, network, staffOrder }: TonDeps) {
  const writer = writerOf(db);

  /** The customer's own order that may be paid in TON now; anyone else's is a 404. */
  function payableOrder(tx: Tx, userId: number, orderId: number): OrderRow {
    const row = selectOrderRow(tx, orderId);
    if (!row || row.user_id !== userId) throw new NotFoundError("Order", `Order ${orderId} not found`);
    if (row.payment_option !== PAYMENT_OPTIONS.crypto) throw new ConflictError("NOT_CRYPTO_ORDER", "This order is not paid in crypto.");
    if (row.payment_status === "S") throw new ConflictError("ORDER_PAID", "This order is paid already.");
    if (row.status !== "N" && row.status !== "W") throw new ConflictError("ORDER_NOT_PAYABLE", "Only a new or taken order can be paid: this one is pending, done or canceled.");
    return row;
  }

  /** Records what the chain showed for one transaction of a shop's wallet, in its own unit. */
  function recordOne(tx: Tx, shopId: number, wallet: string, chainTx: ChainTransaction, nowMs: number): TransferOutcome {
    if (transferSeen(tx, chainTx.hash)) return "seen";
    const verdict = judgeTransfer(chainTx, wallet, (comment) => selectQuoteOfShopByComment(tx, shopId, comment));
    if (verdict.kind === "ignore") return "ignored";
    const now = iso(nowMs);
    const order = selectOrderRow(tx, verdict.quote.order_id)!;
    const amountTon = formatTon(chainTx.value!);
    const transfer = {
      tx_hash: chainTx.hash,
      order_id: order.id,
      quote_id: verdict.quote.id,
      amount_nano: chainTx.value!,
      source: chainTx.source,
      comment: verdict.quote.comment,
      tx_time: iso(chainTx.now * 1000),
      seen_at: now,
    };
    const event = (type: string, data: object) =>
      insertOrderEvent(tx, { order_id: order.id, type, from_status: order.status, to_status: order.status, actor_user_id: null, created_at: now, data: { tx_hash: chainTx.hash, amount_nano: chainTx.value, ...data } });

    if (!verdict.enough) {
      insertTransfer(tx, { ...transfer, outcome: "underpaid" });
      event("ton_underpaid", { quoted_nano: verdict.quote.amount_nano });
      return "underpaid";
    }
    if (markOrderPaidIf(tx, order.id, now)) {
      insertTransfer(tx, { ...transfer, outcome: "paid" });
      event("ton_paid", { quote_id: verdict.quote.id });
      tellPaid(tx, order.id, { amount_ton: amountTon, tx_hash: chainTx.hash }, now);
      return "paid";
    }
    // A manager confirmed it by hand before the chain showed it: this transaction is the proof of it.
    const paidBefore = selectTransfersOfOrder(tx, order.id).some((t) => t.outcome === "paid");
    if (order.payment_status === "S" && !paidBefore && confirmedByHand(tx, order.id)) {
      insertTransfer(tx, { ...transfer, outcome: "paid" });
      event("ton_paid", { quote_id: verdict.quote.id, confirmed_by_hand_before: true });
      return "paid";
    }
    // Canceled or expired meanwhile, or paid already: the money goes back, by an admin.
    insertTransfer(tx, { ...transfer, outcome: "refund_due" });
    const reason = order.payment_status === "S" ? "paid_twice" : "order_closed";
    event("ton_refund_due", { reason });
    tellRefundDue(tx, selectAdminIds(tx), { order_id: order.id, amount_ton: amountTon, tx_hash: chainTx.hash, source: chainTx.source, reason }, now);
    return "refund_due";
  }

  return {
    /**
     * The quote for an order paid in crypto: the newest one while its rate holds (15 minutes), else a new one
     * at the rate of the moment, with a new comment.
     */
    async quote(userId: number, orderId: number): Promise<TonQuote> {
      return writer.write((tx) => {
        const row = payableOrder(tx, userId, orderId);
        const wallet = selectShopWallet(tx, row.shop_id);
        if (!wallet) throw new ConflictError("NO_SHOP_WALLET", CRYPTO_NEEDS_WALLET);
        const rate = selectSetting(tx, TON_RATE_SETTING);
        if (!rate) throw new ConflictError("NO_TON_RATE", "Crypto payment is not open yet: the store has not set its TON rate.");
        const nowMs = clock();
        const latest = selectLatestQuote(tx, orderId);
        const reusable =
          latest && Date.parse(latest.valid_until) > nowMs && latest.wallet === wallet && latest.amount_thb === row.discounted_price && latest.thb_per_ton === rate.value;
        const quote =
          reusable
            ? latest
            : insertQuote(tx, {
                order_id: orderId,
                comment: quoteComment(orderId, randomBytes(4).toString("hex").toUpperCase()),
                wallet,
                amount_thb: row.discounted_price,
                amount_nano: quoteNano(row.discounted_price, rate.value),
                thb_per_ton: rate.value,
                quoted_at: iso(nowMs),
                valid_until: iso(nowMs + QUOTE_TTL_MS),
              });
        return {
          address: quote.wallet,
          amount_nano: quote.amount_nano,
          amount_ton: formatTon(quote.amount_nano),
          comment: quote.comment,
          payload: commentPayload(quote.comment),
          valid_until: quote.valid_until,
          thb_per_ton: quote.thb_per_ton,
          rate_set_at: rate.updated_at,
        };
      });
    },

    /**
     * The wallet's reply, as the mini-app passed it on: kept, and the order's hold waits for the message until
     * its validUntil (at most 5 minutes from now) plus the grace. It marks nothing paid.
     */
    async sent(userId: number, orderId: number, boc: string): Promise<TonPayment> {
      const reply = checkBoc(boc);
      return writer.write((tx) => {
        const row = payableOrder(tx, userId, orderId);
        const quote = selectLatestQuote(tx, orderId);
        if (!quote) throw new ConflictError("NO_TON_QUOTE", "Ask for the amount to pay first.");
        const nowMs = clock();
        markQuoteSent(tx, quote.id, reply, iso(nowMs), iso(nowMs + MESSAGE_TTL_MS));
        insertOrderEvent(tx, { order_id: orderId, type: "ton_sent", from_status: row.status, to_status: row.status, actor_user_id: userId, created_at: iso(nowMs), data: { quote_id: quote.id } });
        return tonPaymentOf(tx, row, nowMs)!;
      });
    },

    /** The transactions the chain shows on a shop's wallet: each new one judged and recorded in its own unit. */
    async recordTransfers(shopId: number, wallet: string, transactions: readonly ChainTransaction[]): Promise<Record<TransferOutcome, number>> {
      const counts: Record<TransferOutcome, number> = { paid: 0, underpaid: 0, refund_due: 0, ignored: 0, seen: 0 };
      // Oldest first: when two transfers pay one order, the earlier one is the payment.
      const ordered = [...transactions].sort((a, b) => a.now - b.now);
      for (const chainTx of ordered) {
        counts[await writer.write((tx) => recordOne(tx, shopId, wallet, chainTx, clock()))]++;
      }
      return counts;
    },

    /** The shops whose wallets the watcher asks about, and since when (unix seconds). */
    async watchedShops(): Promise<{ shopId: number; wallet: string; sinceS: number }[]> {
      const rows = await writer.read((tx) => selectWatchedShops(tx, iso(clock() - WATCH_QUOTES_FOR_MS)));
      return rows.map((r) => ({ shopId: r.shop_id, wallet: r.wallet, sinceS: Math.floor(Date.parse(r.from) / 1000) }));
    },

    /**
     * A manager (or an admin) confirms a crypto payment by hand on the hand-over screen: without an indexer,
     * or while it is down. Audited with who did it; of this and the watcher, exactly one marks it paid.
     */
    async confirmByHand(userId: number, orderId: number): Promise<StaffOrder> {
      await writer.write((tx) => {
        const actor = { userId, isAdmin: selectIsAdmin(tx, userId), shopIds: selectStaffShopIds(tx, userId) };
        if (!isStaff(actor)) throw new ForbiddenError();
        const row = selectOrderRow(tx, orderId);
        if (!row) throw new NotFoundError("Order", `Order ${orderId} not found`);
        if (!staffsShop(actor, row.shop_id)) throw new ForbiddenError(HANDOVER_TEXTS.notValidManager, "NOT_VALID_MANAGER");
        if (row.payment_option !== PAYMENT_OPTIONS.crypto) throw new ConflictError("NOT_CRYPTO_ORDER", "This order is not paid in crypto.");
        const now = iso(clock());
        if (!markOrderPaidIf(tx, orderId, now)) {
          if (row.payment_status === "S") throw new ConflictError("ORDER_PAID", "This order is paid already.");
          throw new ConflictError("ORDER_CLOSED", "This order is done or canceled: it can no longer be changed.");
        }
        insertOrderEvent(tx, { order_id: orderId, type: "ton_confirmed_by_hand", from_status: row.status, to_status: row.status, actor_user_id: userId, created_at: now });
        tellPaid(tx, orderId, { amount_ton: null, tx_hash: null }, now);
      });
      return staffOrder(userId, orderId);
    },

    /** Admin: a shop's TON wallet, checked for the store's network. */
    async setShopWallet(shopId: number, text: string): Promise<{ shop_id: number; ton_wallet: string }> {
      const wallet = parseWallet(text, network);
      return writer.write((tx) => {
        if (!updateShopWallet(tx, shopId, wallet)) throw new NotFoundError("Shop", `Shop ${shopId} not found`);
        return { shop_id: shopId, ton_wallet: wallet };
      });
    },

    /** Admin: Baht for one TON; quotes made from now on use it. */
    async setRate(value: number): Promise<{ thb_per_ton: string; updated_at: string }> {
      const rate = parseRate(value);
      return writer.write((tx) => {
        const now = iso(clock());
        upsertSetting(tx, TON_RATE_SETTING, rate, now);
        return { thb_per_ton: rate, updated_at: now };
      });
    },
  };
}
