/**
 * The customer's use cases for their orders (design §4): placing with a reservation, saving the settings
 * of a pending order, canceling, reading them, and the cart's shop check; and giving an order's stock
 * back, which the hold expiry (services/holds.ts) and the hand-over's admin cancel reuse. The order as the
 * customer sees it is services/orderView.ts.
 *
 * Each use case that writes is one unit of work (db/unitOfWork.ts): the stock is taken off the shelf by
 * conditional writes inside it, so an order never exists without its stock nor stock without its order,
 * and no item is ever sold twice.
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import {
  countOrdersOfUser,
  insertOrderEvent,
  insertPlacedOrder,
  moveOrderIf,
  selectLinePrices,
  selectLines,
  selectOrderRow,
  selectOrderRowsOfUser,
  selectPlacingCustomer,
  selectShop,
  selectStockFor,
  type OrderRow,
} from "../../db/repositories/orders";
import { enqueueNotification } from "../../db/repositories/outbox";
import { putOnShelf, ShelfNoticeDue, takeFromShelves } from "../../db/repositories/shelf";
import { selectShopWallet } from "../../db/repositories/ton";
import { RunAlone, unitOfWorkOf } from "../../db/unitOfWork";
import { WAREHOUSE_SHOP_ID } from "../domain/constants";
import type { Order, OrderListQuery, OrderSettingsInput, PlaceOrderBody } from "../domain/contracts/orders";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import {
  CHOOSE_OPTIONS,
  customerMayCancel,
  holdUntil,
  mergeLines,
  OPEN_ORDER_STATUSES,
  orderTotals,
  PAYMENT_OPTIONS,
  settingsComplete,
  type OrderSettings,
} from "../domain/orders";
import { pageOf } from "../domain/paging";
import { LOW_STOCK_THRESHOLD_DEFAULT, lowStockCrossingAfter } from "../domain/stock";
import { CRYPTO_NEEDS_WALLET } from "../domain/ton";
import type { LinkSigner } from "./links";
import { pushNewOrderToStaff, tellCustomer, tellPushedStaff } from "./notices";
import { readView, readViews } from "./orderView";
import { createPlaceTogether, writesTogether } from "./placeTogether";
import {
  checkMaximums,
  checkOpenOrders,
  checkPickupShop,
  checkPickupShopId,
  earlierPlacement,
  iso,
  normaliseSettings,
  NOT_ENOUGH_STOCK,
  placedNotice,
  placedOrder,
  placedRow,
  placementOf,
  priceKey,
  priceLinesFrom,
  type LineInput,
  type Placement,
  type PricedLine,
} from "./placing";
import { claimPromo, givePromoBack, promoForPlacement, type PlacedPromo } from "./promos";
import { tellRestocked } from "./restock";
import { recordSale } from "./stock";

export interface OrdersDeps {
  db: DB;
  clock: () => number;
  links: LinkSigner;
  /** Orders one customer may hold open (N or P) at once (MAX_OPEN_ORDERS). */
  maxOpenOrders?: number;
  /** LOW_STOCK_THRESHOLD: a sale taking a pickup shop's shelf to it or below tells the admins (services/stock.ts). */
  lowStockThreshold?: number;
  /** Told of every order placed, once it is committed (the store's metrics). */
  placed?: () => void;
}

export type Orders = ReturnType<typeof createOrders>;

/** Prices every line from the catalogue in one read; an unknown, inactive or deleted product or option is a 404. */
async function priceLines(tx: Executor, lines: readonly LineInput[], nowMs: number): Promise<PricedLine[]> {
  return priceLinesFrom(tx, lines, new Map((await selectLinePrices(tx, lines)).map((price) => [priceKey(price), price])), nowMs);
}

/**
 * Puts a reserved order's lines back on its shop's shelf (cancel, expiry, admin cancel), each with its audit row,
 * tells the wishlisters of a product this brought back in stock (server/services/restock.ts), and gives the use
 * of its promo code back (issue 25), reserved or not: every path that ends an order comes here.
 */
