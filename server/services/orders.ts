/**
 * The customer's orders (design §4): placing with a reservation, saving settings of a pending order,
 * canceling, and the pickup hold's expiry and reminder. Each use case is one atomic unit of work (its own
 * savepoint in the writer's group commit): stock is taken by conditional decrements inside it, so an order
 * never exists without its stock nor stock without its order, and no unit is ever sold twice.
 */
import { hash } from "node:crypto";
import type { DB } from "../../db/connection";
import {
  countOrdersOfUser,
  hasOrdersIn,
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
  selectOrderImages,
  productOnSale,
  selectLinePrice,
  selectLines,
  selectOrderRow,
  selectOrderRowsOfUser,
  selectShop,
  selectStockFor,
  type LineRow,
  type OrderRow,
} from "../../db/repositories/orders";
import { enqueueNotification } from "../../db/repositories/outbox";
import { writerOf, type Tx } from "../../db/writer";
import { WAREHOUSE_SHOP_ID } from "../domain/constants";
import type { Order, OrderListQuery, OrderSettingsInput, PlaceOrderBody } from "../domain/contracts/orders";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from "../domain/errors";
import { isMapEmbedUrl, isMapsLink, MAPS_LINK_ONLY } from "../domain/maps";
import { HOLD_REMINDER_BEFORE_MS, orderDedupeKey } from "../domain/notifications";
import {
  CHOOSE_OPTIONS,
  courierDetailsMissing,
  customerMayCancel,
  holdUntil,
  mergeLines,
  OPEN_ORDER_STATUSES,
  orderTotals,
  overMaximum,
  remainingTime,
  settingsComplete,
  tooManyOpenOrders,
  type OrderSettings,
} from "../domain/orders";
import type { LinkSigner } from "./links";
import { pushNewOrderToStaff, tellCustomer, tellPushedStaff } from "./notices";
import { paymentInFlight, selectShopWallet } from "../../db/repositories/ton";
import { PAYMENT_OPTIONS } from "../domain/orders";
import { CRYPTO_NEEDS_WALLET, SEND_GRACE_MS } from "../domain/ton";
import { tonPaymentOf } from "./ton";
import { recordStockChange } from "../../db/repositories/stock";
import { LOW_STOCK_THRESHOLD_DEFAULT } from "../domain/stock";
import { recordSale } from "./stock";

export const NOT_ENOUGH_STOCK = "Not enough products in stock";

export interface OrdersDeps {
  db: DB;
  clock: () => number;
  links: LinkSigner;
  /** Orders one customer may hold open (N or P) at once (MAX_OPEN_ORDERS). */
  maxOpenOrders?: number;
  /** LOW_STOCK_THRESHOLD: a sale taking a pickup shop's shelf to it or below tells the admins (services/stock.ts). */
  lowStockThreshold?: number;
}

type LineInput = { product_id: number; option_id: number; amount: number };
type PricedLine = LineInput & { product_name: string; price_text: string; per_price: number; cost_price: number; max_amount: number | null };

export type Orders = ReturnType<typeof createOrders>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

function normaliseSettings(input: OrderSettingsInput): OrderSettings {
  const link = (input.delivery_address_link ?? "").trim();
  if (link !== "" && !isMapsLink(link)) throw new ValidationError("delivery_address_link", MAPS_LINK_ONLY);
  return {
    delivery_option: input.delivery_option,
    payment_option: input.payment_option,
    phone: (input.phone ?? "").trim(),
    delivery_address: (input.delivery_address ?? "").trim(),
    delivery_address_link: link,
  };
}

/** Prices every line from the catalogue; an unknown, inactive or deleted product or option is a 404. */
function priceLines(tx: Tx, lines: readonly LineInput[]): PricedLine[] {
  return lines.map((line) => {
    const price = selectLinePrice(tx, line);
    // Without a price row the option is unknown; the product may still be on sale (then the option is the 404).
    const productGone = price ? price.is_deleted === 1 || price.is_inactive === 1 : !productOnSale(tx, line.product_id);
    if (productGone) {
      throw new NotFoundError("Product", `Product ${line.product_id} not found`);
    }
    if (!price || price.option_deleted === 1) {
      throw new NotFoundError("Option", `Product ${line.product_id} has no option ${line.option_id}`);
    }
    return { ...line, product_name: price.name, price_text: price.price_text, per_price: price.per_price, cost_price: price.cost_price, max_amount: price.max_amount };
  });
}

