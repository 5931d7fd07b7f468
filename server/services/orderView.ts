/**
 * The order as its customer sees it (the `Order` contract): read by the customer's use cases
 * (services/orders.ts) and by the hand-over, which shows the same order to the shop's staff.
 */
import type { Executor } from "../../db/executor";
import { selectLines, selectOrderImages, type LineRow, type OrderRow } from "../../db/repositories/orders";
import type { Order } from "../domain/contracts/orders";
import { isMapEmbedUrl } from "../domain/maps";
import { customerMayCancel, remainingTime } from "../domain/orders";
import { tonPaymentOf } from "./tonPayments";

/**
 * Reads an order as its customer sees it on the executor it is given (committed data, or the unit's own
 * writes); `lines` when the caller has just written them. `manage_path` stays empty until the caller signs it.
 */
export async function readView(tx: Executor, row: OrderRow, nowMs: number, lines?: readonly LineRow[]): Promise<Order> {
  const orderLines = lines ?? (await selectLines(tx, row.id));
  const images = new Map<number, string[]>();
  for (const { product_id, filename } of await selectOrderImages(tx, row.id)) {
    const names = images.get(product_id);
    if (names) names.push(filename);
    else images.set(product_id, [filename]);
  }
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
      amount: l.amount,
      price_text: l.price_text,
      images: images.get(l.product_id) ?? [],
    })),
    manager_id: row.manager_id,
    user_data: { email: row.user_email, reflink: row.user_reflink },
    manage_path: "",
    ton_payment: await tonPaymentOf(tx, row, nowMs),
  };
}
