/**
 * The customer's orders (design §4): placing with a reservation, saving settings of a pending order,
 * canceling, and the pickup hold's expiry and reminder. Each use case is one transaction: stock is taken
 * by conditional decrements inside it, so an order never exists without its stock nor stock without its
 * order, and no unit is ever sold twice.
 */
import { createHash } from "node:crypto";
import type { DB } from "../../db/connection";
import {
  findOrderByIdempotencyKey,
  insertOrder,
  insertOrderEvent,
  insertOrderLines,
  markReminded,
  moveOrderIf,
  reserveStock,
  returnStock,
  selectExpiredHolds,
  selectHoldsToRemind,
  selectImageNames,
  selectLinePrices,
  selectLines,
  selectOrderRows,
  selectShop,
  selectStockFor,
  type OrderRow,
} from "../../db/repositories/orders";
import { enqueueNotification } from "../../db/repositories/outbox";
import { WAREHOUSE_SHOP_ID } from "../domain/constants";
import type { Order, OrderSettingsInput, PlaceOrderBody } from "../domain/contracts/orders";
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from "../domain/errors";
import { HOLD_REMINDER_BEFORE_MS, orderDedupeKey, type NotificationKind, type OrderNotificationPayload } from "../domain/notifications";
import {
  courierDetailsMissing,
  customerMayCancel,
  holdUntil,
  mergeLines,
  orderTotals,
  remainingTime,
  settingsComplete,
  type OrderSettings,
} from "../domain/orders";
import type { LinkSigner } from "./links";

export const NOT_ENOUGH_STOCK = "Not enough products in stock";
export const CHOOSE_OPTIONS = "Please choose delivery and payment options!";

export interface OrdersDeps {
  db: DB;
  clock: () => number;
  links: LinkSigner;
}

type LineInput = { product_id: number; option_id: number; amount: number };
type PricedLine = LineInput & { product_name: string; price_text: string; per_price: number; cost_price: number };

export type Orders = ReturnType<typeof createOrders>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

function normaliseSettings(input: OrderSettingsInput): OrderSettings {
  return {
    delivery_option: input.delivery_option,
    payment_option: input.payment_option,
    phone: (input.phone ?? "").trim(),
    delivery_address: (input.delivery_address ?? "").trim(),
    delivery_address_link: (input.delivery_address_link ?? "").trim(),
  };
}

/** Prices every line from the catalogue; an unknown, inactive or deleted product or option is a 404. */
async function priceLines(db: DB, lines: LineInput[]): Promise<PricedLine[]> {
  const rows = await selectLinePrices(db, [...new Set(lines.map((l) => l.product_id))]);
  return lines.map((line) => {
    const ofProduct = rows.filter((r) => r.product_id === line.product_id);
    const product = ofProduct[0];
    if (!product || product.is_deleted === 1 || product.is_inactive === 1) {
      throw new NotFoundError("Product", `Product ${line.product_id} not found`);
    }
    const option = ofProduct.find((r) => r.option_id === line.option_id);
    if (!option || option.option_deleted === 1) {
      throw new NotFoundError("Option", `Product ${line.product_id} has no option ${line.option_id}`);
    }
    return { ...line, product_name: product.name, price_text: option.price_text, per_price: option.per_price, cost_price: option.cost_price };
  });
}

