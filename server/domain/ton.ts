/**
 * Paying an order in TON (issue 15, design §7): the shop's wallet address, the quote (Baht to nanoTON at the
 * admin's rate), the comment that ties a transfer to an order's quote, and the rule that decides whether a
 * transaction the chain shows pays it. The wallet's reply in the mini-app proves nothing: only a transaction
 * on the chain that passes `judgeTransfer` does. No I/O, no clock.
 */
import { Address, beginCell, Cell } from "@ton/core";
import { ValidationError } from "./errors";
import { PAYMENT_OPTIONS, type OrderStatus, type PaymentStatus } from "./orders";

export type TonNetwork = "mainnet" | "testnet";
export const TON_NETWORKS: readonly TonNetwork[] = ["mainnet", "testnet"];

export const NANO_PER_TON = 1_000_000_000n;
/** An order keeps the rate it was quoted at this long; then it is quoted again at the rate of the moment. */
export const QUOTE_TTL_MS = 15 * 60_000;
/** The `validUntil` the mini-app gives the wallet's message. */
export const MESSAGE_TTL_MS = 5 * 60_000;
/** After the message's `validUntil` the hold still waits this long for the transfer to show on the chain. */
export const SEND_GRACE_MS = 10 * 60_000;
/** The wallet's reply (`boc`), base64: a signed message is a few hundred bytes; more is not a wallet's reply. */
export const MAX_BOC_CHARS = 64 * 1024;
/** The rate's setting in `settings`. */
export const TON_RATE_SETTING = "ton_thb_per_ton";
/** Decimals a rate may have; more are refused rather than rounded. */
const RATE_DECIMALS = 6;

export { CRYPTO_NEEDS_WALLET } from "./orders";

/** Whether this order is one a customer may be paying in TON right now. */
export function awaitsCryptoPayment(order: { status: OrderStatus; payment_option: number; payment_status: PaymentStatus }): boolean {
  return order.payment_option === PAYMENT_OPTIONS.crypto && order.payment_status === "P" && (order.status === "N" || order.status === "W");
}

/**
 * A shop's wallet as an admin typed it: user-friendly (`EQ…`/`UQ…`, or `kQ…`/`0Q…` on testnet) or raw
 * (`0:abc…`), for the store's network. Returns the form the store keeps and shows: user-friendly,
 * URL-safe, non-bounceable (a wallet's own form), test-only on testnet.
 */
export function parseWallet(text: string, network: TonNetwork): string {
  const input = text.trim();
  let address: Address;
  let testOnly: boolean | null = null;
  try {
    if (Address.isFriendly(input)) {
      const friendly = Address.parseFriendly(input);
      address = friendly.address;
      testOnly = friendly.isTestOnly;
    } else if (Address.isRaw(input)) {
      address = Address.parseRaw(input);
    } else {
      throw new Error("neither form");
    }
  } catch {
    throw new ValidationError("ton_wallet", "This is not a TON wallet address: paste it as your wallet shows it (EQ…, UQ… or 0:…).");
  }
  if (address.workChain !== 0) throw new ValidationError("ton_wallet", "A shop's wallet must be on the basechain (workchain 0).");
  if (testOnly === true && network === "mainnet")
    throw new ValidationError("ton_wallet", "This is a testnet address; the store takes payments on mainnet.");
  if (testOnly === false && network === "testnet")
    throw new ValidationError("ton_wallet", "This is a mainnet address; the store takes payments on testnet.");
  return address.toString({ urlSafe: true, bounceable: false, testOnly: network === "testnet" });
}

/** Two addresses in any form name the same account. Never compared as text. An unreadable one matches nothing. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  try {
    return Address.parse(a).equals(Address.parse(b));
  } catch {
    return false;
  }
}

/**
 * The admin's rate, THB for one TON: a positive number with at most 6 decimals. Kept as its decimal text
 * (never a float) so the quote's maths stays exact.
 */
export function parseRate(value: number): string {
  if (!Number.isFinite(value) || value <= 0)
    throw new ValidationError("thb_per_ton", "The rate must be a positive number of Baht for one TON.");
  if (value > 1_000_000_000) throw new ValidationError("thb_per_ton", "The rate must be at most 1,000,000,000 Baht for one TON.");
  const text = String(value);
  if (/e/i.test(text) || (text.split(".")[1]?.length ?? 0) > RATE_DECIMALS) {
    throw new ValidationError("thb_per_ton", "The rate may have at most {decimals} decimals.", { decimals: RATE_DECIMALS });
  }
  return text;
}

/** The rate in millionths of a Baht, as a bigint. */
function rateMicro(thbPerTon: string): bigint {
  const [whole, fraction = ""] = thbPerTon.split(".");
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(RATE_DECIMALS, "0"));
}

