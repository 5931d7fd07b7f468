/**
 * The hand-over (design §4, issue 11): shop staff see their shops' orders, take a new one, attach a map, set
 * statuses, contact the customer and complete the order with cash or bonus; admins also discount and cancel.
 * Every change is one unit of work (db/unitOfWork.ts): the status move is checked against the transition
 * table, made by a conditional update (the loser of a race changes nothing), and written with its event and
 * its notices in the same transaction. A bonus finish locks the customer's row before it reads the balance.
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import { bonusBalance, bonusBalances, insertBonusExpense } from "../../db/repositories/ledger";
import { insertOrderEvent, moveOrderIf, selectLines, type LineRow } from "../../db/repositories/orders";
import { enqueueNotification } from "../../db/repositories/outbox";
import { addCompletedOrder } from "../../db/repositories/stats";
import {
  countSales,
  selectPeople,
  selectPerson,
  selectStaffOrderRow,
  selectStaffOrderRows,
  selectStaffShopIds,
  takeOrderIf,
  type PersonRow,
  type StaffListFilter,
  type StaffOrderRow,
} from "../../db/repositories/staffOrders";
import { isAdmin } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import type { Order } from "../domain/contracts/orders";
import type { SalesCounts, SalesQuery, StaffOrder, StaffOrdersQuery, StatusesBody } from "../domain/contracts/staff";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, ForbiddenError, NotFoundError } from "../domain/errors";
import {
  adminMayChange,
  bonusCovers,
  handoverActions,
  HANDOVER_TEXTS,
  isOpenForStaff,
  isStaff,
  maskEmail,
  parseDiscountPercent,
  SALES_FILTERS,
  staffsShop,
  type FinishBy,
  type StaffActor,
} from "../domain/handover";
import { REFERRAL_RATE_PERCENT_DEFAULT } from "../domain/constants";
import { parseMapEmbed } from "../domain/maps";
import { staffDedupeKey } from "../domain/notifications";
import { canTransition, discountedPrice } from "../domain/orders";
import { pageOf } from "../domain/paging";
import type { LinkSigner } from "./links";
import { giveBackStock } from "./orders";
import { givePromoBack } from "./promos";
import { readView, readViews } from "./orderView";
import { personName, tellCustomer, tellManagerOfCancel, tellPushedStaff } from "./notices";
import { creditReferrer } from "./partner";

export interface HandoverDeps {
  db: DB;
  clock: () => number;
  links: LinkSigner;
  /** The referral programme's rate: a completed order earns the buyer's referrer this percent of what was paid in money. */
  referralRatePercent?: number;
}

export type Handover = ReturnType<typeof createHandover>;

/** 403 for a staff route called by someone who staffs no shop (spec: 'Отказано в доступе.'). */
const notStaff = () => new ForbiddenError();
/** 403 for an order of a shop the caller does not staff (spec: 'Not valid Manager'; the page redirects). */
const notValidManager = () => new ForbiddenError(HANDOVER_TEXTS.notValidManager, "NOT_VALID_MANAGER");
const notOpen = () => new ConflictError("ORDER_CLOSED", "This order is done or canceled: it can no longer be changed.");
const alreadyDone = () => new ConflictError("ORDER_DONE", "This order is already done.");

/** How a change reaches its order: as staff or as an admin; `lockCustomer` for a rule on the customer's balance. */
interface ChangeOptions {
  asAdmin?: boolean;
  /**
   * Lock the customer's users row, then the order's, before reading the order (users before orders,
   * db/locks.ts): a rule that reads the bonus balance then writes holds when two units run at once.
   */
  lockCustomer?: boolean;
}

type Work = (tx: Executor, actor: StaffActor, row: StaffOrderRow, now: string) => Promise<void>;

