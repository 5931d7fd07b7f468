/**
 * TON payment (issue 15): quotes, transfers seen on the chain, the shops' wallets and the rate. These run
 * inside units of the store's writer (db/writer.ts), like the order repository, so a confirmation is written
 * in the same unit as the order's change, its event and its notices.
 */
import type { Selectable } from "kysely";
import type { TonQuotesTable, TonTransfersTable } from "../schema";
import { prepared, type Tx } from "../writer";

export type QuoteRow = Selectable<TonQuotesTable>;
export type TransferRow = Selectable<TonTransfersTable>;

const QUOTE_COLUMNS = "id, order_id, comment, wallet, amount_thb, amount_nano, thb_per_ton, quoted_at, valid_until, sent_at, boc, message_valid_until";

export function selectSetting(tx: Tx, key: string): { value: string; updated_at: string } | undefined {
  return prepared(tx, "select value, updated_at from settings where key = ?").get(key);
}

export function upsertSetting(tx: Tx, key: string, value: string, now: string): void {
  prepared(
    tx,
    "insert into settings (key, value, updated_at) values (?, ?, ?) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at",
  ).run(key, value, now);
}

/** A shop's wallet, or null when it has none; undefined when there is no such shop (or it was deleted). */
export function selectShopWallet(tx: Tx, shopId: number): string | null | undefined {
  const row = prepared(tx, "select ton_wallet from shops where id = ? and is_deleted = 0").get<{ ton_wallet: string | null }>(shopId);
  return row ? row.ton_wallet : undefined;
}

export function updateShopWallet(tx: Tx, shopId: number, wallet: string): boolean {
  return prepared(tx, "update shops set ton_wallet = ? where id = ? and is_deleted = 0").run(wallet, shopId).changes === 1;
}

/** The order's newest quote. */
export function selectLatestQuote(tx: Tx, orderId: number): QuoteRow | undefined {
  return prepared(tx, `select ${QUOTE_COLUMNS} from ton_quotes where order_id = ? order by id desc limit 1`).get<QuoteRow>(orderId);
}

export function insertQuote(tx: Tx, q: Omit<QuoteRow, "id" | "sent_at" | "boc" | "message_valid_until">): QuoteRow {
  const { lastInsertRowid } = prepared(
    tx,
    "insert into ton_quotes (order_id, comment, wallet, amount_thb, amount_nano, thb_per_ton, quoted_at, valid_until) values (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(q.order_id, q.comment, q.wallet, q.amount_thb, q.amount_nano, q.thb_per_ton, q.quoted_at, q.valid_until);
  return { ...q, id: Number(lastInsertRowid), sent_at: null, boc: null, message_valid_until: null };
}

/** The wallet's reply for a quote, and until when its message may still arrive. */
export function markQuoteSent(tx: Tx, quoteId: number, boc: string, now: string, messageValidUntil: string): void {
  prepared(tx, "update ton_quotes set boc = ?, sent_at = ?, message_valid_until = ? where id = ?").run(boc, now, messageValidUntil, quoteId);
}

/** The quote with this comment, if it belongs to an order of this shop. */
export function selectQuoteOfShopByComment(tx: Tx, shopId: number, comment: string): QuoteRow | undefined {
  return prepared(
    tx,
    `select ${QUOTE_COLUMNS.split(", ").map((c) => `q.${c}`).join(", ")}
       from ton_quotes q join orders o on o.id = q.order_id
      where q.comment = ? and o.shop_id = ?`,
  ).get<QuoteRow>(comment, shopId);
}

/**
 * Whether a message reported sent for the order may still arrive: its validUntil plus the grace is after
 * `now`. Passed `cutoff` = now − grace, so the comparison is on the stored time.
 */
export function paymentInFlight(tx: Tx, orderId: number, cutoff: string): boolean {
  return prepared(tx, "select 1 from ton_quotes where order_id = ? and message_valid_until > ? limit 1").get(orderId, cutoff) !== undefined;
}

export function transferSeen(tx: Tx, txHash: string): boolean {
  return prepared(tx, "select 1 from ton_transfers where tx_hash = ?").get(txHash) !== undefined;
}

/** Records a transfer; false when its hash was recorded before (a transaction counts once, ever). */
export function insertTransfer(tx: Tx, t: Omit<TransferRow, "id">): boolean {
  return (
    prepared(
      tx,
      `insert into ton_transfers (tx_hash, order_id, quote_id, amount_nano, source, comment, tx_time, seen_at, outcome)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (tx_hash) do nothing`,
    ).run(t.tx_hash, t.order_id, t.quote_id, t.amount_nano, t.source, t.comment, t.tx_time, t.seen_at, t.outcome).changes === 1
  );
}

export function selectTransfersOfOrder(tx: Tx, orderId: number): TransferRow[] {
  return prepared(
    tx,
    "select id, tx_hash, order_id, quote_id, amount_nano, source, comment, tx_time, seen_at, outcome from ton_transfers where order_id = ? order by id",
  ).all<TransferRow>(orderId);
}

/** Marks the order's payment received, only while it is still awaited: of a watcher and a manager, one wins. */
export function markOrderPaidIf(tx: Tx, orderId: number, now: string): boolean {
  return (
    prepared(
      tx,
      "update orders set payment_status = 'S', updated_at = ? where id = ? and payment_option = 3 and payment_status = 'P' and status in ('N', 'W')",
    ).run(now, orderId).changes === 1
  );
}

/** Whether someone confirmed the order's payment by hand (an event of the hand-over screen). */
export function confirmedByHand(tx: Tx, orderId: number): boolean {
  return prepared(tx, "select 1 from order_events where order_id = ? and type = 'ton_confirmed_by_hand' limit 1").get(orderId) !== undefined;
}

/**
 * The shops the watcher asks the chain about: every shop with a wallet that has an order awaiting a crypto
 * payment with a quote, or a quote made since `since` (a transfer can still arrive for an order that was
 * canceled, expired or paid meanwhile: it is then recorded for a refund). `from` is the oldest such quote.
 */
export function selectWatchedShops(tx: Tx, since: string): { shop_id: number; wallet: string; from: string }[] {
  return prepared(
    tx,
    `select o.shop_id as shop_id, s.ton_wallet as wallet, min(q.quoted_at) as "from"
       from ton_quotes q join orders o on o.id = q.order_id join shops s on s.id = o.shop_id
      where s.ton_wallet is not null
        and ((o.status in ('N', 'W') and o.payment_option = 3 and o.payment_status = 'P') or q.quoted_at >= ?)
      group by o.shop_id, s.ton_wallet
      order by o.shop_id`,
  ).all(since);
}

export function selectAdminIds(tx: Tx): number[] {
  return prepared(tx, "select id from users where is_admin = 1 order by id").column<number>();
}
