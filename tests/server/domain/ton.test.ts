/** The TON payment's rules (server/domain/ton.ts): addresses, the rate, the quote's maths, the comment, the matching rule. */
import { Address, Cell } from "@ton/core";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../server/domain/errors";
import {
  awaitsCryptoPayment,
  checkBoc,
  commentPayload,
  formatTon,
  judgeTransfer,
  parseRate,
  parseWallet,
  quoteNano,
  sameAddress,
  tonPaymentState,
  type ChainTransaction,
} from "../../../server/domain/ton";

const RAW = `0:${"ab".repeat(32)}`;
const account = Address.parseRaw(RAW);
const MAINNET = account.toString({ urlSafe: true, bounceable: false });
const BOUNCEABLE = account.toString({ urlSafe: true, bounceable: true });
const TESTNET = account.toString({ urlSafe: true, bounceable: false, testOnly: true });

describe("shop wallets", () => {
  it("takes the raw and the user-friendly forms and keeps the non-bounceable form of the network", () => {
    expect(parseWallet(RAW, "mainnet")).toBe(MAINNET);
    expect(parseWallet(` ${BOUNCEABLE} `, "mainnet")).toBe(MAINNET);
    expect(parseWallet(account.toString({ urlSafe: false }), "mainnet")).toBe(MAINNET);
    expect(parseWallet(TESTNET, "testnet")).toBe(TESTNET);
    expect(parseWallet(RAW, "testnet")).toBe(TESTNET);
  });

  it("refuses what does not parse, the other network's addresses and the masterchain", () => {
    for (const [text, network] of [
      ["", "mainnet"],
      ["EQ123", "mainnet"],
      [`${MAINNET.slice(0, -1)}A`, "mainnet"],
      [TESTNET, "mainnet"],
      [MAINNET, "testnet"],
      [`-1:${"ab".repeat(32)}`, "mainnet"],
    ] as const) {
      expect(() => parseWallet(text, network), text).toThrow(ValidationError);
    }
  });

  it("compares addresses after parsing, never as text", () => {
    expect(sameAddress(RAW.toUpperCase(), MAINNET)).toBe(true);
    expect(sameAddress(BOUNCEABLE, MAINNET)).toBe(true);
    expect(sameAddress(`0:${"cd".repeat(32)}`, MAINNET)).toBe(false);
    expect(sameAddress("garbage", MAINNET)).toBe(false);
    expect(sameAddress(null, MAINNET)).toBe(false);
  });
});

describe("the rate and the quote", () => {
  it("takes a positive rate with at most 6 decimals, as exact text", () => {
    expect(parseRate(250)).toBe("250");
    expect(parseRate(112.5)).toBe("112.5");
    expect(parseRate(0.000001)).toBe("0.000001");
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1.1234567, 2e9])
      expect(() => parseRate(bad), String(bad)).toThrow(ValidationError);
  });

  it("turns Baht into nanoTON with bigint maths, rounding up so the shop never gets less", () => {
    expect(quoteNano(250, "250")).toBe("1000000000");
    expect(quoteNano(1000, "112.5")).toBe("8888888889");
    expect(quoteNano(0, "250")).toBe("0");
    // Far past 2^53 nanoTON, still exact.
    expect(quoteNano(9_000_000_000, "0.000001")).toBe("9000000000000000000000000");
    expect(BigInt(quoteNano(1000, "112.5")) * 1125n).toBeGreaterThanOrEqual(1000n * 1_000_000_000n * 10n);
  });

  it("shows nanoTON as TON without float rounding", () => {
    expect(formatTon("8888888889")).toBe("8.888888889");
    expect(formatTon("1000000000")).toBe("1");
    expect(formatTon("1")).toBe("0.000000001");
    expect(formatTon("12500000000")).toBe("12.5");
  });

  it("puts the comment in a cell with op 0 and the text", () => {
    const slice = Cell.fromBase64(commentPayload("KSS 12-ABCD")).beginParse();
    expect(slice.loadUint(32)).toBe(0);
    expect(slice.loadStringTail()).toBe("KSS 12-ABCD");
  });

  it("takes a bag of cells in base64 as the wallet's reply, nothing else", () => {
    expect(checkBoc(commentPayload("x"))).toBe(commentPayload("x"));
    for (const bad of ["", "not base64!", "aGVsbG8=", "A".repeat(70_000)]) expect(() => checkBoc(bad)).toThrow(ValidationError);
  });
});