/** Baht to nanoTON at the rate, rounded up: the shop never receives less than the price. */
export function quoteNano(thb: number, thbPerTon: string): string {
  if (!Number.isSafeInteger(thb) || thb < 0) throw new Error(`quoteNano: ${thb} is not whole Baht`);
  const numerator = BigInt(thb) * NANO_PER_TON * 1_000_000n;
  const micro = rateMicro(thbPerTon);
  return ((numerator + micro - 1n) / micro).toString();
}

/** nanoTON as TON for people: "12.5", "0.000000001", at most 9 decimals, no trailing zeros. */
export function formatTon(nano: string): string {
  const value = BigInt(nano);
  const whole = value / NANO_PER_TON;
  const fraction = (value % NANO_PER_TON).toString().padStart(9, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** The comment of one order's quote: the order for people, and a random part that makes it unique. */
export function quoteComment(orderId: number, unique: string): string {
  return `KSS ${orderId}-${unique}`;
}

/** The comment as the message's payload: a cell with op 0 and the text, base64 BOC (what TON Connect sends). */
export function commentPayload(comment: string): string {
  return beginCell().storeUint(0, 32).storeStringTail(comment).endCell().toBoc().toString("base64");
}

/** The wallet's reply as the mini-app passed it on: base64 of a bag of cells, nothing else. */
export function checkBoc(boc: string): string {
  const text = boc.trim();
  if (text.length === 0 || text.length > MAX_BOC_CHARS || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    throw new ValidationError("boc", "boc must be the wallet's reply: base64, at most 64 KB.");
  }
  try {
    Cell.fromBoc(Buffer.from(text, text.includes("-") || text.includes("_") ? "base64url" : "base64"));
  } catch {
    throw new ValidationError("boc", "boc is not a bag of cells: send the wallet's reply as it came.");
  }
  return text;
}

/** A transaction on the shop's account as an indexer reports it (TON Center v3 `/transactions`). */
export interface ChainTransaction {
  hash: string;
  /** Unix seconds. */
  now: number;
  source: string | null;
  destination: string | null;
  /** nanoTON as a decimal string. */
  value: string | null;
  bounced: boolean;
  comment: string | null;
  aborted: boolean;
}

export interface QuoteToMatch {
  id: number;
  order_id: number;
  comment: string;
  amount_nano: string;
}

export type TransferVerdict =
  | { kind: "ignore"; reason: "not incoming" | "bounced" | "aborted" | "other wallet" | "no value" | "unknown comment" }
  | { kind: "match"; quote: QuoteToMatch; enough: boolean };

/**
 * Whether a transaction pays one of the quotes: an incoming transfer (from someone, with value), neither
 * bounced nor aborted, to the shop's wallet (addresses compared after parsing), whose comment is exactly a
 * quote's comment. `enough` when it brought at least the quoted amount; less is an underpayment.
 */
export function judgeTransfer(
  tx: ChainTransaction,
  shopWallet: string,
  quoteByComment: (comment: string) => QuoteToMatch | undefined,
): TransferVerdict {
  if (!tx.source) return { kind: "ignore", reason: "not incoming" };
  if (tx.bounced) return { kind: "ignore", reason: "bounced" };
  if (tx.aborted) return { kind: "ignore", reason: "aborted" };
  if (!sameAddress(tx.destination, shopWallet)) return { kind: "ignore", reason: "other wallet" };
  if (tx.value === null || !/^\d{1,30}$/.test(tx.value) || BigInt(tx.value) === 0n) return { kind: "ignore", reason: "no value" };
  const quote = tx.comment === null ? undefined : quoteByComment(tx.comment);
  if (!quote) return { kind: "ignore", reason: "unknown comment" };
  return { kind: "match", quote, enough: BigInt(tx.value) >= BigInt(quote.amount_nano) };
}

/**
 * Where a crypto payment stands, as the customer and staff see it: asked for (quoted), sent by the wallet
 * and watched for on the chain (waiting), paid, or a transfer came short (underpaid).
 */
export type TonPaymentState = "none" | "quoted" | "waiting" | "paid" | "underpaid";

export function tonPaymentState(input: {
  paymentStatus: PaymentStatus;
  hasQuote: boolean;
  /** The newest quote's message was reported sent and its grace has not ended. */
  inFlight: boolean;
  underpaid: boolean;
}): TonPaymentState {
  if (input.paymentStatus === "S") return "paid";
  if (input.underpaid) return "underpaid";
  if (input.inFlight) return "waiting";
  return input.hasQuote ? "quoted" : "none";
}

/** The end of the wait for a message reported sent: its validUntil plus the grace. */
export function inFlightUntil(messageValidUntilMs: number): number {
  return messageValidUntilMs + SEND_GRACE_MS;
}
