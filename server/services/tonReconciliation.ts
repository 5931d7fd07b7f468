/**
 * Matching what the chain shows to orders (issue 15): the watcher (server/jobs/tonWatcher.ts) reads a shop
 * wallet's transactions from the chain, outside any unit, and hands them here; each new one is judged and
 * recorded in a unit of its own. A transaction hash is recorded once, ever (its unique key, claimed before
 * anything else the unit writes); an order is marked paid by one conditional update on its locked row, so of
 * the watcher and a manager confirming by hand (tonPayments.ts) exactly one pays it.
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import { insertOrderEvent, selectOrderRow } from "../../db/repositories/orders";
import {
  confirmedByHand,
  insertTransfer,
  markOrderPaidIf,
  selectAdminIds,
  selectQuoteOfShopByComment,
  selectTransfersOfOrder,
  selectWatchedShops,
  transferSeen,
  type TransferRow,
} from "../../db/repositories/ton";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { awaitsCryptoPayment, formatTon, judgeTransfer, type ChainTransaction } from "../domain/ton";
import { tellPaid, tellRefundDue } from "./notices";

/** A quote made this long ago may still be paid: the watcher asks the chain about its shop this long. */
export const WATCH_QUOTES_FOR_MS = 24 * 3600_000;

export interface TonReconciliationDeps {
  db: DB;
  clock: () => number;
}

export type TonReconciliation = ReturnType<typeof createTonReconciliation>;

export type TransferOutcome = "paid" | "underpaid" | "refund_due" | "ignored" | "seen";

const iso = (ms: number) => new Date(ms).toISOString();

/** Records what the chain showed for one transaction of a shop's wallet, inside its unit. */
async function recordOne(tx: Executor, shopId: number, wallet: string, chainTx: ChainTransaction, nowMs: number): Promise<TransferOutcome> {
  if (await transferSeen(tx, chainTx.hash)) return "seen";
  const quote = chainTx.comment === null ? undefined : await selectQuoteOfShopByComment(tx, shopId, chainTx.comment);
  const verdict = judgeTransfer(chainTx, wallet, (comment) => (comment === quote?.comment ? quote : undefined));
  if (verdict.kind === "ignore") return "ignored";
  // A manager confirming this order by hand waits for this unit (or this one for theirs): the order read next is current.
  await lockRows(tx, "orders", [verdict.quote.order_id]);
  const order = (await selectOrderRow(tx, verdict.quote.order_id))!;
  const now = iso(nowMs);
  const amountTon = formatTon(chainTx.value!);
  const paysNow = verdict.enough && awaitsCryptoPayment(order);
  // A manager confirmed it by hand before the chain showed it: this transaction is the proof of it.
  const provesHand =
    verdict.enough &&
    !paysNow &&
    order.payment_status === "S" &&
    !(await selectTransfersOfOrder(tx, order.id)).some((t) => t.outcome === "paid") &&
    (await confirmedByHand(tx, order.id));
  const outcome: TransferRow["outcome"] = !verdict.enough ? "underpaid" : paysNow || provesHand ? "paid" : "refund_due";

  // The hash first: a unit beside this one that recorded it already wins, and this one writes nothing.
  const claimed = await insertTransfer(tx, {
    tx_hash: chainTx.hash,
    order_id: order.id,
    quote_id: verdict.quote.id,
    amount_nano: chainTx.value!,
    source: chainTx.source,
    comment: verdict.quote.comment,
    tx_time: iso(chainTx.now * 1000),
    seen_at: now,
    outcome,
  });
  if (!claimed) return "seen";
  const event = (type: string, data: object) =>
    insertOrderEvent(tx, {
      order_id: order.id,
      type,
      from_status: order.status,
      to_status: order.status,
      actor_user_id: null,
      created_at: now,
      data: { tx_hash: chainTx.hash, amount_nano: chainTx.value, ...data },
    });

  if (outcome === "underpaid") {
    await event("ton_underpaid", { quoted_nano: verdict.quote.amount_nano });
    return "underpaid";
  }
  if (paysNow) {
    // Cannot fail under the lock; if it ever did, the unit (its claim too) is rolled back and the next tick retries.
    if (!(await markOrderPaidIf(tx, order.id, now))) throw new Error(`TON: order ${order.id} changed while its row was locked`);
    await event("ton_paid", { quote_id: verdict.quote.id });
    await tellPaid(tx, order.id, { amount_ton: amountTon, tx_hash: chainTx.hash }, now);
    return "paid";
  }
  if (provesHand) {
    await event("ton_paid", { quote_id: verdict.quote.id, confirmed_by_hand_before: true });
    return "paid";
  }
  // Canceled or expired meanwhile, or paid already: the money goes back, by an admin.
  const reason = order.payment_status === "S" ? "paid_twice" : "order_closed";
  await event("ton_refund_due", { reason });
  const refund = { order_id: order.id, amount_ton: amountTon, tx_hash: chainTx.hash, source: chainTx.source, reason } as const;
  await tellRefundDue(tx, await selectAdminIds(tx), refund, now);
  return "refund_due";
}

export function createTonReconciliation({ db, clock }: TonReconciliationDeps) {
  const units = unitOfWorkOf(db).named("tonReconciliation");

  return {
    /**
     * The transactions the chain shows on a shop's wallet (read by the caller before this): each new one judged
     * and recorded in its own unit.
     */
    async recordTransfers(
      shopId: number,
      wallet: string,
      transactions: readonly ChainTransaction[],
    ): Promise<Record<TransferOutcome, number>> {
      const counts: Record<TransferOutcome, number> = { paid: 0, underpaid: 0, refund_due: 0, ignored: 0, seen: 0 };
      // Oldest first: when two transfers pay one order, the earlier one is the payment.
      const ordered = [...transactions].sort((a, b) => a.now - b.now);
      for (const chainTx of ordered) {
        counts[await units.write("recordTransfer", (tx) => recordOne(tx, shopId, wallet, chainTx, clock()))]++;
      }
      return counts;
    },

    /** The shops whose wallets the watcher asks about, and since when (unix seconds). */
    async watchedShops(): Promise<{ shopId: number; wallet: string; sinceS: number }[]> {
      const rows = await units.read("watchedShops", (tx) => selectWatchedShops(tx, iso(clock() - WATCH_QUOTES_FOR_MS)));
      return rows.map((r) => ({ shopId: r.shop_id, wallet: r.wallet, sinceS: Math.floor(Date.parse(r.from) / 1000) }));
    },
  };
}
