/**
 * What placing an order decides, shared by its two ways of writing (server/services/orders.ts): one unit of work
 * per placement (SQLite, and on PostgreSQL a placement with a promo code or crypto payment), and on PostgreSQL the
 * placements of one turn written together (server/services/placeTogether.ts). Both check the same things in the
 * same order, with these functions, and write the same rows, so they cannot drift apart.
 */
import { hash } from "node:crypto";
import type { Executor } from "../../db/executor";
import {
  productOnSale,
  type LineKey,
  type LinePriceRow,
  type NewOrder,
  type OrderColumns,
  type OrderRow,
  type PlacingCustomer,
  type ShopRow,
} from "../../db/repositories/orders";
import { WAREHOUSE_SHOP_ID } from "../domain/constants";
import type { OrderSettingsInput, PlaceOrderBody } from "../domain/contracts/orders";
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from "../domain/errors";
import { INVALID_PHONE, isPhoneNumber } from "../domain/contact";
import { isMapsLink, MAPS_LINK_ONLY } from "../domain/maps";
import { orderDedupeKey, type OutboxMessage } from "../domain/notifications";
import { priceAt } from "../domain/sale";
import {
  CHOOSE_OPTIONS,
  courierDetailsMissing,
  holdUntil,
  mergeLines,
  overMaximum,
  settingsComplete,
  type OrderSettings,
} from "../domain/orders";

export const NOT_ENOUGH_STOCK = "Not enough products in stock";

export type LineInput = LineKey & { amount: number };
export type PricedLine = LineInput &
  Pick<LinePriceRow, "price_text" | "per_price" | "cost_price" | "max_amount"> & { product_name: string; list_price: number };

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

export const iso = (ms: number) => new Date(ms).toISOString();

/** The settings as kept: trimmed, with the link a Google Maps link and the phone one a courier can dial. */
export function normaliseSettings(input: OrderSettingsInput): OrderSettings {
  const link = (input.delivery_address_link ?? "").trim();
  if (link !== "" && !isMapsLink(link)) throw new ValidationError("delivery_address_link", MAPS_LINK_ONLY);
  const phone = (input.phone ?? "").trim();
  if (phone !== "" && !isPhoneNumber(phone)) throw new ValidationError("phone", INVALID_PHONE);
  return {
    delivery_option: input.delivery_option,
    payment_option: input.payment_option,
    phone,
    delivery_address: (input.delivery_address ?? "").trim(),
    delivery_address_link: link,
  };
}

/** A placement as asked, checked before any unit runs. */
export interface Placement {
  userId: number;
  key: string;
  /** The request's fingerprint: a retry with the same key must ask for the same order. */
  requestHash: string;
  shopId: number;
  /** Merged and sorted by (product, option): every unit takes shelves in one order. */
  lines: LineInput[];
  settings: OrderSettings;
  /** Settings complete: the order is new (N) and its stock reserved; else pending (P), nothing reserved. */
  complete: boolean;
  promoCode: string | undefined;
}

export function placementOf(input: { userId: number; idempotencyKey: string | undefined; body: PlaceOrderBody }): Placement {
  const key = input.idempotencyKey?.trim();
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new ValidationError("Idempotency-Key", "Idempotency-Key header is required: 8-128 letters, digits or _.:-");
  }
  // Sorted: every unit takes shelves in one order, so two placements never wait for each other's rows.
  const lines = mergeLines(input.body.items)
    .map(({ product_id, option_id, amount }) => ({ product_id, option_id, amount }))
    .sort((a, b) => a.product_id - b.product_id || a.option_id - b.option_id);
  const settings = normaliseSettings(input.body);
  if (courierDetailsMissing(settings)) throw new ValidationError("phone", CHOOSE_OPTIONS);
  const promoCode = input.body.promo_code?.trim() || undefined;
  // The code joins the request's fingerprint only when given: a retry of a placement without one hashes as before.
  const fingerprint = { shop_id: input.body.shop_id, lines, settings, ...(promoCode ? { promo_code: promoCode.toUpperCase() } : {}) };
  const requestHash = hash("sha256", JSON.stringify(fingerprint), "hex");
  const complete = settingsComplete(settings);
  return { userId: input.userId, key, requestHash, shopId: input.body.shop_id, lines, settings, complete, promoCode };
}

/** The placing customer's earlier order under this key, when the request is a retry of it; a 422 when it asked for another. */
export function earlierPlacement(customer: PlacingCustomer, placement: Placement): number | null {
  if (customer.earlier_id === null) return null;
  if (customer.earlier_request_hash !== placement.requestHash) {
    throw new UnprocessableError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different order.");
  }
  return customer.earlier_id;
}

