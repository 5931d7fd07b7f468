/**
 * Stock (issue 12, design §3): admins add stock to a shop (the warehouse by default) and move it from the
 * warehouse to a pickup shop; every change of a shelf, the orders' too, is an audit row of
 * `stock_history`. A sale that takes a pickup shop's shelf across the low-stock threshold queues one bot
 * push to every admin with a Telegram chat, in the same unit of work as the sale.
 *
 * The changes are units of work of the store's writer (db/writer.ts), like the order placements that take
 * stock from the same shelves: one unit, one savepoint, nothing half done.
 */
import type { DB } from "../../db/connection";
import { findProductRow } from "../../db/repositories/adminProducts";
import { enqueueNotification } from "../../db/repositories/outbox";
import {
  addToShelf,
  isAdminUser,
  listStockHistory,
  productExists,
  recordStockChange,
  selectAdminChatUsers,
  selectLowShelves,
  selectShelves,
  selectShopForStock,
  selectStockTarget,
  shelfAmount,
  takeFromShelf,
} from "../../db/repositories/stock";
import { writerOf, type Tx } from "../../db/writer";
import { WAREHOUSE_SHOP_ID } from "../domain/constants";
import type { StockHistoryEntry } from "../domain/contracts/adminStock";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../domain/errors";
import { checkStockAmount, crossesLowStock, LOW_STOCK_THRESHOLD_DEFAULT, STOCK_TEXTS, type LowShelf } from "../domain/stock";
import { personName } from "./notices";

export type Stock = ReturnType<typeof createStock>;

export interface StockDeps {
  db: DB;
  clock: () => number;
  /** LOW_STOCK_THRESHOLD: a pickup shop's shelf at or below this is low. */
  lowStockThreshold?: number;
}

type OptionLine = { product_id: number; option_id: number; amount: number };

export type { LowShelf };

/**
 * Stock changes are the admins' (spec §6), whoever calls: the HTTP guard checks it before, the bot on every
 * update, and this unit once more where the change is made (an admin demoted a moment ago changes nothing).
 */
function onlyAdmin(tx: Tx, userId: number): void {
  if (!isAdminUser(tx, userId)) throw new ForbiddenError();
}

/** A live product and option, or a 404 naming which is missing. */
function liveOption(tx: Tx, productId: number, optionId: number) {
  const target = selectStockTarget(tx, productId, optionId);
  if (!target ? !productExists(tx, productId) : target.product_deleted === 1) throw new NotFoundError("Product", `Product ${productId} not found`);
  if (!target || target.option_deleted === 1) throw new NotFoundError("Option", `Product ${productId} has no option ${optionId}`);
  return target;
}

function liveShop(tx: Tx, shopId: number) {
  const shop = selectShopForStock(tx, shopId);
  if (!shop || shop.is_deleted === 1) throw new NotFoundError("Shop", `Shop ${shopId} not found`);
  return shop;
}

/** Tells every admin with a chat that a shelf is low; keyed by the audit row, so one crossing is one push each. */
function tellLowStock(tx: Tx, sale: { orderId: number; shopId: number; now: string }, line: OptionLine, change: { id: number; amount_after: number }, threshold: number): void {
  const admins = selectAdminChatUsers(tx);
  if (admins.length === 0) return;
  const target = selectStockTarget(tx, line.product_id, line.option_id);
  const shop = selectShopForStock(tx, sale.shopId);
  if (!target || !shop) return;
  for (const adminId of admins) {
    enqueueNotification(
      tx,
      {
        kind: "low_stock",
        user_id: adminId,
        order_id: sale.orderId,
        dedupe_key: `low_stock:${sale.shopId}:${line.product_id}:${line.option_id}:${change.id}:${adminId}`,
        payload: {
          shop_id: sale.shopId,
          shop_name: shop.name,
          product_id: line.product_id,
          product_name: target.product_name,
          option_id: line.option_id,
          price_text: target.price_text,
          amount: change.amount_after,
          threshold,
          order_id: sale.orderId,
        },
      },
      sale.now,
    );
  }
}

/**
 * The audit of an order taking its lines off the shop's shelves (already taken, in the caller's unit), and
 * the low-stock push when a line takes a pickup shop's shelf across the threshold.
 */
export function recordSale(
  tx: Tx,
  sale: { orderId: number; shopId: number; actorUserId: number | null; now: string },
  lines: readonly OptionLine[],
  lowStockThreshold: number,
): void {
  for (const line of lines) {
    const change = recordStockChange(tx, {
      shop_id: sale.shopId,
      product_id: line.product_id,
      option_id: line.option_id,
      delta: -line.amount,
      reason: "sold",
      actor_user_id: sale.actorUserId,
      order_id: sale.orderId,
      created_at: sale.now,
    });
    if (crossesLowStock(sale.shopId, change.amount_after + line.amount, change.amount_after, lowStockThreshold)) {
      tellLowStock(tx, sale, line, change, lowStockThreshold);
    }
  }
}

