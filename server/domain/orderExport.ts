/**
 * Order export (issue 25): every order line of a range as CSV, one row per line, for Excel and LibreOffice.
 * Pure: the range's rules and defaults, the columns, and a row's cells (docs/decisions.md "Order export").
 *
 * - `from`/`to` are island dates (YYYY-MM-DD, UTC+7), both inclusive, of when the order was placed; none
 *   given: the last 30 island days up to today; one given: 30 days from it or up to it. At most 366 days.
 * - UTF-8 with a byte-order mark (Excel reads Thai and Russian only so), RFC 4180 (CRLF, quotes doubled), a
 *   text cell starting with = + - @, tab or CR gets a leading apostrophe (csvCell: no formula runs).
 */
import { ValidationError } from "./errors";
import { islandDate } from "./format";
import type { DeliveryStatus, OrderStatus, PaymentStatus } from "./orders";
import type { ServerMessage } from "./serverMessages";
import { csvCell, parseStatsRange, STATS_TEXTS } from "./stats";

/** The longest range one export may span, in days. */
export const EXPORT_MAX_DAYS = 366;
/** The range when none is given. */
export const EXPORT_DEFAULT_DAYS = 30;
/** Orders read per page (their lines with them): memory stays flat however long the range. */
export const EXPORT_PAGE_ORDERS = 500;

export const CSV_BOM = "\uFEFF";

export interface ExportRange {
  from: string;
  to: string;
  fromUtc: string;
  toUtcExclusive: string;
}

const DAY_MS = 86_400_000;
const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The range of an export, with its defaults; 400 for a malformed date, a backwards range or more than 366 days. */
export function parseExportRange(input: { from?: string | undefined; to?: string | undefined }, nowMs: number): ExportRange {
  // Each date alone first (a malformed one is refused with the statistics' message), then the range.
  const given = { from: parseStatsRange({ from: input.from }).from, to: parseStatsRange({ to: input.to }).to };
  const today = islandDate(nowMs);
  const to = given.to ?? (given.from ? shiftDate(given.from, EXPORT_DEFAULT_DAYS - 1) : today);
  const from = given.from ?? shiftDate(to, -(EXPORT_DEFAULT_DAYS - 1));
  if (from > to) throw new ValidationError("from", STATS_TEXTS.backwards);
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span > EXPORT_MAX_DAYS) throw new ValidationError("to", "from and to may span at most {max} days.", { max: EXPORT_MAX_DAYS });
  const bounds = parseStatsRange({ from, to });
  return { from, to, fromUtc: bounds.fromUtc!, toUtcExclusive: bounds.toUtcExclusive! };
}

/** The columns, each headed by a text of the server's catalogue (said in the admin's language). */
export const EXPORT_COLUMNS = [
  "Order",
  "Placed (island time)",
  "Last change (island time)",
  "Shop",
  "Order status",
  "Payment method",
  "Payment status",
  "Delivery method",
  "Delivery status",
  "Delivery address",
  "Customer",
  "Product",
  "Product option",
  "Quantity",
  "Unit price",
  "Unit cost",
  "Discount, %",
  "Promo code",
  "Paid in bonus",
  "Line total",
  "Order total",
] as const satisfies readonly ServerMessage[];

/** The words of the codes, each a text of the server's catalogue (a payment's "Pending" is not an order's). */
const STATUS_WORDS = { N: "New", W: "In progress", P: "Pending", C: "Canceled", S: "Done" } as const satisfies Record<
  OrderStatus,
  ServerMessage
>;
const PAYMENT_STATUS_WORDS = { P: "Awaiting payment", S: "Paid" } as const satisfies Record<PaymentStatus, ServerMessage>;
const DELIVERY_STATUS_WORDS = { P: "Awaiting delivery", A: "On the way", S: "Delivered" } as const satisfies Record<
  DeliveryStatus,
  ServerMessage
>;
const PAYMENT_OPTION_WORDS: Record<number, ServerMessage> = { 1: "Cash", 2: "Bank card", 3: "Crypto" };
const DELIVERY_OPTION_WORDS: Record<number, ServerMessage> = { 1: "Self pickup", 2: "Courier" };

/** One order line as the export reads it. */
export interface ExportLine {
  order_id: number;
  created_at: string;
  updated_at: string;
  shop_name: string;
  status: OrderStatus;
  payment_option: number;
  payment_status: PaymentStatus;
  delivery_option: number;
  delivery_status: DeliveryStatus;
  delivery_address: string;
  customer: string;
  product_name: string;
  price_text: string;
  amount: number;
  per_price: number;
  cost_price: number;
  discount_percent: number;
  promo_code: string | null;
  paid_with_bonus: boolean;
  /** What the customer pays for the whole order, after discounts (Baht). */
  order_total: number;
}

/** "2026-11-27 15:04" on the island's clock. */
export function islandDateTime(iso: string): string {
  return new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
}

/** The words of a row's codes (status, methods), in the reader's language through `say`. */
export type Say = (english: ServerMessage) => string;

/** One CSV record (CRLF-terminated) of a line. */
export function exportRow(line: ExportLine, say: Say): string {
  const word = (english: ServerMessage | undefined) => (english ? say(english) : "");
  const cells: (string | number)[] = [
    line.order_id,
    islandDateTime(line.created_at),
    islandDateTime(line.updated_at),
    line.shop_name,
    word(STATUS_WORDS[line.status]),
    // Paid with bonus is how it was paid, whatever the customer picked: an owner counting cash must not count it.
    word(line.paid_with_bonus ? "Bonus" : PAYMENT_OPTION_WORDS[line.payment_option]),
    word(PAYMENT_STATUS_WORDS[line.payment_status]),
    word(DELIVERY_OPTION_WORDS[line.delivery_option]),
    word(DELIVERY_STATUS_WORDS[line.delivery_status]),
    line.delivery_address,
    line.customer,
    line.product_name,
    line.price_text,
    line.amount,
    line.per_price,
    line.cost_price,
    line.discount_percent,
    line.promo_code ?? "",
    line.paid_with_bonus ? line.order_total : 0,
    line.per_price * line.amount,
    line.order_total,
  ];
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The header record, in the reader's language. */
export function exportHeader(say: Say): string {
  return `${EXPORT_COLUMNS.map((c) => csvCell(say(c))).join(",")}\r\n`;
}

export function exportFilename(range: Pick<ExportRange, "from" | "to">, shopId: number | null, status: string | null): string {
  return `orders-${range.from}-to-${range.to}${shopId === null ? "" : `-shop-${shopId}`}${status === null ? "" : `-${status}`}.csv`;
}
