/**
 * Stock (issue 12, design §3): admins add stock to a shop (the warehouse by default) and move it from the
 * warehouse to a pickup shop; every change of a shelf, the orders' too, goes through db/repositories/shelf.ts
 * and is an audit row of `stock_history`. A sale that takes a pickup shop's shelf across the low-stock
 * threshold queues one bot push to every admin with a Telegram chat, in the same unit of work as the sale.
 *
 * Each change is one unit of work (db/unitOfWork.ts), like the order placements that take stock from the
 * same shelves: nothing half done, and a take is a conditional write, so two units never take the same item.
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { findProductRow } from "../../db/repositories/adminProducts";
import { enqueueNotification } from "../../db/repositories/outbox";
import { putOnShelf, shelfAmount, takeFromShelf, type ShelfChange } from "../../db/repositories/shelf";
import {
  findSaleRowId,
  listStockHistory,
  productExists,
  selectAdminChatUsers,
  selectLowShelves,
  selectShelves,
  selectShopForStock,
  selectStockTarget,
} from "../../db/repositories/stock";
import { isAdmin } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { WAREHOUSE_SHOP_ID } from "../domain/constants";
import type { StockHistoryEntry } from "../domain/contracts/adminStock";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../domain/errors";
import { pageOf } from "../domain/paging";
import { checkStockAmount, crossesLowStock, LOW_STOCK_THRESHOLD_DEFAULT, STOCK_TEXTS, type LowShelf } from "../domain/stock";
import { personName } from "./notices";
import { tellRestocked } from "./restock";

export type Stock = ReturnType<typeof createStock>;

export interface StockDeps {
  db: DB;
  clock: () => number;
  /** LOW_STOCK_THRESHOLD: a pickup shop's shelf at or below this is low. */
  lowStockThreshold?: number;
}

/** One line an order took off its shop's shelf, with what the shelf held after the take (takeFromShelf's answer). */
export interface SoldLine {
  product_id: number;
  option_id: number;
  amount: number;
  amount_after: number;
}

export type { LowShelf };

/**
 * Stock changes are the admins' (spec §6), whoever calls: the HTTP guard checks it before, the bot on every
 * update, and this unit once more where the change is made (an admin demoted a moment ago changes nothing).
 */
async function onlyAdmin(tx: Executor, userId: number): Promise<void> {
  if (!(await isAdmin(tx, userId))) throw new ForbiddenError();
}

/** A live product and option, or a 404 naming which is missing. */
async function liveOption(tx: Executor, productId: number, optionId: number) {
  const target = await selectStockTarget(tx, productId, optionId);
  if (!target ? !(await productExists(tx, productId)) : target.product_deleted === 1)
    throw new NotFoundError("Product", "Product {id} not found", { id: productId });
  if (!target || target.option_deleted === 1) {
    throw new NotFoundError("Option", "Product {productId} has no option {optionId}", { productId, optionId });
  }
  return target;
}

/** A shop that is not deleted (the warehouse or a pickup shop), or a 404: where stock may be put. */
export async function liveShop(tx: Executor, shopId: number) {
  const shop = await selectShopForStock(tx, shopId);
  if (!shop || shop.is_deleted === 1) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
  return shop;
}

/** Tells every admin with a chat that a shelf is low; keyed by the sale's audit row, so one crossing is one push each. */
async function tellLowStock(
  tx: Executor,
  sale: { orderId: number; shopId: number; now: string },
  line: SoldLine,
  threshold: number,
): Promise<void> {
  const admins = await selectAdminChatUsers(tx);
  if (admins.length === 0) return;
  const shelf = { shop_id: sale.shopId, product_id: line.product_id, option_id: line.option_id };
  const target = await selectStockTarget(tx, line.product_id, line.option_id);
  const shop = await selectShopForStock(tx, sale.shopId);
  const saleRowId = await findSaleRowId(tx, sale.orderId, shelf);
  if (!target || !shop || saleRowId === undefined) return;
  for (const adminId of admins) {
    await enqueueNotification(
      tx,
      {
        kind: "low_stock",
        user_id: adminId,
        order_id: sale.orderId,
        dedupe_key: `low_stock:${sale.shopId}:${line.product_id}:${line.option_id}:${saleRowId}:${adminId}`,
        payload: {
          shop_id: sale.shopId,
          shop_name: shop.name,
          product_id: line.product_id,
          product_name: target.product_name,
          option_id: line.option_id,
          price_text: target.price_text,
          amount: line.amount_after,
          threshold,
          order_id: sale.orderId,
        },
      },
      sale.now,
    );
  }
}

/**
 * After an order took its lines off the shop's shelves in the caller's unit (takeFromShelf, reason 'sold',
 * which wrote each line's audit row): the low-stock push for every line that took a pickup shop's shelf
 * across the threshold. The amounts after come from the takes themselves, so the check is true however many
 * units take from the same shelf.
 */