export function createStock({ db, clock, lowStockThreshold = LOW_STOCK_THRESHOLD_DEFAULT }: StockDeps) {
  const writer = writerOf(db);
  const iso = (ms: number) => new Date(ms).toISOString();

  return {
    /** Adds stock to a shop's shelf (the warehouse by default); answers what the shelf holds now. */
    async add(actorUserId: number, input: { product_id: number; option_id: number; shop_id?: number | undefined; amount: number }): Promise<{ instock: number }> {
      const amount = checkStockAmount(input.amount);
      const shopId = input.shop_id ?? WAREHOUSE_SHOP_ID;
      return writer.write((tx) => {
        onlyAdmin(tx, actorUserId);
        liveShop(tx, shopId);
        liveOption(tx, input.product_id, input.option_id);
        const now = iso(clock());
        const shelf = { shop_id: shopId, product_id: input.product_id, option_id: input.option_id };
        addToShelf(tx, shelf, amount, now);
        const change = recordStockChange(tx, { ...shelf, delta: amount, reason: "added", actor_user_id: actorUserId, order_id: null, created_at: now });
        return { instock: change.amount_after };
      });
    },

    /** Moves stock from the warehouse to a pickup shop in one unit; the warehouse never goes below zero. */
    async move(actorUserId: number, input: { product_id: number; option_id: number; to_shop_id: number; amount: number }): Promise<{ warehouse: number; instock: number; shop_name: string }> {
      const amount = checkStockAmount(input.amount);
      if (input.to_shop_id === WAREHOUSE_SHOP_ID) throw new ValidationError("to_shop_id", STOCK_TEXTS.moveToWarehouse);
      return writer.write((tx) => {
        onlyAdmin(tx, actorUserId);
        const shop = liveShop(tx, input.to_shop_id);
        liveOption(tx, input.product_id, input.option_id);
        const now = iso(clock());
        const from = { shop_id: WAREHOUSE_SHOP_ID, product_id: input.product_id, option_id: input.option_id };
        const to = { ...from, shop_id: shop.id };
        if (!takeFromShelf(tx, from, amount, now)) {
          throw new ConflictError("NOT_ENOUGH_IN_WAREHOUSE", STOCK_TEXTS.notEnoughInWarehouse(shelfAmount(tx, from), amount));
        }
        addToShelf(tx, to, amount, now);
        const audit = { reason: "moved" as const, actor_user_id: actorUserId, order_id: null, created_at: now };
        const out = recordStockChange(tx, { ...from, delta: -amount, ...audit });
        const into = recordStockChange(tx, { ...to, delta: amount, ...audit });
        return { warehouse: out.amount_after, instock: into.amount_after, shop_name: shop.name };
      });
    },

    /** A product's audit trail, newest first, one page (deleted products keep theirs). */
    async history(productId: number, paging: { limit?: number | undefined; cursor?: number | undefined } = {}): Promise<{ entries: StockHistoryEntry[]; next_cursor: number | null }> {
      const known = await findProductRow(db, productId);
      if (!known) throw new NotFoundError("Product", `Product ${productId} not found`);
      const limit = paging.limit ?? PAGE_DEFAULT;
      const rows = await listStockHistory(db, productId, paging.cursor ?? null, limit + 1);
      const page = rows.slice(0, limit);
      return {
        entries: page.map((r) => ({
          id: r.id,
          created: r.created_at,
          shop_id: r.shop_id,
          shop_name: r.shop_name,
          product_id: r.product_id,
          option_id: r.option_id,
          price_text: r.price_text ?? "",
          delta: r.delta,
          amount_after: r.amount_after,
          reason: r.reason,
          order_id: r.order_id,
          who: r.actor_user_id === null ? null : { user_id: r.actor_user_id, name: personName(r), email: r.email },
        })),
        next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },

    /** Shelves of pickup shops at or below the threshold (live shops, products and options). */
    async lowStock(): Promise<LowShelf[]> {
      return selectLowShelves(db, WAREHOUSE_SHOP_ID, lowStockThreshold);
    },

    /** One option's shelf at every live shop, the warehouse included (the bot's before/after confirmation). */
    async shelf(productId: number, optionId: number): Promise<Array<{ shop_id: number; shop_name: string; amount: number }>> {
      return selectShelves(db, productId, optionId);
    },

    lowStockThreshold,
  };
}
