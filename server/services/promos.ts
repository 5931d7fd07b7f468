/**
 * Promo codes (issue 25): the admin's codes (create, edit, disable, the list with uses and revenue), the cart's
 * check, and the three steps a code takes inside other units of work: priced and checked at placement
 * (`promoForPlacement`), its use claimed once the order has its id (`claimPromo`: the database decides the last
 * use and once-per-customer), and given back when the order is canceled or expires, or an admin's discount
 * replaces it (`givePromoBack`).
 */
import type { DB } from "../../db/connection";
import { isUniqueViolation } from "../../db/errors";
import type { Executor } from "../../db/executor";
import { selectLinePrices, selectShop } from "../../db/repositories/orders";
import {
  claimUse,
  codeTakenByAnother,
  countLiveOrders,
  customerHoldsUse,
  insertPromo,
  releaseUse,
  selectPromo,
  selectPromoByCode,
  selectPromos,
  selectPromoSales,
  setPromoDisabled,
  updatePromo,
  type PromoRow,
  type PromoWrite,
} from "../../db/repositories/promos";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import type { Promo, PromoBody, PromoCheckBody, PromoListQuery } from "../domain/contracts/promos";
import { ConflictError, NotFoundError, textOf, ValidationError } from "../domain/errors";
import { mergeLines } from "../domain/orders";
import { pageOf } from "../domain/paging";
import {
  checkPromoInput,
  normaliseCode,
  promoDiscount,
  promoRefusal,
  refusalCode,
  REFUSAL_MESSAGES,
  type PromoFields,
  type PromoRefusal,
  type PromoRule,
} from "../domain/promos";
import type { Translatable } from "../domain/serverMessages";
import { priceAt } from "../domain/sale";

const iso = (ms: number) => new Date(ms).toISOString();

/** A refusal as words a caller can show. */
function refusalText(reason: PromoRefusal, code: string, min: number): Translatable {
  if (reason === "minimum_not_reached") return textOf(REFUSAL_MESSAGES.minimum_not_reached, { code, min });
  return textOf(REFUSAL_MESSAGES[reason], { code });
}

/** A placement refused for its code: a 409 whose `error` names the reason (PROMO_USED_UP, …). */
function refusalError(reason: PromoRefusal, code: string, min: number): ConflictError {
  if (reason === "minimum_not_reached") {
    return new ConflictError(refusalCode(reason), REFUSAL_MESSAGES.minimum_not_reached, { code, min });
  }
  return new ConflictError(refusalCode(reason), REFUSAL_MESSAGES[reason], { code });
}

function ruleOf(row: PromoRow): PromoRule {
  return {
    code: row.code,
    percent: row.percent,
    amount: row.amount,
    min_total: row.min_total,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    max_uses: row.max_uses,
    uses: row.uses,
    once_per_customer: row.once_per_customer === 1,
    first_order_only: row.first_order_only === 1,
    is_disabled: row.is_disabled === 1,
    shop_ids: row.shop_ids,
  };
}

/** The code's verdict on a cart: the promo and its discount, or why not. */
async function judge(
  tx: Executor,
  ask: { code: string; userId: number; shopId: number; total: number; now: string },
): Promise<{ ok: true; promo: PromoRow; discount: number } | { ok: false; reason: PromoRefusal; min: number }> {
  const promo = await selectPromoByCode(tx, ask.code);
  const rule = promo ? ruleOf(promo) : undefined;
  const reason = promoRefusal(rule, {
    shopId: ask.shopId,
    total: ask.total,
    now: ask.now,
    earlierOrders: rule?.first_order_only ? await countLiveOrders(tx, ask.userId) : 0,
    usedByCustomer: promo && rule?.once_per_customer ? await customerHoldsUse(tx, promo.id, ask.userId) : false,
  });
  if (reason !== null || !promo) return { ok: false, reason: reason ?? "unknown", min: promo?.min_total ?? 0 };
  return { ok: true, promo, discount: promoDiscount(promo, ask.total) };
}

export interface PlacedPromo {
  promo: PromoRow;
  discount: number;
}

/** At placement, before the order is written: the promo and its discount, or the 409 of its refusal. */
export async function promoForPlacement(
  tx: Executor,
  ask: { code: string; userId: number; shopId: number; total: number; now: string },
): Promise<PlacedPromo> {
  const code = normaliseCode(ask.code);
  const verdict = await judge(tx, { ...ask, code });
  if (!verdict.ok) throw refusalError(verdict.reason, code, verdict.min);
  return { promo: verdict.promo, discount: verdict.discount };
}

/**
 * Takes the use for the order just written, or throws the 409 (used up, already used by you) so the unit
 * writes nothing: the conditional update and the unique key have the last word over the check before.
 */
export async function claimPromo(tx: Executor, placed: PlacedPromo, order: { id: number; userId: number; now: string }): Promise<void> {
  const outcome = await claimUse(tx, {
    promo_id: placed.promo.id,
    order_id: order.id,
    user_id: order.userId,
    once: placed.promo.once_per_customer === 1,
    code: placed.promo.code,
    discount: placed.discount,
    now: order.now,
  });
  if (outcome !== "claimed") throw refusalError(outcome, placed.promo.code, placed.promo.min_total);
}

/** The order's use back to its code (cancel, expiry, an admin discount replacing it), in the caller's unit. */
export async function givePromoBack(tx: Executor, orderId: number): Promise<boolean> {
  return releaseUse(tx, orderId);
}