describe("the matching rule", () => {
  const quote = { id: 1, order_id: 7, comment: "KSS 7-AAAA", amount_nano: "1000" };
  const find = (comment: string) => (comment === quote.comment ? quote : undefined);
  const tx = (over: Partial<ChainTransaction> = {}): ChainTransaction => ({
    hash: "h",
    now: 1,
    source: `0:${"11".repeat(32)}`.toUpperCase(),
    destination: RAW.toUpperCase(),
    value: "1000",
    bounced: false,
    comment: quote.comment,
    aborted: false,
    ...over,
  });

  it("an incoming transfer to the wallet with the quote's comment and at least its amount pays", () => {
    expect(judgeTransfer(tx(), MAINNET, find)).toEqual({ kind: "match", quote, enough: true });
    expect(judgeTransfer(tx({ value: "5000" }), MAINNET, find)).toEqual({ kind: "match", quote, enough: true });
  });

  it("less than the quote is an underpayment", () => {
    expect(judgeTransfer(tx({ value: "999" }), MAINNET, find)).toEqual({ kind: "match", quote, enough: false });
  });

  it("anything else does not count", () => {
    expect(judgeTransfer(tx({ source: null }), MAINNET, find)).toMatchObject({ kind: "ignore", reason: "not incoming" });
    expect(judgeTransfer(tx({ bounced: true }), MAINNET, find)).toMatchObject({ kind: "ignore", reason: "bounced" });
    expect(judgeTransfer(tx({ aborted: true }), MAINNET, find)).toMatchObject({ kind: "ignore", reason: "aborted" });
    expect(judgeTransfer(tx({ destination: `0:${"cd".repeat(32)}` }), MAINNET, find)).toMatchObject({
      kind: "ignore",
      reason: "other wallet",
    });
    expect(judgeTransfer(tx({ comment: "KSS 7-AAAB" }), MAINNET, find)).toMatchObject({ kind: "ignore", reason: "unknown comment" });
    expect(judgeTransfer(tx({ comment: null }), MAINNET, find)).toMatchObject({ kind: "ignore", reason: "unknown comment" });
    expect(judgeTransfer(tx({ value: "0" }), MAINNET, find)).toMatchObject({ kind: "ignore", reason: "no value" });
    expect(judgeTransfer(tx({ value: "1e3" }), MAINNET, find)).toMatchObject({ kind: "ignore", reason: "no value" });
  });
});

describe("where a payment stands", () => {
  it("paid wins, then underpaid, then waiting, then quoted", () => {
    expect(tonPaymentState({ paymentStatus: "S", hasQuote: true, inFlight: true, underpaid: true })).toBe("paid");
    expect(tonPaymentState({ paymentStatus: "P", hasQuote: true, inFlight: true, underpaid: true })).toBe("underpaid");
    expect(tonPaymentState({ paymentStatus: "P", hasQuote: true, inFlight: true, underpaid: false })).toBe("waiting");
    expect(tonPaymentState({ paymentStatus: "P", hasQuote: true, inFlight: false, underpaid: false })).toBe("quoted");
    expect(tonPaymentState({ paymentStatus: "P", hasQuote: false, inFlight: false, underpaid: false })).toBe("none");
  });

  it("only a new or taken, unpaid crypto order awaits a payment", () => {
    expect(awaitsCryptoPayment({ status: "N", payment_option: 3, payment_status: "P" })).toBe(true);
    expect(awaitsCryptoPayment({ status: "W", payment_option: 3, payment_status: "P" })).toBe(true);
    expect(awaitsCryptoPayment({ status: "N", payment_option: 1, payment_status: "P" })).toBe(false);
    expect(awaitsCryptoPayment({ status: "N", payment_option: 3, payment_status: "S" })).toBe(false);
    expect(awaitsCryptoPayment({ status: "C", payment_option: 3, payment_status: "P" })).toBe(false);
  });
});
