/**
 * On PostgreSQL, the placements that arrive in one turn of the event loop are written together: one unit of work
 * (`together`, db/unitOfWork.ts) whose statements each serve every placement of the batch (db/postgres/placing.ts),
 * as SQLite's group commit shares one transaction among them. Each placement is decided on its own, with the checks
 * and values the one-unit path uses (server/services/placing.ts), in the order the placements arrived, and gets its
 * own answer: a refusal refuses that placement only.
 *
 * What the database still decides, as on the one-unit path: the customers' rows are locked first (a placement of
 * theirs elsewhere waits, then finds this one's key and counts its order; the unique key stays the last word on
 * the key), and the stock by a conditional take: the shelves are read, shared out in arrival order, and taken by
 * the unit's last statement, sent with its COMMIT, which refuses when a shelf changed meanwhile (or, when a
 * placement is short or a low-stock notice is due, locked first and shared out under the lock). A customer placing
 * twice in one batch, one whose row another unit holds, and every placement of a batch that failed as a whole run
 * as units of their own instead (`RunAlone`): so one busy customer never holds up a whole batch.
 */
import {
  enqueueTogether,
  insertOrdersTogether,
  lockFreeUsers,
  selectShelvesTogether,
  selectPlacingCustomersTogether,
  selectShopsTogether,
  shelfKey,
  takeTogether,
  type ShelfKey,
} from "../../db/postgres/placing";
import {
  selectImagesOfProducts,
  selectLinePrices,
  selectOrderRow,
  type LineKey,
  type NewOrder,
  type PlacingCustomer,
  type ShopRow,
} from "../../db/repositories/orders";
import { selectNewOrderRecipients, type PersonRow } from "../../db/repositories/staffOrders";
import { RunAlone, type NamedUnits, type Outcome } from "../../db/unitOfWork";
import type { Order } from "../domain/contracts/orders";
import { ConflictError, DomainError } from "../domain/errors";
import { OPEN_ORDER_STATUSES, orderTotals, PAYMENT_OPTIONS } from "../domain/orders";
import { newOrderPushes } from "./notices";
import { placedOrderView, readViews } from "./orderView";
import {
  checkMaximums,
  checkOpenOrders,
  checkPickupShop,
  earlierPlacement,
  iso,
  NOT_ENOUGH_STOCK,
  placedNotice,
  placedOrder,
  placedRow,
  priceKey,
  priceLinesFrom,
  type Placement,
  type PricedLine,
} from "./placing";
import { recordSale } from "./stock";
import { crossesLowStock } from "../domain/stock";

/** Placements written together at most: about what 50 connections place in one turn. */
const BATCH_MAX = 64;

export type Placed = { view: Order; replayed: boolean };

/** The placements written together: settings complete (their stock is taken), no promo code, no crypto payment. */
export function writesTogether(placement: Placement): boolean {
  return placement.complete && placement.promoCode === undefined && placement.settings.payment_option !== PAYMENT_OPTIONS.crypto;
}

interface Plan {
  /** The placement's place in its batch. */
  at: number;
  placement: Placement;
  customer: PlacingCustomer;
  shop: ShopRow;
  priced: PricedLine[];
  order: NewOrder;
}

