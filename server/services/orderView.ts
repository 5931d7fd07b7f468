/**
 * The order as its customer sees it (the `Order` contract): read by the customer's use cases
 * (services/orders.ts) and by the hand-over, which shows the same order to the shop's staff.
 */
import type { Executor } from "../../db/executor";
import {
  selectCancelEvents,
  selectImagesOfProducts,
  selectLines,
  selectLinesOfOrders,
  selectOrderImages,
  type CancelEventRow,
  type LineRow,
  type OrderRow,
} from "../../db/repositories/orders";
import { selectUsesOfOrders } from "../../db/repositories/promos";
import type { Order } from "../domain/contracts/orders";
import { isMapEmbedUrl } from "../domain/maps";
import { cancelReasonOf, customerMayCancel, remainingTime } from "../domain/orders";
import { tonPaymentOf } from "./tonPayments";

/**
 * Reads an order as its customer sees it on the executor it is given (committed data, or the unit's own
 * writes); `lines` (and `knownPromo`) when the caller has just written them. `manage_path` stays empty until the caller signs it.
 */
export async function readView(
  tx: Executor,
  row: OrderRow,
  nowMs: number,
  lines?: readonly LineRow[],
  knownPromo?: Order["promo"],
): Promise<Order> {
  const orderLines = lines ?? (await selectLines(tx, row.id));
  const images = imagesByProduct(await selectOrderImages(tx, row.id));
  // The placement knows its code already (no statement on the hot path); every other reader asks.
  const promo = knownPromo !== undefined ? knownPromo : ((await selectUsesOfOrders(tx, [row.id])).get(row.id) ?? null);
  // Only a canceled order asks why.
  const canceledBy = cancelReason(row, row.status === "C" ? await selectCancelEvents(tx, [row.id]) : NO_EVENTS);
  return viewOf(row, nowMs, orderLines, images, await tonPaymentOf(tx, row, nowMs), promo, canceledBy);
}

/**
 * The views of a page of orders (a list), in the rows' order, with each order's lines: the same answer as
 * `readView` of each row, but one statement for the lines of all of them and one for their pictures (a page
 * read order by order cost a statement per order and kind). Only crypto orders' TON payments are looked up
 * one by one (a few, and none at all for the others).
 */
/**
 * A just-placed order's view from what its unit holds (the order, its lines, its products' pictures as
 * `selectImagesOfProducts` reads them): for an order without a TON payment or a promo code, whose readers ask.
 */
export function placedOrderView(
  row: OrderRow,
  nowMs: number,
  lines: readonly LineRow[],
  images: readonly { product_id: number; filename: string }[],
): Order {
  return viewOf(row, nowMs, lines, imagesByProduct(images), null, null, null);
}

export async function readViews(
  tx: Executor,
  rows: readonly OrderRow[],
  nowMs: number,
): Promise<{ view: Order; lines: LineRow[] }[]> {
  const linesOf = new Map<number, LineRow[]>(rows.map((r) => [r.id, []]));
  for (const line of await selectLinesOfOrders(tx, rows.map((r) => r.id))) linesOf.get(line.order_id)!.push(line);
  const productIds = new Set<number>();
  for (const lines of linesOf.values()) for (const l of lines) productIds.add(l.product_id);
  const images = imagesByProduct(await selectImagesOfProducts(tx, [...productIds]));
  const promos = await selectUsesOfOrders(
    tx,
    rows.map((r) => r.id),
  );
  // Why the page's canceled orders were canceled: one statement for them all, none for a page without one.
  const cancelEvents = await selectCancelEvents(tx, rows.filter((r) => r.status === "C").map((r) => r.id));
  const views: { view: Order; lines: LineRow[] }[] = [];
  for (const row of rows) {
    const lines = linesOf.get(row.id)!;
    const ton = await tonPaymentOf(tx, row, nowMs);
    views.push({ view: viewOf(row, nowMs, lines, images, ton, promos.get(row.id) ?? null, cancelReason(row, cancelEvents)), lines });
  }
  return views;
}

const NO_EVENTS: ReadonlyMap<number, CancelEventRow> = new Map();

/** Why a canceled order was canceled, from its event into C; null in any other status, or without that event. */
function cancelReason(row: OrderRow, events: ReadonlyMap<number, CancelEventRow>): Order["cancel_reason"] {
  const event = row.status === "C" ? events.get(row.id) : undefined;
  if (!event) return null;
  const data = event.data === null ? null : (JSON.parse(event.data) as { by?: unknown } | null);
  return cancelReasonOf({ type: event.type, actor_user_id: event.actor_user_id, by: data?.by }, row.user_id);
}

/** Each product's picture file names, in the order given. */
function imagesByProduct(rows: readonly { product_id: number; filename: string }[]): Map<number, string[]> {
  const images = new Map<number, string[]>();
  for (const { product_id, filename } of rows) {
    const names = images.get(product_id);
    if (names) names.push(filename);
    else images.set(product_id, [filename]);
  }
  return images;
}

function viewOf(
  row: OrderRow,
  nowMs: number,
  orderLines: readonly LineRow[],
  images: ReadonlyMap<number, readonly string[]>,
  tonPayment: Order["ton_payment"],
  promo: Order["promo"],
  canceledBy: Order["cancel_reason"],
): Order {
  return {
    id: row.id,
    status: row.status,
    payment_status: row.payment_status,
    delivery_status: row.delivery_status,
    payment_option: row.payment_option,
    delivery_option: row.delivery_option,
    delivery_address: row.delivery_address,
    delivery_address_link: row.delivery_address_link,
    phone: row.phone,
    // Only a Google Maps embed address is ever embedded; anything else stored (data older than the rule) is not shown.
    // Most orders have none: an empty one is not parsed (a URL that fails to parse throws, which costs).
    map_html: row.map_html !== "" && isMapEmbedUrl(row.map_html) ? row.map_html : "",
    discount_percent: row.discount_percent,
    total_price: row.total_price,
    discounted_price: row.discounted_price,
    is_reserved: row.is_reserved,
    created: row.created_at,
    hold_until: row.hold_until,
    remaining_time: row.status === "N" && row.hold_until ? remainingTime(Date.parse(row.hold_until), nowMs) : null,
    can_cancel: customerMayCancel(row),
    cancel_reason: canceledBy,
    store: {
      id: row.shop_id,
      name: row.shop_name,
      path: row.shop_logo ? `/assets/shop/${row.shop_id}/${encodeURIComponent(row.shop_logo)}` : "",
      address: row.shop_address,
      district: row.shop_district,
      map_link: row.shop_map_link,
    },
    products: orderLines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      option_id: l.option_id,
      product_name: l.product_name,
      per_price: l.per_price,
      list_price: l.list_price,
      amount: l.amount,
      price_text: l.price_text,
      // A copy: a picture list is shared by every order of the page with that product.
      images: [...(images.get(l.product_id) ?? [])],
    })),
    manager_id: row.manager_id,
    user_data: { email: row.user_email, reflink: row.user_reflink },
    manage_path: "",
    ton_payment: tonPayment,
    promo,
  };
}