export async function giveBackStock(
  tx: Executor,
  row: Pick<OrderRow, "id" | "shop_id" | "is_reserved">,
  now: string,
  actorUserId: number | null = null,
): Promise<void> {
  await givePromoBack(tx, row.id);
  if (row.is_reserved !== 1) return;
  const change = { reason: "returned" as const, actor_user_id: actorUserId, order_id: row.id, now };
  const lines = await selectLines(tx, row.id);
  for (const line of lines) {
    await putOnShelf(tx, { shop_id: row.shop_id, product_id: line.product_id, option_id: line.option_id }, line.amount, change);
  }
  await tellRestocked(
    tx,
    lines.map((line) => ({ shop_id: row.shop_id, product_id: line.product_id, amount: line.amount })),
    now,
  );
}

export function createOrders({
  db,
  clock,
  links,
  maxOpenOrders = 3,
  lowStockThreshold = LOW_STOCK_THRESHOLD_DEFAULT,
  placed = () => undefined,
}: OrdersDeps) {
  const unitOfWork = unitOfWorkOf(db).named("orders");

  async function pickupShop(tx: Executor, shopId: number) {
    checkPickupShopId(shopId);
    return checkPickupShop(shopId, await selectShop(tx, shopId));
  }

  /**
   * Takes every line of an order off its shop's shelf, sold to the customer, or throws (and the unit takes
   * nothing); then the low-stock push for the shelves the sale took across the threshold.
   */
  async function reserveAll(
    tx: Executor,
    sale: { orderId: number; shopId: number; userId: number; now: string },
    lines: readonly LineInput[],
    { last = false } = {},
  ): Promise<void> {
    const change = { reason: "sold" as const, actor_user_id: sale.userId, order_id: sale.orderId, now: sale.now };
    // As the unit's last statement the take refuses to leave a shelf where the low-stock push below is due
    // (that unit runs again, the take not last): so when it answers, recordSale has nothing to write.
    const asLast = last
      ? { noticeAfter: lines.map((line) => lowStockCrossingAfter(sale.shopId, line.amount, lowStockThreshold)) }
      : undefined;
    const after = await takeFromShelves(tx, sale.shopId, lines, change, asLast);
    if (after === null) throw new ConflictError("OUT_OF_STOCK", NOT_ENOUGH_STOCK);
    const taken = lines.map((line, i) => ({ ...line, amount_after: after[i]! }));
    await recordSale(tx, { orderId: sale.orderId, shopId: sale.shopId, now: sale.now }, taken, lowStockThreshold);
  }

  /** Crypto needs the shop's TON wallet (issue 15): without one the choice is refused, not left to fail later. */
  async function checkCryptoTaken(tx: Executor, shopId: number, settings: OrderSettings): Promise<void> {
    if (settings.payment_option === PAYMENT_OPTIONS.crypto && !(await selectShopWallet(tx, shopId))) {
      throw new ValidationError("payment_option", CRYPTO_NEEDS_WALLET);
    }
  }

  /** The customer's own order; anyone else's is a 404, so ids reveal nothing. */
  async function ownOrder(tx: Executor, userId: number, orderId: number): Promise<OrderRow> {
    const row = await selectOrderRow(tx, orderId);
    if (!row || row.user_id !== userId) throw new NotFoundError("Order", "Order {id} not found", { id: orderId });
    return row;
  }

  /** The order as it stands inside the unit, for the answer. */
  async function viewOf(tx: Executor, orderId: number): Promise<Order> {
    return readView(tx, (await selectOrderRow(tx, orderId))!, clock());
  }

  /** Adds the signed hand-over link (its key is read once, outside any unit). */
  async function signed(view: Order): Promise<Order> {
    view.manage_path = await links.managePath(view.id);
    return view;
  }

  /** One placement as a unit of its own: SQLite (its group commit), and on PostgreSQL what is not written together. */
  async function placeAlone(placement: Placement): Promise<{ view: Order; replayed: boolean }> {
    const { userId, key, lines, settings, complete, promoCode } = placement;
    const place = (takeLast: boolean) => unitOfWork.write("placeOrder", async (tx) => {
      // The customer's row first: another placement of theirs waits here until this one is committed, then
      // finds its Idempotency-Key and counts its order (the unique key stays the last word on the key).
      await lockRows(tx, "users", [userId]);
      const customer = await selectPlacingCustomer(tx, userId, key, OPEN_ORDER_STATUSES);
      if (!customer) throw new Error(`No user ${userId} to place an order for`);
      const earlier = earlierPlacement(customer, placement);
      if (earlier !== null) return { view: await viewOf(tx, earlier), replayed: true };
      const shop = await pickupShop(tx, placement.shopId);
      await checkCryptoTaken(tx, shop.id, settings);
      const nowMs = clock();
      const now = iso(nowMs);
      const priced = await priceLines(tx, lines, nowMs);
      checkMaximums(priced);
      checkOpenOrders(customer, maxOpenOrders);
      const totals = orderTotals(priced);
      // A code is judged on the cart at list prices; what it takes off is what the customer pays less.
      const promo: PlacedPromo | null = promoCode
        ? await promoForPlacement(tx, { code: promoCode, userId, shopId: shop.id, total: totals.total_price, now })
        : null;
      const toPay = totals.total_price - (promo?.discount ?? 0);
      const newOrder = placedOrder(placement, shop, totals, toPay, nowMs);
      const { order, lines: written } = await insertPlacedOrder(
        tx,
        newOrder,
        priced.map(({ max_amount: _max, ...line }) => line),
        { type: "placed", from_status: null, to_status: newOrder.status, actor_user_id: userId, created_at: now },
      );
      const orderId = order.id;
      if (complete) {
        await enqueueNotification(tx, placedNotice(order, shop, lines), now);
        await pushNewOrderToStaff(tx, orderId, shop.id, now);
      }
      // The code's use, now that the order has its id: the database decides the last use and once per customer.
      if (promo) await claimPromo(tx, promo, { id: orderId, userId, now });
      const row = placedRow(order, shop, customer);
      const view = await readView(tx, row, nowMs, written, promo ? { code: promo.promo.code, discount: promo.discount } : null);
      // Last, with the commit: a shelf's row is the one every placement of its product writes, and where
      // transactions run side by side (PostgreSQL) its lock is held from the take to the commit, so there the
      // take goes in one write with the COMMIT (db/postgres/shelf.ts). Out of stock still undoes everything
      // above (the unit throws).
      if (complete) await reserveAll(tx, { orderId, shopId: shop.id, userId, now }, lines, { last: takeLast });
      return { view, replayed: false };
    });
    // A take that would owe the low-stock push cannot be the last statement: that placement runs again.
    return place(true).catch((error: unknown) => {
      if (error instanceof ShelfNoticeDue) return place(false);
      throw error;
    });
  }

  /**
   * On PostgreSQL, the placements of one turn written together (server/services/placeTogether.ts); undefined on
   * SQLite, whose group commit already shares one transaction among them.
   */
  const placeTogether = createPlaceTogether({ units: unitOfWork, clock, maxOpenOrders, lowStockThreshold });

  return {
    async placeOrder(input: {
      userId: number;
      idempotencyKey: string | undefined;
      body: PlaceOrderBody;
    }): Promise<{ order: Order; replayed: boolean }> {
      const placement = placementOf(input);
      // Written together: the common placement (complete settings, no code, no crypto); the rest, and any placement
      // its batch could not decide or that failed with its batch as a whole, as a unit of its own.
      const together = placeTogether && writesTogether(placement) ? placeTogether : undefined;
      const outcome = together
        ? await together(placement).catch((error: unknown) => {
            if (error instanceof RunAlone) return placeAlone(placement);
            throw error;
          })
        : await placeAlone(placement);
      if (!outcome.replayed) placed();
      return { order: await signed(outcome.view), replayed: outcome.replayed };
    },

    /** The customer's orders, newest first, one page. */
    async listOrders(
      userId: number,
      query: OrderListQuery = {},
    ): Promise<{ orders: Order[]; next_cursor: number | null; counts: { all: number; done: number } }> {
      const limit = query.limit ?? PAGE_DEFAULT;
      const { views, next_cursor, counts } = await unitOfWork.read("listOrders", async (tx) => {
        const page = pageOf(await selectOrderRowsOfUser(tx, userId, query.cursor ?? null, limit + 1), limit);
        // The page's lines and pictures in one statement each (readViews), not a pair per order.
        const views = (await readViews(tx, page.rows, clock())).map((v) => v.view);
        return { views, next_cursor: page.next_cursor, counts: await countOrdersOfUser(tx, userId) };
      });
      return { orders: await Promise.all(views.map(signed)), next_cursor, counts };
    },

    async getOrder(userId: number, orderId: number): Promise<Order> {
      return signed(await unitOfWork.read("getOrder", async (tx) => readView(tx, await ownOrder(tx, userId, orderId), clock())));
    },

    /** Spec §4: only a new order; its stock goes back to the shop in the same unit. */
    async cancelOrder(userId: number, orderId: number): Promise<Order> {
      const view = await unitOfWork.write("cancelOrder", async (tx) => {
        // The order's row first: a payment recorded meanwhile is read before deciding, never after.
        await lockRows(tx, "orders", [orderId]);
        const row = await ownOrder(tx, userId, orderId);
        const now = iso(clock());
        if (row.payment_status === "S") {
          throw new ConflictError("ORDER_PAID", "This order is paid: ask the shop to cancel it and send your money back.");
        }
        if (!customerMayCancel(row) || !(await moveOrderIf(tx, orderId, row.status, { status: "C", is_reserved: 0 }, now))) {
          throw new ConflictError("ORDER_NOT_CANCELABLE", "This order can no longer be canceled.");
        }
        await giveBackStock(tx, row, now, userId);
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "canceled",
          from_status: row.status,
          to_status: "C",
          actor_user_id: userId,
          created_at: now,
        });
        await tellCustomer(tx, "order_canceled", orderId, now);
        await tellPushedStaff(tx, orderId, "canceled", null, now);
        return viewOf(tx, orderId);
      });
      return signed(view);
    },

    /** Saving the settings of a pending order (is_reserved 1) reserves its stock and makes it new. */
    async saveSettings(userId: number, orderId: number, input: OrderSettingsInput): Promise<Order> {
      const settings = normaliseSettings(input);
      if (!settingsComplete(settings)) throw new ValidationError("settings", CHOOSE_OPTIONS);
      const notPending = () => new ConflictError("ORDER_NOT_PENDING", "Only a pending order takes new settings.");
      const view = await unitOfWork.write("saveSettings", async (tx) => {
        // The order's row first: two saves of one order reserve its stock once.
        await lockRows(tx, "orders", [orderId]);
        const row = await ownOrder(tx, userId, orderId);
        if (row.status !== "P") throw notPending();
        // A shop deleted since the order was placed takes no reservation (the shop picker no longer offers it).
        await pickupShop(tx, row.shop_id);
        await checkCryptoTaken(tx, row.shop_id, settings);
        const nowMs = clock();
        const now = iso(nowMs);
        await reserveAll(tx, { orderId, shopId: row.shop_id, userId, now }, await selectLines(tx, orderId));
        const hold = holdUntil(settings.delivery_option, nowMs);
        // Conditional as well: a unit that lost the race to another one rolls its reservation back.
        const reserved = { status: "N", is_reserved: 1, hold_until: hold === null ? null : iso(hold), ...settings } as const;
        if (!(await moveOrderIf(tx, orderId, "P", reserved, now))) {
          throw notPending();
        }
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "reserved",
          from_status: "P",
          to_status: "N",
          actor_user_id: userId,
          created_at: now,
        });
        await tellCustomer(tx, "order_placed", orderId, now);
        await pushNewOrderToStaff(tx, orderId, row.shop_id, now);
        return viewOf(tx, orderId);
      });
      return signed(view);
    },

    /** The cart-and-shops check: pickup shops that hold every line in the asked amount. */
    async shopsForCart(items: LineInput[]): Promise<{ id: number; name: string; district: string }[]> {
      const lines = mergeLines(items);
      return unitOfWork.read("shopsForCart", async (tx) => {
        checkMaximums(await priceLines(tx, lines, clock()));
        const stock = await selectStockFor(tx, [...new Set(lines.map((l) => l.product_id))]);
        const shops = new Map<number, { id: number; name: string; district: string }>();
        for (const s of stock) {
          if (s.shop_id !== WAREHOUSE_SHOP_ID) shops.set(s.shop_id, { id: s.shop_id, name: s.name, district: s.district });
        }
        const holds = (shopId: number, line: LineInput) =>
          stock.some(
            (s) => s.shop_id === shopId && s.product_id === line.product_id && s.option_id === line.option_id && s.amount >= line.amount,
          );
        return [...shops.values()].filter((shop) => lines.every((line) => holds(shop.id, line))).sort((a, b) => a.id - b.id);
      });
    },
  };
}