export function createHandover({ db, clock, links, referralRatePercent = REFERRAL_RATE_PERCENT_DEFAULT }: HandoverDeps) {
  const units = unitOfWorkOf(db).named("handover");
  const iso = (ms: number) => new Date(ms).toISOString();

  async function actorOf(tx: Executor, userId: number): Promise<StaffActor> {
    return { userId, isAdmin: await isAdmin(tx, userId), shopIds: await selectStaffShopIds(tx, userId) };
  }

  /** The caller as staff: anyone who staffs no shop and is no admin is refused at the door. */
  async function staffActor(tx: Executor, userId: number): Promise<StaffActor> {
    const actor = await actorOf(tx, userId);
    if (!isStaff(actor)) throw notStaff();
    return actor;
  }

  /** An order of a shop the caller staffs (admins: any); anyone else's is 'Not valid Manager'. */
  async function staffOrder(tx: Executor, actor: StaffActor, orderId: number): Promise<StaffOrderRow> {
    const row = await selectStaffOrderRow(tx, orderId);
    if (!row) throw new NotFoundError("Order", "Order {id} not found", { id: orderId });
    if (!staffsShop(actor, row.shop_id)) throw notValidManager();
    return row;
  }

  async function adminActor(tx: Executor, userId: number): Promise<StaffActor> {
    const actor = await actorOf(tx, userId);
    if (!actor.isAdmin) throw new ForbiddenError();
    return actor;
  }

  /** The order as staff see it, read inside the unit (after its own writes). */
  async function staffView(tx: Executor, actor: StaffActor, row: StaffOrderRow, given?: LineRow[]): Promise<StaffOrder> {
    const lines = given ?? (await selectLines(tx, row.id));
    const base = await readView(tx, row, clock(), lines);
    const manager = row.manager_id === null ? undefined : await selectPerson(tx, row.manager_id);
    return staffViewOf(actor, row, base, lines, manager, await bonusBalance(tx, row.user_id));
  }

  /**
   * Staff views of a page of rows: each kind of look-up once for the whole page (lines, pictures, managers,
   * customers' balances), the same answer as `staffView` of each row.
   */
  async function staffViews(tx: Executor, actor: StaffActor, rows: readonly StaffOrderRow[]): Promise<StaffOrder[]> {
    if (rows.length === 0) return [];
    const bases = await readViews(tx, rows, clock());
    const managerIds = [...new Set(rows.flatMap((r) => (r.manager_id === null ? [] : [r.manager_id])))];
    const managers = await selectPeople(tx, managerIds);
    const balances = await bonusBalances(tx, [...new Set(rows.map((r) => r.user_id))]);
    return rows.map((row, i) => {
      const manager = row.manager_id === null ? undefined : managers.get(row.manager_id);
      return staffViewOf(actor, row, bases[i]!.view, bases[i]!.lines, manager, balances.get(row.user_id) ?? 0);
    });
  }

  function staffViewOf(
    actor: StaffActor,
    row: StaffOrderRow,
    base: Order,
    lines: readonly LineRow[],
    manager: PersonRow | undefined,
    balance: number,
  ): StaffOrder {
    const costs = new Map(lines.map((l) => [l.id, l.cost_price]));
    // The customer's view, made for this call alone, gains the staff fields in place: a spread of its thirty
    // fields into a new object, then eleven more, cost more than the rest of building a page's views.
    return Object.assign(base, {
      products: base.products.map((line) => ({ ...line, cost_price: costs.get(line.id) ?? 0 })),
      total_cost_price: row.total_cost_price,
      paid_with_bonus: row.paid_with_bonus === 1,
      manager_data: manager
        ? {
            id: manager.id,
            name: personName(manager),
            path: manager.photo_url ?? "",
            username: manager.username,
            first_name: manager.first_name,
            last_name: manager.last_name,
            photo_url: manager.photo_url,
          }
        : null,
      manager_desc: manager ? { name: personName(manager), email: manager.email, path: manager.photo_url ?? "" } : null,
      user_data: { email: row.user_email === null ? null : maskEmail(row.user_email) },
      user_firstname: row.user_first_name,
      user_photourl: row.user_photo_url,
      partner_balance: balance,
      actions: handoverActions(row, actor.isAdmin),
    });
  }

  async function signed(view: StaffOrder): Promise<StaffOrder> {
    view.manage_path = await links.managePath(view.id);
    return view;
  }

  /** Runs a change to one order as a unit and answers with the order as the caller now sees it. */
  async function change(userId: number, orderId: number, work: Work, { asAdmin = false, lockCustomer = false }: ChangeOptions = {}) {
    const view = await units.write("change", async (tx) => {
      const actor = asAdmin ? await adminActor(tx, userId) : await staffActor(tx, userId);
      let row = await staffOrder(tx, actor, orderId);
      if (lockCustomer) {
        await lockRows(tx, "users", [row.user_id]);
        await lockRows(tx, "orders", [orderId]);
        // Read again under the locks: what another unit committed before them is what this one decides on.
        row = (await selectStaffOrderRow(tx, orderId))!;
      }
      const now = iso(clock());
      await work(tx, actor, row, now);
      return staffView(tx, actor, (await selectStaffOrderRow(tx, orderId))!);
    });
    return signed(view);
  }

  function listFilter(actor: StaffActor, shopId: number | undefined, limit: number | undefined, cursor: number | undefined) {
    if (shopId !== undefined && !staffsShop(actor, shopId)) throw notValidManager();
    return {
      staffOf: actor.isAdmin ? null : actor.userId,
      shopId: shopId ?? null,
      before: cursor ?? null,
      limit: limit ?? PAGE_DEFAULT,
    };
  }

  return {
    /** The manager lists (spec §2 /admin-cabinet sections, /list/store-orders): newest first, one page. */
    async listOrders(userId: number, query: StaffOrdersQuery): Promise<{ orders: StaffOrder[]; next_cursor: number | null }> {
      const { next_cursor, views } = await units.read("listOrders", async (tx) => {
        const actor = await staffActor(tx, userId);
        const { limit, ...scope } = listFilter(actor, query.shop_id, query.limit, query.cursor);
        const filter: StaffListFilter = { ...scope, limit: limit + 1, statuses: query.status ? [query.status] : null, managerId: null };
        const page = pageOf(await selectStaffOrderRows(tx, filter), limit);
        return { next_cursor: page.next_cursor, views: await staffViews(tx, actor, page.rows) };
      });
      return { orders: await Promise.all(views.map(signed)), next_cursor };
    },

    /** The manager order fetch: `sig` from the pickup QR, when given, must be this order's. */
    async getOrder(userId: number, orderId: number, sig: string | undefined): Promise<StaffOrder> {
      if (sig !== undefined && !(await links.verifyManage(orderId, sig))) {
        throw new ForbiddenError("This pickup code is not valid.", "INVALID_SIGNATURE");
      }
      return signed(
        await units.read("getOrder", async (tx) => {
          const actor = await staffActor(tx, userId);
          return staffView(tx, actor, await staffOrder(tx, actor, orderId));
        }),
      );
    },

    /** N → W: one conditional update, so of many managers pressing at once exactly one wins. */
    async take(userId: number, orderId: number): Promise<StaffOrder> {
      return change(userId, orderId, async (tx, actor, read, now) => {
        if (!canTransition(read.status, "W", "staff") || !(await takeOrderIf(tx, orderId, actor.userId, now))) {
          // Why it failed, from the order as it is now: where units run side by side (PostgreSQL) the row read
          // above may be from before the winner's commit.
          const row = (await selectStaffOrderRow(tx, orderId)) ?? read;
          if (row.status === "W" && row.manager_id === actor.userId)
            throw new ConflictError("ORDER_ALREADY_YOURS", "You have already taken this order.");
          if (row.status === "W") throw new ConflictError("ORDER_TAKEN", HANDOVER_TEXTS.anotherManager);
          throw new ConflictError("ORDER_NOT_NEW", "Only a new order can be taken.");
        }
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "taken",
          from_status: "N",
          to_status: "W",
          actor_user_id: actor.userId,
          created_at: now,
        });
        await tellCustomer(tx, "order_taken", orderId, now);
        await tellPushedStaff(tx, orderId, "taken", { userId: actor.userId }, now);
      });
    },

    /** Spec §7 update_settings_status: payment and delivery statuses of an order on the counter. */
    async setStatuses(userId: number, orderId: number, body: StatusesBody): Promise<StaffOrder> {
      return change(userId, orderId, async (tx, actor, row, now) => {
        if (!isOpenForStaff(row.status)) throw notOpen();
        const set = { payment_status: body.payment_status, delivery_status: body.delivery_status };
        if (!(await moveOrderIf(tx, orderId, row.status, set, now))) throw notOpen();
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "statuses",
          from_status: row.status,
          to_status: row.status,
          actor_user_id: actor.userId,
          created_at: now,
          data: { payment_status: body.payment_status, delivery_status: body.delivery_status },
        });
      });
    },

    /** Spec §5 "Order map": only a Google Maps embed's address is kept, never the pasted HTML. */
    async setMap(userId: number, orderId: number, code: string): Promise<StaffOrder> {
      const url = parseMapEmbed(code);
      return change(userId, orderId, async (tx, actor, row, now) => {
        if (!isOpenForStaff(row.status) || !(await moveOrderIf(tx, orderId, row.status, { map_html: url }, now))) throw notOpen();
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "map",
          from_status: row.status,
          to_status: row.status,
          actor_user_id: actor.userId,
          created_at: now,
          data: { map: url },
        });
      });
    },

    /**
     * The hand-over: money taken (cash, or the customer's bonus when it covers the total) and the goods given:
     * the order becomes S with payment and delivery S. An order nobody took yet is taken in the same move.
     * The bonus debit is a ledger entry in the same unit, checked against the balance read after the
     * customer's row is locked (db/locks.ts), so two bonus payments can never take a balance below zero, on
     * any engine. The move itself stays a conditional update (N or W → S only if still so).
     */
    async finish(userId: number, orderId: number, by: FinishBy): Promise<StaffOrder> {
      const work: Work = async (tx, actor, row, now) => {
        if (!canTransition(row.status, "S", "staff")) {
          if (row.status === "S") throw alreadyDone();
          throw notOpen();
        }
        const toPay = row.discounted_price;
        if (by === "bonus") {
          if (!bonusCovers(await bonusBalance(tx, row.user_id), toPay)) {
            throw new ConflictError("BONUS_TOO_LOW", "The customer's bonus balance does not cover this order.");
          }
          if (toPay > 0) await insertBonusExpense(tx, { user_id: row.user_id, order_id: orderId, amount: toPay, created_at: now });
        }
        const moved = await moveOrderIf(
          tx,
          orderId,
          row.status,
          {
            status: "S",
            payment_status: "S",
            delivery_status: "S",
            paid_with_bonus: by === "bonus" ? 1 : 0,
            manager_id: row.manager_id ?? actor.userId,
          },
          now,
        );
        if (!moved) {
          // Why, from the order as it is now: where units run side by side (PostgreSQL) another hand-over may
          // have committed since the row above was read.
          throw (await selectStaffOrderRow(tx, orderId))?.status === "S" ? alreadyDone() : notOpen();
        }
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "finished",
          from_status: row.status,
          to_status: "S",
          actor_user_id: actor.userId,
          created_at: now,
          data: { by, amount: toPay },
        });
        await addCompletedOrder(tx, orderId, now);
        const paid = { id: orderId, user_id: row.user_id, discounted_price: toPay, bonus_used: by === "bonus" ? toPay : 0 };
        await creditReferrer(tx, paid, referralRatePercent, now);
        await tellCustomer(tx, "order_done", orderId, now, { paid_with_bonus: by === "bonus" });
        await tellPushedStaff(tx, orderId, "done", { userId: actor.userId }, now);
      };
      return change(userId, orderId, work, { lockCustomer: by === "bonus" });
    },

    /**
     * Contact client: the bot sends the manager a button into the customer's chat (or their e-mail). False
     * when the manager cannot be reached in Telegram (no chat with the bot, they blocked it, or they refused its
     * messages in the mini-app: the outbox would skip the push).
     */
    async contact(userId: number, orderId: number, botOn: boolean): Promise<boolean> {
      return units.write("contact", async (tx) => {
        const actor = await staffActor(tx, userId);
        const row = await staffOrder(tx, actor, orderId);
        if (!handoverActions(row, actor.isAdmin).contact)
          throw new ConflictError("ORDER_NOT_IN_WORK", "The client can be contacted about an order in work only.");
        const manager = await selectPerson(tx, actor.userId);
        const customer = await selectPerson(tx, row.user_id);
        const reachable =
          manager && manager.telegram_id !== null && manager.telegram_unreachable_at === null && manager.write_access !== "refused";
        if (!botOn || !reachable || !customer) return false;
        const nowMs = clock();
        await enqueueNotification(
          tx,
          {
            kind: "contact_client",
            user_id: actor.userId,
            order_id: orderId,
            // Each press asks again (a message can be lost or deleted); a double tap within a minute is one.
            dedupe_key: `${staffDedupeKey("contact_client", orderId, actor.userId)}:${Math.floor(nowMs / 60_000)}`,
            payload: {
              order_id: orderId,
              customer_name: personName(customer),
              telegram_id: customer.telegram_id,
              username: customer.username,
              email: customer.email,
            },
          },
          iso(nowMs),
        );
        await insertOrderEvent(tx, {
          order_id: orderId,
          type: "contact",
          from_status: row.status,
          to_status: row.status,
          actor_user_id: actor.userId,
          created_at: iso(nowMs),
        });
        return true;
      });
    },

    /** Admin only: a whole percent 0–100 while payment or delivery is not S; the price to pay follows. */
    async setDiscount(userId: number, orderId: number, rawPercent: unknown): Promise<StaffOrder> {
      const percent = parseDiscountPercent(rawPercent);
      return change(
        userId,
        orderId,
        async (tx, actor, row, now) => {
          if (!adminMayChange(row))
            throw new ConflictError("ORDER_SETTLED", "This order is paid and delivered, or closed: its price can no longer change.");
          const price = discountedPrice(row.total_price, percent);
          if (!(await moveOrderIf(tx, orderId, row.status, { discount_percent: percent, discounted_price: price }, now))) throw notOpen();
          // Issue 25: a promo and an admin discount never stack; the admin's replaces the code, whose use goes back.
          await givePromoBack(tx, orderId);
          await insertOrderEvent(tx, {
            order_id: orderId,
            type: "discount",
            from_status: row.status,
            to_status: row.status,
            actor_user_id: actor.userId,
            created_at: now,
            data: { percent, discounted_price: price },
          });
          if (percent !== row.discount_percent) {
            await tellCustomer(tx, "order_discounted", orderId, now, { discount_percent: percent, total_before: row.total_price });
          }
        },
        { asAdmin: true },
      );
    },

    /** Admin only: cancel while payment or delivery is not S; the stock goes back in the same unit. */
    async cancel(userId: number, orderId: number): Promise<StaffOrder> {
      return change(
        userId,
        orderId,
        async (tx, actor, row, now) => {
          if (!adminMayChange(row) || !(await moveOrderIf(tx, orderId, row.status, { status: "C", is_reserved: 0 }, now))) {
            throw new ConflictError("ORDER_NOT_CANCELABLE", "This order can no longer be canceled.");
          }
          await giveBackStock(tx, row, now, actor.userId);
          await insertOrderEvent(tx, {
            order_id: orderId,
            type: "canceled",
            from_status: row.status,
            to_status: "C",
            actor_user_id: actor.userId,
            created_at: now,
            data: { by: "admin" },
          });
          await tellCustomer(tx, "order_canceled", orderId, now);
          await tellPushedStaff(tx, orderId, "canceled", "admin", now);
          if (row.manager_id !== null) await tellManagerOfCancel(tx, orderId, row.manager_id, now);
        },
        { asAdmin: true },
      );
    },

    /** Sales (spec §2 /list/sales, /list/manager/sales): the shop's or the caller's own, New or Done, with counts. */
    async sales(userId: number, query: SalesQuery): Promise<{ orders: StaffOrder[]; counts: SalesCounts; next_cursor: number | null }> {
      const { next_cursor, views, counts } = await units.read("sales", async (tx) => {
        const actor = await staffActor(tx, userId);
        const { limit, ...scope } = listFilter(actor, query.shop_id, query.limit, query.cursor);
        const filter: StaffListFilter = {
          ...scope,
          limit: limit + 1,
          statuses: query.filter ? SALES_FILTERS[query.filter] : null,
          managerId: query.mine ? actor.userId : null,
        };
        const page = pageOf(await selectStaffOrderRows(tx, filter), limit);
        return { next_cursor: page.next_cursor, views: await staffViews(tx, actor, page.rows), counts: await countSales(tx, filter) };
      });
      return { orders: await Promise.all(views.map(signed)), counts, next_cursor };
    },

    /** The cabinet's 'All sales' box. */
    async salesSummary(userId: number): Promise<{ shop: SalesCounts; mine: SalesCounts }> {
      return units.read("salesSummary", async (tx) => {
        const actor = await staffActor(tx, userId);
        const staffOf = actor.isAdmin ? null : actor.userId;
        return {
          shop: await countSales(tx, { staffOf, shopId: null, managerId: null }),
          mine: await countSales(tx, { staffOf, shopId: null, managerId: actor.userId }),
        };
      });
    },
  };
}