function writeOf(fields: PromoFields): PromoWrite {
  return {
    code: fields.code,
    percent: fields.percent,
    amount: fields.amount,
    min_total: fields.min_total,
    valid_from: fields.valid_from,
    valid_to: fields.valid_to,
    max_uses: fields.max_uses,
    once_per_customer: fields.once_per_customer ? 1 : 0,
    first_order_only: fields.first_order_only ? 1 : 0,
  };
}

function viewOf(row: PromoRow, sales: { orders: number; revenue: number } | undefined): Promo {
  return {
    id: row.id,
    code: row.code,
    percent: row.percent,
    amount: row.amount,
    min_total: row.min_total,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    max_uses: row.max_uses,
    once_per_customer: row.once_per_customer === 1,
    first_order_only: row.first_order_only === 1,
    is_disabled: row.is_disabled === 1,
    shop_ids: row.shop_ids,
    uses: row.uses,
    completed_orders: sales?.orders ?? 0,
    revenue: sales?.revenue ?? 0,
    created: row.created_at,
  };
}

export type Promos = ReturnType<typeof createPromos>;

/** The cart's check: the discount, or the reason and its words (said in the caller's language by the route). */
export type PromoCheck =
  | { valid: true; code: string; total: number; discount: number; discounted_total: number }
  | { valid: false; code: string; reason: PromoRefusal; text: Translatable };

export function createPromos({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("promos");

  async function viewById(tx: Executor, id: number): Promise<Promo> {
    const row = await selectPromo(tx, id);
    if (!row) throw new NotFoundError("Promo", "Promo code {id} not found", { id });
    return viewOf(row, (await selectPromoSales(tx, [id])).get(id));
  }

  async function checkShops(tx: Executor, shopIds: readonly number[]): Promise<void> {
    for (const id of shopIds) {
      const shop = await selectShop(tx, id);
      if (!shop || shop.is_deleted === 1) throw new NotFoundError("Shop", "Shop {id} not found", { id });
    }
  }

  const taken = (code: string) => new ConflictError("PROMO_CODE_TAKEN", "There is a promo code {code} already.", { code });

  return {
    /** A page of codes, newest first, each with its uses, completed orders and revenue. */
    async list(query: PromoListQuery): Promise<{ promos: Promo[]; next_cursor: number | null }> {
      const limit = query.limit ?? PAGE_DEFAULT;
      return units.read("list", async (tx) => {
        const { rows, next_cursor } = pageOf(await selectPromos(tx, query.cursor ?? null, limit + 1), limit);
        const sales = await selectPromoSales(
          tx,
          rows.map((r) => r.id),
        );
        return { promos: rows.map((r) => viewOf(r, sales.get(r.id))), next_cursor };
      });
    },

    async create(body: PromoBody): Promise<Promo> {
      const fields = checkPromoInput(body);
      return units.write("create", async (tx) => {
        await checkShops(tx, fields.shop_ids);
        const id = await insertPromo(tx, writeOf(fields), fields.shop_ids, iso(clock()));
        if (id === undefined) throw taken(fields.code);
        return viewById(tx, id);
      });
    },

    /** The whole promo rewritten; `max_uses` never below the uses it holds. */
    async update(id: number, body: PromoBody): Promise<Promo> {
      const fields = checkPromoInput(body);
      return units.write("update", async (tx) => {
        const row = await selectPromo(tx, id);
        if (!row) throw new NotFoundError("Promo", "Promo code {id} not found", { id });
        await checkShops(tx, fields.shop_ids);
        if (await codeTakenByAnother(tx, fields.code, id)) throw taken(fields.code);
        // The check above can lose to another admin's rename committed meanwhile (PostgreSQL, another process):
        // the unique key then refuses this one, and the caller gets the same 409, never a 500.
        const updated = await updatePromo(tx, id, writeOf(fields), fields.shop_ids, iso(clock())).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw taken(fields.code);
          throw error;
        });
        if (!updated) {
          throw new ValidationError("max_uses", "max_uses cannot be below the {uses} uses so far.", { uses: row.uses });
        }
        return viewById(tx, id);
      });
    },

    async setDisabled(id: number, disabled: boolean): Promise<Promo> {
      return units.write(disabled ? "disable" : "enable", async (tx) => {
        if (!(await setPromoDisabled(tx, id, disabled, iso(clock())))) {
          throw new NotFoundError("Promo", "Promo code {id} not found", { id });
        }
        return viewById(tx, id);
      });
    },

    /** The cart's check: what the code would take off this cart now, or why it takes nothing. */
    async check(userId: number, body: PromoCheckBody): Promise<PromoCheck> {
      const code = normaliseCode(body.code);
      const lines = mergeLines(body.items);
      return units.read("check", async (tx) => {
        const prices = await selectLinePrices(tx, lines);
        const nowMs = clock();
        let total = 0;
        for (const line of lines) {
          const price = prices.find((p) => p.product_id === line.product_id && p.option_id === line.option_id);
          if (!price || price.is_deleted === 1 || price.is_inactive === 1 || price.option_deleted === 1) {
            throw new NotFoundError("Product", "Product {id} not found", { id: line.product_id });
          }
          total += priceAt(price, nowMs) * line.amount;
        }
        const verdict = await judge(tx, { code, userId, shopId: body.shop_id, total, now: iso(nowMs) });
        if (!verdict.ok) return { valid: false, code, reason: verdict.reason, text: refusalText(verdict.reason, code, verdict.min) };
        return { valid: true, code: verdict.promo.code, total, discount: verdict.discount, discounted_total: total - verdict.discount };
      });
    },
  };
}