/** The warehouse is no pickup shop; an unknown or deleted shop is a 404. */
export function checkPickupShopId(shopId: number): void {
  if (shopId === WAREHOUSE_SHOP_ID) throw new ValidationError("shop_id", "The central warehouse is not a pickup shop: choose a shop");
}

export function checkPickupShop(shopId: number, shop: ShopRow | undefined): ShopRow {
  checkPickupShopId(shopId);
  if (!shop || shop.is_deleted === 1) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
  return shop;
}

/**
 * Prices every line from the catalogue's rows for them (`prices`, keyed `product:option`) at `nowMs`: a line's
 * `per_price` is the sale price while the option's sale runs (server/domain/sale.ts), `list_price` the option's
 * list price whatever it is sold for (what the order's page strikes through), so both ways of placing
 * and the totals, bonus and referral figures made from the lines follow it. An unknown, inactive or deleted
 * product or option is a 404.
 */
export async function priceLinesFrom(
  tx: Executor,
  lines: readonly LineInput[],
  prices: ReadonlyMap<string, LinePriceRow>,
  nowMs: number,
): Promise<PricedLine[]> {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const price = prices.get(`${line.product_id}:${line.option_id}`);
    // Without a price row the option is unknown; the product may still be on sale (then the option is the 404).
    const productGone = price ? price.is_deleted === 1 || price.is_inactive === 1 : !(await productOnSale(tx, line.product_id));
    if (productGone) {
      throw new NotFoundError("Product", "Product {id} not found", { id: line.product_id });
    }
    if (!price || price.option_deleted === 1) {
      const values = { productId: line.product_id, optionId: line.option_id };
      throw new NotFoundError("Option", "Product {productId} has no option {optionId}", values);
    }
    const { name: product_name, price_text, cost_price, max_amount } = price;
    const per_price = priceAt(price, nowMs);
    priced.push({ ...line, product_name, price_text, per_price, list_price: price.per_price, cost_price, max_amount });
  }
  return priced;
}

export const priceKey = (line: LineKey) => `${line.product_id}:${line.option_id}`;

/** The product's maximum per order holds over every line of it (spec §5 "Quantity", enforced here). */
export function checkMaximums(lines: readonly PricedLine[]): void {
  const over = overMaximum(lines);
  if (over) {
    throw new ValidationError("items", "At most {max} of {product} per order.", { max: over.max_amount, product: over.product_name });
  }
}

export function checkOpenOrders(customer: PlacingCustomer, maxOpenOrders: number): void {
  if (Number(customer.open_orders) >= maxOpenOrders) {
    throw new ConflictError(
      "TOO_MANY_OPEN_ORDERS",
      "You already have {max} open orders. Pick one up or cancel it before placing another.",
      { max: maxOpenOrders },
    );
  }
}

/** The order row a placement writes, its id aside. */
export function placedOrder(
  placement: Placement,
  shop: ShopRow,
  totals: { total_price: number; total_cost_price: number },
  toPay: number,
  nowMs: number,
): NewOrder {
  const now = iso(nowMs);
  const hold = placement.complete ? holdUntil(placement.settings.delivery_option, nowMs) : null;
  return {
    user_id: placement.userId,
    shop_id: shop.id,
    status: placement.complete ? "N" : "P",
    payment_status: "P",
    delivery_status: "P",
    ...placement.settings,
    map_html: "",
    discount_percent: 0,
    is_reserved: placement.complete ? 1 : 0,
    total_price: totals.total_price,
    discounted_price: toPay,
    total_cost_price: totals.total_cost_price,
    hold_until: hold === null ? null : iso(hold),
    manager_id: null,
    idempotency_key: placement.key,
    request_hash: placement.requestHash,
    created_at: now,
    updated_at: now,
  };
}

/** The customer's notice of a new order (N), built from what the unit holds: placing is the hot path. */
export function placedNotice(
  order: OrderColumns,
  shop: ShopRow,
  lines: readonly LineInput[],
): Extract<OutboxMessage, { kind: "order_placed" }> {
  return {
    kind: "order_placed",
    user_id: order.user_id,
    order_id: order.id,
    dedupe_key: orderDedupeKey("order_placed", order.id),
    payload: {
      order_id: order.id,
      shop_name: shop.name,
      shop_address: shop.address,
      total: order.discounted_price,
      item_count: lines.reduce((n, l) => n + l.amount, 0),
      hold_until: order.hold_until,
    },
  };
}

/** The order as its answer shows it, from what the unit holds: the order as written, its shop and its customer. */
export function placedRow(order: OrderColumns, shop: ShopRow, customer: PlacingCustomer): OrderRow {
  return {
    ...order,
    shop_name: shop.name,
    shop_address: shop.address,
    shop_district: shop.district,
    shop_map_link: shop.map_link,
    shop_logo: shop.logo_filename,
    user_email: customer.email,
    user_reflink: customer.reflink,
  };
}