/** The product's maximum per order holds over every line of it (spec §5 "Quantity", enforced here). */
function checkMaximums(lines: readonly PricedLine[]): void {
  const over = overMaximum(lines);
  if (over) throw new ValidationError("items", `At most ${over.max_amount} of ${over.product_name} per order.`);
}

/**
 * Reads an order as its customer sees it from the connection it is given (committed data, or the unit's
 * own writes); `lines` when the caller has just written them. `manage_path` stays empty until `signed`
 * fills it in.
 */
export function readView(tx: Tx, row: OrderRow, nowMs: number, lines: readonly LineRow[] = selectLines(tx, row.id)): Order {
  const images = new Map<number, string[]>();
  for (const { product_id, filename } of selectOrderImages(tx, row.id)) {
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
    map_html: isMapEmbedUrl(row.map_html) ? row.map_html : "",
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
    products: lines.map((l) => ({
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
    ton_payment: tonPaymentOf(tx, row, nowMs),
  };
}

/** Puts a reserved order's lines back on its shop's shelf (cancel, expiry, admin cancel). */
export function giveBackStock(tx: Tx, row: Pick<OrderRow, "id" | "shop_id" | "is_reserved">, now: string, actorUserId: number | null = null): void {
  if (row.is_reserved !== 1) return;
  for (const line of selectLines(tx, row.id)) {
    const shelf = { shop_id: row.shop_id, product_id: line.product_id, option_id: line.option_id };
    returnStock(tx, { ...shelf, amount: line.amount }, now);
    recordStockChange(tx, { ...shelf, delta: line.amount, reason: "returned", actor_user_id: actorUserId, order_id: row.id, created_at: now });
  }
}
/**
 * Every use case that changes an order is one unit of work of the store's writer (db/writer.ts): it runs
 * synchronously in its own savepoint of a group commit, and its caller hears of it once it is committed.
 */
export function createOrders({ db, clock, links, maxOpenOrders = 3, lowStockThreshold = LOW_STOCK_THRESHOLD_DEFAULT }: OrdersDeps) {
  const writer = writerOf(db);
  const iso = (ms: number) => new Date(ms).toISOString();

  function pickupShop(tx: Tx, shopId: number) {
    if (shopId === WAREHOUSE_SHOP_ID) throw new ValidationError("shop_id", "The central warehouse is not a pickup shop: choose a shop");
    const shop = selectShop(tx, shopId);
    if (!shop || shop.is_deleted === 1) throw new NotFoundError("Shop", `Shop ${shopId} not found`);
    return shop;
  }

  /** Takes the stock of every line at the shop, or throws (and the unit takes nothing). */
  function reserveAll(tx: Tx, shopId: number, lines: readonly LineInput[], now: string): void {
    for (const line of lines) {
      if (!reserveStock(tx, { shop_id: shopId, ...line }, now)) throw new ConflictError("OUT_OF_STOCK", NOT_ENOUGH_STOCK);
    }
  }

  /** Crypto needs the shop's TON wallet (issue 15): without one the choice is refused, not left to fail later. */
  function checkCryptoTaken(tx: Tx, shopId: number, settings: OrderSettings): void {
    if (settings.payment_option === PAYMENT_OPTIONS.crypto && !selectShopWallet(tx, shopId)) throw new ValidationError("payment_option", CRYPTO_NEEDS_WALLET);
  }

  /** The customer's own order; anyone else's is a 404, so ids reveal nothing. */
  function ownOrder(tx: Tx, userId: number, orderId: number): OrderRow {
    const row = selectOrderRow(tx, orderId);
    if (!row || row.user_id !== userId) throw new NotFoundError("Order", `Order ${orderId} not found`);
    return row;
  }



  /** The order as it stands inside the unit, for the answer. */
  function viewOf(tx: Tx, orderId: number, lines?: readonly LineRow[]): Order {
    return readView(tx, selectOrderRow(tx, orderId)!, clock(), lines);
  }

  /** Adds the signed hand-over link (its key is read once, outside any unit). */
  async function signed(view: Order): Promise<Order> {
    view.manage_path = await links.managePath(view.id);
    return view;
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
      const requestHash = hash("sha256", JSON.stringify({ shop_id: input.body.shop_id, lines, settings }), "hex");

      const outcome = await writer.write((tx) => {
        const earlier = findOrderByIdempotencyKey(tx, input.userId, key);
        if (earlier) {
          if (earlier.request_hash !== requestHash) {
            throw new UnprocessableError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different order.");
          }
          return { view: viewOf(tx, earlier.id), replayed: true };
        }
        const shop = pickupShop(tx, input.body.shop_id);
        checkCryptoTaken(tx, shop.id, settings);
        const priced = priceLines(tx, lines);
        checkMaximums(priced);
        // Counted inside the unit: placements of one customer arriving together are counted one by one.
        if (hasOrdersIn(tx, input.userId, OPEN_ORDER_STATUSES, maxOpenOrders)) {
          throw new ConflictError("TOO_MANY_OPEN_ORDERS", tooManyOpenOrders(maxOpenOrders));
        }
        const nowMs = clock();
        const now = iso(nowMs);
        const complete = settingsComplete(settings);
        if (complete) reserveAll(tx, shop.id, lines, now);
        const totals = orderTotals(priced);
        const hold = complete ? holdUntil(settings.delivery_option, nowMs) : null;
        const orderId = insertOrder(tx, {
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
        const written = insertOrderLines(tx, orderId, priced.map(({ max_amount: _max, ...line }) => line));
        if (complete) recordSale(tx, { orderId, shopId: shop.id, actorUserId: input.userId, now }, lines, lowStockThreshold);
        insertOrderEvent(tx, { order_id: orderId, type: "placed", from_status: null, to_status: complete ? "N" : "P", actor_user_id: input.userId, created_at: now });
        if (complete) {
          // Built from what the unit already holds: placing is the hot path.
          enqueueNotification(
            tx,
            {
              kind: "order_placed",
              user_id: input.userId,
              order_id: orderId,
              dedupe_key: orderDedupeKey("order_placed", orderId),
              payload: {
                order_id: orderId,
                shop_name: shop.name,
                shop_address: shop.address,
                total: totals.total_price,
                item_count: lines.reduce((n, l) => n + l.amount, 0),
                hold_until: hold === null ? null : iso(hold),
              },
            },
            now,
          );
          pushNewOrderToStaff(tx, orderId, shop.id, now);
        }
        return { view: viewOf(tx, orderId, written), replayed: false };
      });
      return { order: await signed(outcome.view), replayed: outcome.replayed };
    },

    /** The customer's orders, newest first, one page. */
    async listOrders(userId: number, query: OrderListQuery = {}): Promise<{ orders: Order[]; next_cursor: number | null; counts: { all: number; done: number } }> {
      const limit = query.limit ?? PAGE_DEFAULT;
      const { views, next_cursor, counts } = await writer.read((tx) => {
        const rows = selectOrderRowsOfUser(tx, userId, query.cursor ?? null, limit + 1);
        const page = rows.slice(0, limit);
        return {
          views: page.map((row) => readView(tx, row, clock())),
          next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
          counts: countOrdersOfUser(tx, userId),
        };
      });
      return { orders: await Promise.all(views.map(signed)), next_cursor, counts };
    },

    async getOrder(userId: number, orderId: number): Promise<Order> {
      return signed(await writer.read((tx) => readView(tx, ownOrder(tx, userId, orderId), clock())));
    },

    /** Spec §4: only a new order; its stock goes back to the shop in the same unit. */
    async cancelOrder(userId: number, orderId: number): Promise<Order> {
      const view = await writer.write((tx) => {
        const row = ownOrder(tx, userId, orderId);
        const now = iso(clock());
        if (row.payment_status === "S") throw new ConflictError("ORDER_PAID", "This order is paid: ask the shop to cancel it and send your money back.");
        if (!customerMayCancel(row) || !moveOrderIf(tx, orderId, row.status, { status: "C", is_reserved: 0 }, now)) {
          throw new ConflictError("ORDER_NOT_CANCELABLE", "This order can no longer be canceled.");
        }
        giveBackStock(tx, row, now, userId);
        insertOrderEvent(tx, { order_id: orderId, type: "canceled", from_status: row.status, to_status: "C", actor_user_id: userId, created_at: now });
        tellCustomer(tx, "order_canceled", orderId, now);
        tellPushedStaff(tx, orderId, "canceled", null, now);
        return viewOf(tx, orderId);
      });
      return signed(view);
    },

    /** Saving the settings of a pending order (is_reserved 1) reserves its stock and makes it new. */
    async saveSettings(userId: number, orderId: number, input: OrderSettingsInput): Promise<Order> {
      const settings = normaliseSettings(input);
      if (!settingsComplete(settings)) throw new ValidationError("settings", CHOOSE_OPTIONS);
      const view = await writer.write((tx) => {
        const row = ownOrder(tx, userId, orderId);
        if (row.status !== "P") throw new ConflictError("ORDER_NOT_PENDING", "Only a pending order takes new settings.");
        // A shop deleted since the order was placed takes no reservation (the shop picker no longer offers it).
        pickupShop(tx, row.shop_id);
        checkCryptoTaken(tx, row.shop_id, settings);
        const nowMs = clock();
        const now = iso(nowMs);
        const lines = selectLines(tx, orderId);
        reserveAll(tx, row.shop_id, lines, now);
        recordSale(tx, { orderId, shopId: row.shop_id, actorUserId: userId, now }, lines, lowStockThreshold);
        const hold = holdUntil(settings.delivery_option, nowMs);
        moveOrderIf(tx, orderId, "P", { status: "N", is_reserved: 1, hold_until: hold === null ? null : iso(hold), ...settings }, now);
        insertOrderEvent(tx, { order_id: orderId, type: "reserved", from_status: "P", to_status: "N", actor_user_id: userId, created_at: now });
        tellCustomer(tx, "order_placed", orderId, now);
        pushNewOrderToStaff(tx, orderId, row.shop_id, now);
        return viewOf(tx, orderId);
      });
      return signed(view);
    },

    /** The cart-and-shops check: pickup shops that hold every line in the asked amount. */
    async shopsForCart(items: LineInput[]): Promise<{ id: number; name: string; district: string }[]> {
      const lines = mergeLines(items);
      return writer.read((tx) => {
        checkMaximums(priceLines(tx, lines));
        const stock = [...new Set(lines.map((l) => l.product_id))].flatMap((productId) => selectStockFor(tx, productId));
        const shops = new Map<number, { id: number; name: string; district: string }>();
        for (const s of stock) if (s.shop_id !== WAREHOUSE_SHOP_ID) shops.set(s.shop_id, { id: s.shop_id, name: s.name, district: s.district });
        const holds = (shopId: number, line: LineInput) =>
          stock.some((s) => s.shop_id === shopId && s.product_id === line.product_id && s.option_id === line.option_id && s.amount >= line.amount);
        return [...shops.values()].filter((shop) => lines.every((line) => holds(shop.id, line))).sort((a, b) => a.id - b.id);
      });
    },

    /**
     * Releases pickup holds that have ended: canceled, stock back, customer told. One unit per order, so
     * one that fails leaves the others done. Returns how many were released.
     */
    async expireHolds(): Promise<number> {
      // A hold waits while a TON payment reported sent may still arrive (its validUntil plus the grace).
      const paymentCutoff = () => iso(clock() - SEND_GRACE_MS);
      const due = await writer.read((tx) => selectExpiredHolds(tx, iso(clock()), paymentCutoff()));
      const done = await Promise.all(
        due.map((id) =>
          writer.write((tx) => {
            const now = iso(clock());
            const row = selectOrderRow(tx, id);
            // Only the run (or cancel) that moves it out of N gives the stock back.
            if (!row || row.status !== "N" || !row.hold_until || row.hold_until > now) return false;
            if (row.payment_status === "S" || paymentInFlight(tx, id, paymentCutoff())) return false;
            if (!moveOrderIf(tx, id, "N", { status: "C", is_reserved: 0 }, now)) return false;
            giveBackStock(tx, row, now);
            insertOrderEvent(tx, { order_id: id, type: "expired", from_status: "N", to_status: "C", actor_user_id: null, created_at: now });
            tellCustomer(tx, "order_expired", id, now);
            tellPushedStaff(tx, id, "expired", null, now);
            return true;
          }),
        ),
      );
      return done.filter(Boolean).length;
    },

    /** Queues the reminder for holds ending within 30 minutes, once per order. */
    async remindHolds(): Promise<number> {
      const nowMs = clock();
      const due = await writer.read((tx) => selectHoldsToRemind(tx, iso(nowMs), iso(nowMs + HOLD_REMINDER_BEFORE_MS)));
      const done = await Promise.all(
        due.map((id) =>
          writer.write((tx) => {
            const now = iso(clock());
            if (!markReminded(tx, id, now)) return false;
            tellCustomer(tx, "hold_reminder", id, now);
            return true;
          }),
        ),
      );
      return done.filter(Boolean).length;
    },
  };
}
