/**
 * The customer's side of paying an order in TON (issue 15, design §7), and the manager's confirmation by hand.
 * The customer gets a quote (the amount in nanoTON at the admin's rate, the shop's wallet, a comment unique to
 * the order and quote) and reports the wallet's reply; neither marks anything paid. An order is paid when the
 * chain shows the transfer (tonReconciliation.ts) or when a manager confirms it by hand on the hand-over
 * screen (`confirmByHand`). Both lock the order's row and mark it paid by one conditional update in one unit
 * with the order's event and its notices, so a payment is confirmed exactly once whoever gets there first.
 * `tonPaymentOf` is where a crypto payment stands, part of every order view.
 */
import { randomBytes } from "node:crypto";
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import { insertOrderEvent, selectOrderRow, type OrderRow } from "../../db/repositories/orders";
import { selectStaffShopIds } from "../../db/repositories/staffOrders";
import {
  confirmedByHand,
  insertQuote,
  markOrderPaidIf,
  markQuoteSent,
  selectLatestQuote,
  selectSetting,
  selectShopWallet,
  selectTransfersOfOrder,
} from "../../db/repositories/ton";
import { isAdmin } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
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
  MESSAGE_TTL_MS,
  QUOTE_TTL_MS,
  quoteComment,
  quoteNano,
  TON_RATE_SETTING,
  tonPaymentState,
} from "../domain/ton";
import { tellPaid } from "./notices";

export interface TonPaymentsDeps {
  db: DB;
  clock: () => number;
  /** The order as the hand-over screen shows it, for the answer to a manual confirmation. */
  staffOrder: (userId: number, orderId: number) => Promise<StaffOrder>;
}

export type TonPayments = ReturnType<typeof createTonPayments>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Where an order's crypto payment stands (null for other payments): part of every order view. */
export async function tonPaymentOf(
  tx: Executor,
  row: Pick<OrderRow, "id" | "status" | "payment_option" | "payment_status">,
  nowMs: number,
): Promise<TonPayment | null> {
  if (row.payment_option !== PAYMENT_OPTIONS.crypto) return null;
  const quote = await selectLatestQuote(tx, row.id);
  const transfers = await selectTransfersOfOrder(tx, row.id);
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
        ? {
            address: quote.wallet,
            amount_nano: quote.amount_nano,
            amount_ton: formatTon(quote.amount_nano),
            comment: quote.comment,
            valid_until: quote.valid_until,
          }
        : null,
    sent_at: quote?.sent_at ?? null,
    waiting_until: waitingUntil === null ? null : iso(waitingUntil),
    tx_hash: paid?.tx_hash ?? null,
    underpaid_ton: underpaid ? formatTon(underpaid.amount_nano) : null,
    confirmed_by_hand: row.payment_status === "S" && (await confirmedByHand(tx, row.id)),
  };
}

export function createTonPayments({ db, clock, staffOrder }: TonPaymentsDeps) {
  const units = unitOfWorkOf(db).named("tonPayments");

  /** The customer's own order that may be paid in TON now; anyone else's is a 404. */
  async function payableOrder(tx: Executor, userId: number, orderId: number): Promise<OrderRow> {
    const row = await selectOrderRow(tx, orderId);
    if (!row || row.user_id !== userId) throw new NotFoundError("Order", "Order {id} not found", { id: orderId });
    if (row.payment_option !== PAYMENT_OPTIONS.crypto) throw new ConflictError("NOT_CRYPTO_ORDER", "This order is not paid in crypto.");
    if (row.payment_status === "S") throw new ConflictError("ORDER_PAID", "This order is paid already.");
    if (row.status !== "N" && row.status !== "W") {
      throw new ConflictError("ORDER_NOT_PAYABLE", "Only a new or taken order can be paid: this one is pending, done or canceled.");
    }
    return row;
  }

  return {
    /**
     * The quote for an order paid in crypto: the newest one while its rate holds (15 minutes), else a new one
     * at the rate of the moment, with a new comment.
     */
    async quote(userId: number, orderId: number): Promise<TonQuote> {
      return units.write("quote", async (tx) => {
        const row = await payableOrder(tx, userId, orderId);
        const wallet = await selectShopWallet(tx, row.shop_id);
        if (!wallet) throw new ConflictError("NO_SHOP_WALLET", CRYPTO_NEEDS_WALLET);
        const rate = await selectSetting(tx, TON_RATE_SETTING);
        if (!rate) throw new ConflictError("NO_TON_RATE", "Crypto payment is not open yet: the store has not set its TON rate.");
        const nowMs = clock();
        const latest = await selectLatestQuote(tx, orderId);
        const reusable =
          latest &&
          Date.parse(latest.valid_until) > nowMs &&
          latest.wallet === wallet &&
          latest.amount_thb === row.discounted_price &&
          latest.thb_per_ton === rate.value;
        const quote = reusable
          ? latest
          : await insertQuote(tx, {
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
      return units.write("sent", async (tx) => {
        // The hold's expiry locks the order too: a 'sent' report and an expiry are ordered, never interleaved.
        await lockRows(tx, "orders", [orderId]);
        const row = await payableOrder(tx, userId, orderId);
        const quote = await selectLatestQuote(tx, orderId);
        if (!quote) throw new ConflictError("NO_TON_QUOTE", "Ask for the amount to pay first.");
        const nowMs = clock();
        await markQuoteSent(tx, quote.id, reply, iso(nowMs), iso(nowMs + MESSAGE_TTL_MS));
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "ton_sent",
          from_status: row.status,
          to_status: row.status,
          actor_user_id: userId,
          created_at: iso(nowMs),
          data: { quote_id: quote.id },
        });
        return (await tonPaymentOf(tx, row, nowMs))!;
      });
    },

    /**
     * A manager (or an admin) confirms a crypto payment by hand on the hand-over screen: without an indexer,
     * or while it is down. Audited with who did it; of this and the watcher, exactly one marks it paid.
     */
    async confirmByHand(userId: number, orderId: number): Promise<StaffOrder> {
      await units.write("confirmByHand", async (tx) => {
        const actor = { userId, isAdmin: await isAdmin(tx, userId), shopIds: await selectStaffShopIds(tx, userId) };
        if (!isStaff(actor)) throw new ForbiddenError();
        // The watcher's unit for this order waits here (or this one waits for it): what is read next is current.
        await lockRows(tx, "orders", [orderId]);
        const row = await selectOrderRow(tx, orderId);
        if (!row) throw new NotFoundError("Order", "Order {id} not found", { id: orderId });
        if (!staffsShop(actor, row.shop_id)) throw new ForbiddenError(HANDOVER_TEXTS.notValidManager, "NOT_VALID_MANAGER");
        if (row.payment_option !== PAYMENT_OPTIONS.crypto) throw new ConflictError("NOT_CRYPTO_ORDER", "This order is not paid in crypto.");
        const now = iso(clock());
        if (!(await markOrderPaidIf(tx, orderId, now))) {
          if (row.payment_status === "S") throw new ConflictError("ORDER_PAID", "This order is paid already.");
          throw new ConflictError("ORDER_CLOSED", "This order is done or canceled: it can no longer be changed.");
        }
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "ton_confirmed_by_hand",
          from_status: row.status,
          to_status: row.status,
          actor_user_id: userId,
          created_at: now,
        });
        await tellPaid(tx, orderId, { amount_ton: null, tx_hash: null }, now);
      });
      return staffOrder(userId, orderId);
    },
  };
}