export function createPlaceTogether({
  units,
  clock,
  maxOpenOrders,
  lowStockThreshold,
}: {
  units: NamedUnits;
  clock: () => number;
  maxOpenOrders: number;
  lowStockThreshold: number;
}): ((placement: Placement) => Promise<Placed>) | undefined {
  return units.together<Placement, Placed>(
    "placeOrders",
    async (tx, placements) => {
      // Until decided otherwise, a placement runs alone: a customer's second placement in the batch does.
      const outcomes: Outcome<Placed>[] = placements.map(() => ({ error: new RunAlone() }));
      const firstOfCustomer = new Map<number, number>();
      placements.forEach((p, at) => firstOfCustomer.has(p.userId) || firstOfCustomer.set(p.userId, at));
      // So does one whose customer's row another unit holds: it waits for that unit alone, not the whole batch.
      const locked = await lockFreeUsers(tx, [...firstOfCustomer.keys()]);
      const deciding = [...firstOfCustomer].filter(([userId]) => locked.has(userId)).map(([, at]) => at);

      const customers = await selectPlacingCustomersTogether(
        tx,
        deciding.map((at) => ({ userId: placements[at]!.userId, key: placements[at]!.key })),
        OPEN_ORDER_STATUSES,
      );
      const shops = await selectShopsTogether(tx, [...new Set(deciding.map((at) => placements[at]!.shopId))]);
      const wanted = new Map<string, LineKey>();
      for (const at of deciding) for (const line of placements[at]!.lines) wanted.set(priceKey(line), line);
      const prices = new Map((await selectLinePrices(tx, [...wanted.values()])).map((price) => [priceKey(price), price]));
      const nowMs = clock();
      const now = iso(nowMs);

      // Each placement decided as the one-unit path decides it, in the same order of checks.
      const plans: Plan[] = [];
      const replays: { at: number; orderId: number }[] = [];
      for (const [i, at] of deciding.entries()) {
        const placement = placements[at]!;
        const customer = customers[i];
        // Every user locked above exists (one that does not was left to run, and fail, alone): a guard only.
        if (!customer) throw new Error(`No user ${placement.userId} to place an order for`);
        try {
          const earlier = earlierPlacement(customer, placement);
          if (earlier !== null) {
            replays.push({ at, orderId: earlier });
            continue;
          }
          const shop = checkPickupShop(placement.shopId, shops.get(placement.shopId));
          const priced = await priceLinesFrom(tx, placement.lines, prices, nowMs);
          checkMaximums(priced);
          checkOpenOrders(customer, maxOpenOrders);
          const totals = orderTotals(priced);
          plans.push({ at, placement, customer, shop, priced, order: placedOrder(placement, shop, totals, totals.total_price, nowMs) });
        } catch (error) {
          // A refusal is that placement's answer; anything else fails the batch.
          if (!(error instanceof DomainError)) throw error;
          outcomes[at] = { error };
        }
      }

      // Read before the shelves are touched, for every placement still in the running: the staff to push at their
      // shops, and their products' pictures for the answers.
      const recipients = new Map<number, PersonRow[]>();
      for (const shopId of new Set(plans.map((plan) => plan.shop.id))) {
        recipients.set(shopId, await selectNewOrderRecipients(tx, shopId));
      }
      const productIds = new Set(plans.flatMap((plan) => plan.placement.lines.map((l) => l.product_id)));
      const images = await selectImagesOfProducts(tx, [...productIds]);

      // The shelves, shared out in the order the placements arrived: all of a placement's lines or none. Read without
      // a lock first: when every placement fits and no shelf crosses the low-stock line, the take goes last, with the
      // COMMIT, and refuses if a shelf changed meanwhile (then every placement runs alone). Otherwise (a placement
      // short, a low-stock notice due) the shelves are locked and shared out again, and what they say is final.
      const shelves = new Map<string, ShelfKey>();
      for (const plan of plans) for (const line of plan.placement.lines) shelves.set(shelfKey(shelfOf(plan, line)), shelfOf(plan, line));
      let sharing = shareOut(plans, await selectShelvesTogether(tx, [...shelves.values()], { lock: false }), lowStockThreshold);
      const last = sharing.refused.length === 0 && !sharing.noticeDue;
      if (!last) sharing = shareOut(plans, await selectShelvesTogether(tx, [...shelves.values()], { lock: true }), lowStockThreshold);
      const { accepted } = sharing;
      for (const plan of sharing.refused) outcomes[plan.at] = { error: new ConflictError("OUT_OF_STOCK", NOT_ENOUGH_STOCK) };

      const written = await insertOrdersTogether(
        tx,
        accepted.map((plan) => ({
          order: plan.order,
          lines: plan.priced.map(({ max_amount: _max, ...line }) => line),
          event: { type: "placed", actor_user_id: plan.placement.userId, created_at: now },
        })),
      );
      // The customers' notices and their shops' staff pushes, in one statement.
      const notices = accepted.flatMap((plan, k) => {
        const { order, lines } = written[k]!;
        const notice = placedNotice(order, plan.shop, plan.placement.lines);
        const { order_id, ...told } = notice.payload;
        const pushed = { order_id, user_id: order.user_id, delivery_option: order.delivery_option, ...told };
        return [notice, ...newOrderPushes(pushed, lines, recipients.get(plan.shop.id)!)];
      });
      await enqueueTogether(tx, notices, now);
      // The answers: each order as written, with its pictures.
      accepted.forEach((plan, k) => {
        const { order, lines } = written[k]!;
        const view = placedOrderView(placedRow(order, plan.shop, plan.customer), nowMs, lines, images);
        outcomes[plan.at] = { value: { view, replayed: false } };
      });
      // A retry's order as it stands.
      if (replays.length > 0) {
        const rows = [];
        for (const { orderId } of replays) rows.push((await selectOrderRow(tx, orderId))!);
        (await readViews(tx, rows, nowMs)).forEach(({ view }, k) => (outcomes[replays[k]!.at] = { value: { view, replayed: true } }));
      }

      // Every shelf once, by the batch's whole take; a history row per line, with what its shelf held after it.
      const takes = new Map<string, ShelfKey & { amount: number }>();
      for (const plan of accepted) {
        for (const line of plan.placement.lines) {
          const shelf = shelfOf(plan, line);
          const take = takes.get(shelfKey(shelf)) ?? { ...shelf, amount: 0 };
          take.amount += line.amount;
          takes.set(shelfKey(shelf), take);
        }
      }
      const takenSoFar = new Map<string, number>();
      const history = accepted.flatMap((plan, k) =>
        plan.placement.lines.map((line) => {
          const shelf = shelfOf(plan, line);
          const key = shelfKey(shelf);
          const sofar = (takenSoFar.get(key) ?? 0) + line.amount;
          takenSoFar.set(key, sofar);
          const { userId } = plan.placement;
          const later = takes.get(key)!.amount - sofar;
          return { ...shelf, amount: line.amount, later, actor_user_id: userId, order_id: written[k]!.order.id };
        }),
      );
      if (last) {
        // Nothing may follow: the take goes with the COMMIT.
        await takeTogether(tx, [...takes.values()], history, { reason: "sold", now, last: { threshold: lowStockThreshold } });
        return outcomes;
      }
      await takeTogether(tx, [...takes.values()], history, { reason: "sold", now });
      for (const [k, plan] of accepted.entries()) {
        const sold = plan.placement.lines.map((line, m) => ({ ...line, amount_after: plan.after[m]! }));
        await recordSale(tx, { orderId: written[k]!.order.id, shopId: plan.shop.id, now }, sold, lowStockThreshold);
      }
      return outcomes;
    },
    { max: BATCH_MAX },
  );
}

const shelfOf = (plan: Plan, line: LineKey): ShelfKey => ({
  shop_id: plan.shop.id,
  product_id: line.product_id,
  option_id: line.option_id,
});

/**
 * The shelves' `amounts` shared out among `plans` in their order: a plan gets all its lines, with what each shelf
 * holds after each line, or is refused. `noticeDue`: some line takes its shelf across the low-stock line.
 */
function shareOut(plans: readonly Plan[], amounts: ReadonlyMap<string, number>, threshold: number) {
  const left = new Map(amounts);
  const accepted: (Plan & { after: number[] })[] = [];
  const refused: Plan[] = [];
  let noticeDue = false;
  for (const plan of plans) {
    const { lines } = plan.placement;
    if (lines.some((line) => (left.get(shelfKey(shelfOf(plan, line))) ?? 0) < line.amount)) {
      refused.push(plan);
      continue;
    }
    const after = lines.map((line) => {
      const key = shelfKey(shelfOf(plan, line));
      const amount = left.get(key)! - line.amount;
      left.set(key, amount);
      noticeDue ||= crossesLowStock(plan.shop.id, amount + line.amount, amount, threshold);
      return amount;
    });
    accepted.push({ ...plan, after });
  }
  return { accepted, refused, noticeDue };
}
