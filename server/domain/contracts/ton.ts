/** Shapes of paying an order in TON (issue 15): the quote, the wallet's reply, the admin's wallet and rate. */
import { Type, type Static } from "typebox";
import { Nullable, OneOf } from "./schema";
import { MAX_BOC_CHARS } from "../ton";


/** What the customer's wallet is asked to send, and what the page shows. */
export const TonQuote = Type.Object({
  /** The shop's wallet, user-friendly. */
  address: Type.String(),
  /** nanoTON as a decimal string (it passes 2^53). */
  amount_nano: Type.String(),
  /** The same amount in TON for people, e.g. "12.5". */
  amount_ton: Type.String(),
  /** The text comment that ties the transfer to this order's quote. */
  comment: Type.String(),
  /** The comment as the message's payload: a cell with op 0 and the text, base64 BOC. */
  payload: Type.String(),
  /** ISO end of this quote's rate: after it the order is quoted again. */
  valid_until: Type.String(),
  /** The rate it was quoted at: Baht for one TON, and when the admin set it. */
  thb_per_ton: Type.String(),
  rate_set_at: Type.String(),
});
export type TonQuote = Static<typeof TonQuote>;
export const TonQuoteResponse = TonQuote;

export const TonSentBody = Type.Object({ boc: Type.String({ minLength: 1, maxLength: MAX_BOC_CHARS }) });
export type TonSentBody = Static<typeof TonSentBody>;

/** The payment of an order in crypto, on the order as customer and staff read it (null for other payments). */
export const TonPayment = Type.Object({
  state: OneOf(["none", "quoted", "waiting", "paid", "underpaid"]),
  /**
   * The order still waits for this payment (new or taken, unpaid): the customer may ask for a quote and pay, a
   * manager may confirm it by hand. The server's rule (`awaitsCryptoPayment`); the screens only show it.
   */
  awaiting: Type.Boolean(),
  /** The newest quote, while the order still waits for its money. */
  quote: Nullable(
    Type.Object({
      address: Type.String(),
      amount_nano: Type.String(),
      amount_ton: Type.String(),
      comment: Type.String(),
      valid_until: Type.String(),
    }),
  ),
  /** When the wallet's reply was reported, and until when the store waits for the transfer. */
  sent_at: Nullable(Type.String()),
  waiting_until: Nullable(Type.String()),
  /** The transaction that paid the order (null when a manager confirmed it by hand without one). */
  tx_hash: Nullable(Type.String()),
  /** A transfer that came short: what arrived, in TON. */
  underpaid_ton: Nullable(Type.String()),
  /** The order was marked paid by a manager on the hand-over screen. */
  confirmed_by_hand: Type.Boolean(),
});
export type TonPayment = Static<typeof TonPayment>;

export const ShopWalletBody = Type.Object({ ton_wallet: Type.String({ minLength: 1, maxLength: 100 }) });
export const ShopWalletResponse = Type.Object({ shop_id: Type.Integer(), ton_wallet: Type.String() });
export const TonRateBody = Type.Object({ thb_per_ton: Type.Number() });
export const TonRateResponse = Type.Object({ thb_per_ton: Type.String(), updated_at: Type.String() });