export async function recordSale(
  tx: Executor,
  sale: { orderId: number; shopId: number; now: string },
  lines: readonly SoldLine[],
  lowStockThreshold: number,
): Promise<void> {
  for (const line of lines) {
    if (crossesLowStock(sale.shopId, line.amount_after + line.amount, line.amount_after, lowStockThreshold)) {
      await tellLowStock(tx, sale, line, lowStockThreshold);
    }
  }
}

export function createStock({ db, clock, lowStockThreshold = LOW_STOCK_THRESHOLD_DEFAULT }: StockDeps) {
  const units = unitOfWorkOf(db).named("stock");
  const iso = (ms: number) => new Date(ms).toISOString();

  return {
    /** Adds stock to a shop's shelf (the warehouse by default); answers what the shelf holds now. */
    async add(
      actorUserId: number,
      input: { product_id: number; option_id: number; shop_id?: number | undefined; amount: number },
    ): Promise<{ instock: number }> {
      const amount = checkStockAmount(input.amount);
      const shopId = input.shop_id ?? WAREHOUSE_SHOP_ID;
      return units.write("add", async (tx) => {
        await onlyAdmin(tx, actorUserId);
        await liveShop(tx, shopId);
        await liveOption(tx, input.product_id, input.option_id);
        const change: ShelfChange = { reason: "added", actor_user_id: actorUserId, order_id: null, now: iso(clock()) };
        const instock = await putOnShelf(tx, { shop_id: shopId, product_id: input.product_id, option_id: input.option_id }, amount, change);
        await tellRestocked(tx, [{ shop_id: shopId, product_id: input.product_id, amount }], change.now);
        return { instock };
      });
    },

    /** Moves stock from the warehouse to a pickup shop in one unit; the warehouse never goes below zero. */
    async move(
      actorUserId: number,
      input: { product_id: number; option_id: number; to_shop_id: number; amount: number },
    ): Promise<{ warehouse: number; instock: number; shop_name: string }> {
      const amount = checkStockAmount(input.amount);
      if (input.to_shop_id === WAREHOUSE_SHOP_ID) throw new ValidationError("to_shop_id", STOCK_TEXTS.moveToWarehouse);
      return units.write("move", async (tx) => {
        await onlyAdmin(tx, actorUserId);
        const shop = await liveShop(tx, input.to_shop_id);
        await liveOption(tx, input.product_id, input.option_id);
        const change: ShelfChange = { reason: "moved", actor_user_id: actorUserId, order_id: null, now: iso(clock()) };
        const from = { shop_id: WAREHOUSE_SHOP_ID, product_id: input.product_id, option_id: input.option_id };
        const warehouse = await takeFromShelf(tx, from, amount, change);
        if (warehouse === null) {
          const message = "The central warehouse holds {held} of this option: {asked} cannot be moved.";
          throw new ConflictError("NOT_ENOUGH_IN_WAREHOUSE", message, {
            held: await shelfAmount(tx, from),
            asked: amount,
          });
        }
        const instock = await putOnShelf(tx, { ...from, shop_id: shop.id }, amount, change);
        await tellRestocked(tx, [{ shop_id: shop.id, product_id: input.product_id, amount }], change.now);
        return { warehouse, instock, shop_name: shop.name };
      });
    },

    /** A product's audit trail, newest first, one page (deleted products keep theirs). */
    async history(
      productId: number,
      paging: { limit?: number | undefined; cursor?: number | undefined } = {},
    ): Promise<{ entries: StockHistoryEntry[]; next_cursor: number | null }> {
      const limit = paging.limit ?? PAGE_DEFAULT;
      const { rows, next_cursor } = await units.read("history", async (tx) => {
        const known = await findProductRow(tx, productId);
        if (!known) throw new NotFoundError("Product", "Product {id} not found", { id: productId });
        return pageOf(await listStockHistory(tx, productId, paging.cursor ?? null, limit + 1), limit);
      });
      return {
        entries: rows.map((r) => ({
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
        next_cursor,
      };
    },

    /** Shelves of pickup shops at or below the threshold (live shops, products and options). */
    async lowStock(): Promise<LowShelf[]> {
      return units.read("lowStock", (tx) => selectLowShelves(tx, WAREHOUSE_SHOP_ID, lowStockThreshold));
    },

    /** One option's shelf at every live shop, the warehouse included (the bot's before/after confirmation). */
    async shelf(productId: number, optionId: number): Promise<Array<{ shop_id: number; shop_name: string; amount: number }>> {
      return units.read("shelf", (tx) => selectShelves(tx, productId, optionId));
    },

    lowStockThreshold,
  };
}