export function createOrders({ db, clock, links }: OrdersDeps) {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function pickupShop(trx: DB, shopId: number) {
    if (shopId === WAREHOUSE_SHOP_ID) throw new ValidationError("shop_id", "The central warehouse is not a pickup shop: choose a shop");
    const shop = await selectShop(trx, shopId);
    if (!shop || shop.is_deleted === 1) throw new NotFoundError("Shop", `Shop ${shopId} not found`);
    return shop;
  }

  /** Takes the stock of every line at the shop, or throws (and the transaction takes nothing). */
  async function reserveAll(trx: DB, shopId: number, lines: LineInput[], now: string): Promise<void> {
    for (const line of lines) {
      if (!(await reserveStock(trx, { shop_id: shopId, ...line }, now))) throw new ConflictError("OUT_OF_STOCK", NOT_ENOUGH_STOCK);
    }
  }

  async function enqueueNotice(trx: DB, kind: NotificationKind, userId: number, payload: OrderNotificationPayload): Promise<void> {
    await enqueueNotification(trx, { kind, user_id: userId, order_id: payload.order_id, dedupe_key: orderDedupeKey(kind, payload.order_id), payload }, iso(clock()));
  }

  /** Tells the customer of a change to an order, as the order stands inside this transaction. */
  async function notify(trx: DB, kind: NotificationKind, orderId: number): Promise<void> {
    const [row] = await selectOrderRows(trx, { id: orderId });
    if (!row) return;
    const lines = await selectLines(trx, [orderId]);
    await enqueueNotice(trx, kind, row.user_id, {
      order_id: orderId,
      shop_name: row.shop_name,
      shop_address: row.shop_address,
      total: row.discounted_price,
      item_count: lines.reduce((n, l) => n + l.amount, 0),
      hold_until: row.hold_until,
    });
  }

  async function views(rows: OrderRow[]): Promise<Order[]> {
    const lines = await selectLines(db, rows.map((r) => r.id));
    const images = await selectImageNames(db, [...new Set(lines.map((l) => l.product_id))]);
    const now = clock();
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        status: row.status,
        payment_status: row.payment_status,
        delivery_status: row.delivery_status,
        payment_option: row.payment_option,
        delivery_option: row.delivery_option,
        delivery_address: row.delivery_address,
        delivery_address_link: row.delivery_address_link,
        phone: row.phone,
        map_html: row.map_html,
        discount_percent: row.discount_percent,
        total_price: row.total_price,
        discounted_price: row.discounted_price,
        is_reserved: row.is_reserved,
        created: row.created_at,
        hold_until: row.hold_until,
        remaining_time: row.status === "N" && row.hold_until ? remainingTime(Date.parse(row.hold_until), now) : null,
        can_cancel: customerMayCancel(row.status),
        store: {
          id: row.shop_id,
          name: row.shop_name,
          path: row.shop_logo ? `/assets/shop/${row.shop_id}/${encodeURIComponent(row.shop_logo)}` : "",
          address: row.shop_address,
          district: row.shop_district,
          map_link: row.shop_map_link,
        },
        products: lines
          .filter((l) => l.order_id === row.id)
          .map((l) => ({
            id: l.id,
            product_id: l.product_id,
            option_id: l.option_id,
            product_name: l.product_name,
            per_price: l.per_price,
            amount: l.amount,
            price_text: l.price_text,
            images: images.filter((i) => i.product_id === l.product_id).map((i) => i.filename),
          })),
        manager_id: row.manager_id,
        user_data: { email: row.user_email, reflink: row.user_reflink },
        manage_path: await links.managePath(row.id),
      })),
    );
  }

  /** The customer's own order; anyone else's is a 404, so ids reveal nothing. */
  async function ownOrder(trx: DB, userId: number, orderId: number): Promise<OrderRow> {
    const [row] = await selectOrderRows(trx, { id: orderId });
    if (!row || row.user_id !== userId) throw new NotFoundError("Order", `Order ${orderId} not found`);
    return row;
  }

  async function giveBackStock(trx: DB, row: Pick<OrderRow, "id" | "shop_id" | "is_reserved">, now: string): Promise<void> {
    if (row.is_reserved !== 1) return;
    for (const line of await selectLines(trx, [row.id])) {
      await returnStock(trx, { shop_id: row.shop_id, product_id: line.product_id, option_id: line.option_id, amount: line.amount }, now);
    }
  }

  async function viewOf(orderId: number): Promise<Order> {
    return (await views(await selectOrderRows(db, { id: orderId })))[0]!;
  }

  return {
    async placeOrder(input: { userId: number; idempotencyKey: string | undefined; body: PlaceOrderBody }): Promise<{ order: Order; replayed: boolean }> {
      const key = input.idempotencyKey?.trim();
      if (!key || !IDEMPOTENCY_KEY.test(key)) {
        throw new ValidationError("Idempotency-Key", "Idempotency-Key header is required: 8-128 letters, digits or _.:-");
      }
      const lines = mergeLines(input.body.items)
        .map(({ product_id, option_id, amount }) => ({ product_id, option_id, amount }))
        .sort((a, b) => a.product_id - b.product_id || a.option_id - b.option_id);
      const settings = normaliseSettings(input.body);
      if (courierDetailsMissing(settings)) throw new ValidationError("phone", CHOOSE_OPTIONS);
      const requestHash = createHash("sha256").update(JSON.stringify({ shop_id: input.body.shop_id, lines, settings })).digest("hex");

      const outcome = await db.transaction().execute(async (trx) => {
        const earlier = await findOrderByIdempotencyKey(trx, input.userId, key);
        if (earlier) {
          if (earlier.request_hash !== requestHash) {
            throw new UnprocessableError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different order.");
          }
          return { orderId: earlier.id, replayed: true };
        }
        const shop = await pickupShop(trx, input.body.shop_id);
        const priced = await priceLines(trx, lines);
        const nowMs = clock();
        const now = iso(nowMs);
        const complete = settingsComplete(settings);
        if (complete) await reserveAll(trx, shop.id, lines, now);
        const totals = orderTotals(priced);
        const hold = complete ? holdUntil(settings.delivery_option, nowMs) : null;
        const orderId = await insertOrder(trx, {
          user_id: input.userId,
          shop_id: shop.id,
          status: complete ? "N" : "P",
          ...settings,
          is_reserved: complete ? 1 : 0,
          total_price: totals.total_price,
          discounted_price: totals.total_price,
          total_cost_price: totals.total_cost_price,
          hold_until: hold === null ? null : iso(hold),
          idempotency_key: key,
          request_hash: requestHash,
          created_at: now,
          updated_at: now,
        });
        await insertOrderLines(trx, orderId, priced);
        await insertOrderEvent(trx, { order_id: orderId, type: "placed", from_status: null, to_status: complete ? "N" : "P", actor_user_id: input.userId, created_at: now });
        if (complete) {
          await enqueueNotice(trx, "order_placed", input.userId, {
            order_id: orderId,
            shop_name: shop.name,
            shop_address: shop.address,
            total: totals.total_price,
            item_count: lines.reduce((n, l) => n + l.amount, 0),
            hold_until: hold === null ? null : iso(hold),
          });
        }
        return { orderId, replayed: false };
      });
      return { order: await viewOf(outcome.orderId), replayed: outcome.replayed };
    },

    async listOrders(userId: number): Promise<Order[]> {
      return views(await selectOrderRows(db, { userId }));
    },

    async getOrder(userId: number, orderId: number): Promise<Order> {
      await ownOrder(db, userId, orderId);
      return viewOf(orderId);
    },

    /** Spec §4: only a new order; its stock goes back to the shop in the same transaction. */
    async cancelOrder(userId: number, orderId: number): Promise<Order> {
      await db.transaction().execute(async (trx) => {
        const row = await ownOrder(trx, userId, orderId);
        const now = iso(clock());
        if (!customerMayCancel(row.status) || !(await moveOrderIf(trx, orderId, row.status, { status: "C", is_reserved: 0 }, now))) {
          throw new ConflictError("ORDER_NOT_CANCELABLE", "This order can no longer be canceled.");
        }
        await giveBackStock(trx, row, now);
        await insertOrderEvent(trx, { order_id: orderId, type: "canceled", from_status: row.status, to_status: "C", actor_user_id: userId, created_at: now });
        await notify(trx, "order_canceled", orderId);
      });
      return viewOf(orderId);
    },

    /** Saving the settings of a pending order (is_reserved 1) reserves its stock and makes it new. */
    async saveSettings(userId: number, orderId: number, input: OrderSettingsInput): Promise<Order> {
      const settings = normaliseSettings(input);
      if (!settingsComplete(settings)) throw new ValidationError("settings", CHOOSE_OPTIONS);
      await db.transaction().execute(async (trx) => {
        const row = await ownOrder(trx, userId, orderId);
        if (row.status !== "P") throw new ConflictError("ORDER_NOT_PENDING", "Only a pending order takes new settings.");
        const nowMs = clock();
        const now = iso(nowMs);
        const lines = await selectLines(trx, [orderId]);
        await reserveAll(trx, row.shop_id, lines, now);
        const hold = holdUntil(settings.delivery_option, nowMs);
        await moveOrderIf(trx, orderId, "P", { status: "N", is_reserved: 1, hold_until: hold === null ? null : iso(hold), ...settings }, now);
        await insertOrderEvent(trx, { order_id: orderId, type: "reserved", from_status: "P", to_status: "N", actor_user_id: userId, created_at: now });
        await notify(trx, "order_placed", orderId);
      });
      return viewOf(orderId);
    },

    /** The cart-and-shops check: pickup shops that hold every line in the asked amount. */
    async shopsForCart(items: LineInput[]): Promise<{ id: number; name: string; district: string }[]> {
      const lines = mergeLines(items);
      await priceLines(db, lines);
      const stock = await selectStockFor(db, [...new Set(lines.map((l) => l.product_id))]);
      const shops = new Map<number, { id: number; name: string; district: string }>();
      for (const s of stock) if (s.shop_id !== WAREHOUSE_SHOP_ID) shops.set(s.shop_id, { id: s.shop_id, name: s.name, district: s.district });
      const holds = (shopId: number, line: LineInput) =>
        stock.some((s) => s.shop_id === shopId && s.product_id === line.product_id && s.option_id === line.option_id && s.amount >= line.amount);
      return [...shops.values()].filter((shop) => lines.every((line) => holds(shop.id, line))).sort((a, b) => a.id - b.id);
    },

    /** Releases pickup holds that have ended: canceled, stock back, customer told. Returns how many. */
    async expireHolds(): Promise<number> {
      const due = await selectExpiredHolds(db, iso(clock()));
      let expired = 0;
      for (const { id } of due) {
        const done = await db.transaction().execute(async (trx) => {
          const now = iso(clock());
          const [row] = await selectOrderRows(trx, { id });
          // Only the run (or cancel) that moves it out of N gives the stock back.
          if (!row || row.status !== "N" || !row.hold_until || row.hold_until > now) return false;
          if (!(await moveOrderIf(trx, id, "N", { status: "C", is_reserved: 0 }, now))) return false;
          await giveBackStock(trx, row, now);
          await insertOrderEvent(trx, { order_id: id, type: "expired", from_status: "N", to_status: "C", actor_user_id: null, created_at: now });
          await notify(trx, "order_expired", id);
          return true;
        });
        if (done) expired++;
      }
      return expired;
    },

    /** Queues the reminder for holds ending within 30 minutes, once per order. */
    async remindHolds(): Promise<number> {
      const nowMs = clock();
      const due = await selectHoldsToRemind(db, iso(nowMs), iso(nowMs + HOLD_REMINDER_BEFORE_MS));
      let reminded = 0;
      for (const { id } of due) {
        const done = await db.transaction().execute(async (trx) => {
          if (!(await markReminded(trx, id, iso(clock())))) return false;
          await notify(trx, "hold_reminder", id);
          return true;
        });
        if (done) reminded++;
      }
      return reminded;
    },
  };
}
