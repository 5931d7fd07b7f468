/**
 * TON payment (issue 15): quotes, transfers seen on the chain, the shops' wallets and the rate. The caller's
 * unit of work (db/unitOfWork.ts) owns the transaction, so a confirmation is written in the same unit as the
 * order's change, its event and its notices.
 */
import type { Selectable } from "kysely";
import { PAYMENT_OPTIONS } from "../../server/domain/orders";
import { prepareQuery } from "../compiledQuery";
import type { Executor } from "../executor";
import type { TonQuotesTable, TonTransfersTable } from "../schema";

export type QuoteRow = Selectable<TonQuotesTable>;
export type TransferRow = Selectable<TonTransfersTable>;

/** The orders that may still be paid in crypto (`awaitsCryptoPayment`): new or taken, crypto, unpaid. */
const AWAITING_STATUSES = ["N", "W"] as const;

export async function selectSetting(tx: Executor, key: string): Promise<{ value: string; updated_at: string } | undefined> {
  return tx.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", key).executeTakeFirst();
}

export async function upsertSetting(tx: Executor, key: string, value: string, now: string): Promise<void> {
  await tx
    .insertInto("settings")
    .values({ key, value, updated_at: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
    )
    .execute();
}

/** A shop's wallet, or null when it has none; undefined when there is no such shop (or it was deleted). */
const shopWallet = prepareQuery<{ shopId: number }, { ton_wallet: string | null }>((v, _n, tx) =>
  tx.selectFrom("shops").select("ton_wallet").where("id", "=", v.shopId).where("is_deleted", "=", 0),
);

export async function selectShopWallet(tx: Executor, shopId: number): Promise<string | null | undefined> {
  const {
    rows: [row],
  } = await shopWallet.execute(tx, { shopId });
  return row ? row.ton_wallet : undefined;
}

export async function updateShopWallet(tx: Executor, shopId: number, wallet: string): Promise<boolean> {
  const result = await tx
    .updateTable("shops")
    .set({ ton_wallet: wallet })
    .where("id", "=", shopId)
    .where("is_deleted", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order's newest quote. */
export async function selectLatestQuote(tx: Executor, orderId: number): Promise<QuoteRow | undefined> {
  return tx.selectFrom("ton_quotes").selectAll().where("order_id", "=", orderId).orderBy("id", "desc").limit(1).executeTakeFirst();
}

export async function insertQuote(tx: Executor, q: Omit<QuoteRow, "id" | "sent_at" | "boc" | "message_valid_until">): Promise<QuoteRow> {
  return tx.insertInto("ton_quotes").values(q).returningAll().executeTakeFirstOrThrow();
}

/** The wallet's reply for a quote, and until when its message may still arrive. */
export async function markQuoteSent(tx: Executor, quoteId: number, boc: string, now: string, messageValidUntil: string): Promise<void> {
  await tx.updateTable("ton_quotes").set({ boc, sent_at: now, message_valid_until: messageValidUntil }).where("id", "=", quoteId).execute();
}

/** The quote with this comment, if it belongs to an order of this shop. */
export async function selectQuoteOfShopByComment(tx: Executor, shopId: number, comment: string): Promise<QuoteRow | undefined> {
  return tx
    .selectFrom("ton_quotes as q")
    .innerJoin("orders as o", "o.id", "q.order_id")
    .selectAll("q")
    .where("q.comment", "=", comment)
    .where("o.shop_id", "=", shopId)
    .executeTakeFirst();
}

/**
 * Whether a message reported sent for the order may still arrive: its validUntil plus the grace is after
 * `now`. Passed `cutoff` = now − grace, so the comparison is on the stored time.
 */
export async function paymentInFlight(tx: Executor, orderId: number, cutoff: string): Promise<boolean> {
  const row = await tx
    .selectFrom("ton_quotes")
    .select("id")
    .where("order_id", "=", orderId)
    .where("message_valid_until", ">", cutoff)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function transferSeen(tx: Executor, txHash: string): Promise<boolean> {
  return (await tx.selectFrom("ton_transfers").select("id").where("tx_hash", "=", txHash).executeTakeFirst()) !== undefined;
}

/**
 * Records a transfer; false when its hash is recorded already, by an earlier unit or one running beside this
 * one (the unique key decides: a transaction counts once, ever).
 */
export async function insertTransfer(tx: Executor, t: Omit<TransferRow, "id">): Promise<boolean> {
  const row = await tx
    .insertInto("ton_transfers")
    .values(t)
    .onConflict((oc) => oc.column("tx_hash").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function selectTransfersOfOrder(tx: Executor, orderId: number): Promise<TransferRow[]> {
  return tx.selectFrom("ton_transfers").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

/** Marks the order's payment received, only while it is still awaited: of a watcher and a manager, one wins. */
export async function markOrderPaidIf(tx: Executor, orderId: number, now: string): Promise<boolean> {
  const result = await tx
    .updateTable("orders")
    .set({ payment_status: "S", updated_at: now })
    .where("id", "=", orderId)
    .where("status", "in", AWAITING_STATUSES)
    .where("payment_option", "=", PAYMENT_OPTIONS.crypto)
    .where("payment_status", "=", "P")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether someone confirmed the order's payment by hand (an event of the hand-over screen). */
export async function confirmedByHand(tx: Executor, orderId: number): Promise<boolean> {
  const row = await tx
    .selectFrom("order_events")
    .select("id")
    .where("order_id", "=", orderId)
    .where("type", "=", "ton_confirmed_by_hand")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The shops the watcher asks the chain about: every shop with a wallet that has an order awaiting a crypto
 * payment with a quote, or a quote made since `since` (a transfer can still arrive for an order that was
 * canceled, expired or paid meanwhile: it is then recorded for a refund). `from` is the oldest such quote.
 */
export async function selectWatchedShops(tx: Executor, since: string): Promise<{ shop_id: number; wallet: string; from: string }[]> {
  return tx
    .selectFrom("ton_quotes as q")
    .innerJoin("orders as o", "o.id", "q.order_id")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .select((eb) => ["o.shop_id as shop_id", "s.ton_wallet as wallet", eb.fn.min("q.quoted_at").as("from")])
    .where("s.ton_wallet", "is not", null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("o.status", "in", AWAITING_STATUSES),
          eb("o.payment_option", "=", PAYMENT_OPTIONS.crypto),
          eb("o.payment_status", "=", "P"),
        ]),
        eb("q.quoted_at", ">=", since),
      ]),
    )
    .groupBy(["o.shop_id", "s.ton_wallet"])
    .orderBy("o.shop_id")
    .$narrowType<{ wallet: string }>()
    .execute();
}

export async function selectAdminIds(tx: Executor): Promise<number[]> {
  const rows = await tx.selectFrom("users").select("id").where("is_admin", "=", 1).orderBy("id").execute();
  return rows.map((r) => r.id);
}
