/**
 * Promo codes and their uses (issue 25). The last use and once-per-customer are decided here by the database:
 * `claimUse` moves `uses` by a conditional update (`uses < max_uses`) and writes the use under the unique
 * (promo_id, once_key) with `on conflict do nothing`, so neither needs the units to run one at a time.
 */
import { sql, type Selectable } from "kysely";
import type { Executor } from "../executor";
import type { PromosTable } from "../schema";

export type PromoRow = Selectable<PromosTable> & { shop_ids: number[] };

/** A promo's fields as written by create and edit. */
export interface PromoWrite {
  code: string;
  percent: number | null;
  amount: number | null;
  min_total: number;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  once_per_customer: 0 | 1;
  first_order_only: 0 | 1;
}

async function withShops(tx: Executor, rows: Selectable<PromosTable>[]): Promise<PromoRow[]> {
  if (rows.length === 0) return [];
  const shops = await tx
    .selectFrom("promo_shops")
    .select(["promo_id", "shop_id"])
    .where(
      "promo_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("shop_id")
    .execute();
  return rows.map((r) => ({ ...r, shop_ids: shops.filter((s) => s.promo_id === r.id).map((s) => s.shop_id) }));
}

export async function selectPromoByCode(tx: Executor, code: string): Promise<PromoRow | undefined> {
  const row = await tx.selectFrom("promos").selectAll().where("code", "=", code).executeTakeFirst();
  return row ? (await withShops(tx, [row]))[0] : undefined;
}

export async function selectPromo(tx: Executor, id: number): Promise<PromoRow | undefined> {
  const row = await tx.selectFrom("promos").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await withShops(tx, [row]))[0] : undefined;
}

/** Promos newest first, `limit` of them from before id `before` (null: from the newest). */
export async function selectPromos(tx: Executor, before: number | null, limit: number): Promise<PromoRow[]> {
  let query = tx.selectFrom("promos").selectAll().orderBy("id", "desc").limit(limit);
  if (before !== null) query = query.where("id", "<", before);
  return withShops(tx, await query.execute());
}

/** Completed (S) orders through each promo and what they paid. */
export async function selectPromoSales(
  tx: Executor,
  promoIds: readonly number[],
): Promise<Map<number, { orders: number; revenue: number }>> {
  if (promoIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("promo_uses as u")
    .innerJoin("orders as o", "o.id", "u.order_id")
    .select((eb) => ["u.promo_id", eb.fn.countAll<number>().as("orders"), eb.fn.sum<number>("o.discounted_price").as("revenue")])
    .where("u.promo_id", "in", promoIds)
    .where("o.status", "=", "S")
    .groupBy("u.promo_id")
    .execute();
  return new Map(rows.map((r) => [r.promo_id, { orders: Number(r.orders), revenue: Number(r.revenue) }]));
}

/** Inserts a promo; undefined when its code is taken (the unique key decides). */
export async function insertPromo(tx: Executor, promo: PromoWrite, shopIds: readonly number[], now: string): Promise<number | undefined> {
  const row = await tx
    .insertInto("promos")
    .values({ ...promo, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("code").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return undefined;
  await replaceShops(tx, row.id, shopIds);
  return row.id;
}

async function replaceShops(tx: Executor, promoId: number, shopIds: readonly number[]): Promise<void> {
  await tx.deleteFrom("promo_shops").where("promo_id", "=", promoId).execute();
  if (shopIds.length > 0) await tx.insertInto("promo_shops").values(shopIds.map((shop_id) => ({ promo_id: promoId, shop_id }))).execute();
}

/**
 * Rewrites a promo, unless its new `max_uses` is below the uses it holds now (conditional: a use claimed
 * meanwhile is counted). False when nothing was written.
 */
export async function updatePromo(tx: Executor, id: number, promo: PromoWrite, shopIds: readonly number[], now: string): Promise<boolean> {
  let query = tx
    .updateTable("promos")
    .set({ ...promo, updated_at: now })
    .where("id", "=", id);
  if (promo.max_uses !== null) query = query.where("uses", "<=", promo.max_uses);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await replaceShops(tx, id, shopIds);
  return true;
}

export async function setPromoDisabled(tx: Executor, id: number, disabled: boolean, now: string): Promise<boolean> {
  const result = await tx
    .updateTable("promos")
    .set({ is_disabled: disabled ? 1 : 0, updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function codeTakenByAnother(tx: Executor, code: string, id: number): Promise<boolean> {
  const row = await tx.selectFrom("promos").select("id").where("code", "=", code).where("id", "<>", id).executeTakeFirst();
  return row !== undefined;
}

/** Whether the customer holds a use of this promo now. */
export async function customerHoldsUse(tx: Executor, promoId: number, userId: number): Promise<boolean> {
  const row = await tx
    .selectFrom("promo_uses")
    .select("id")
    .where("promo_id", "=", promoId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The customer's orders that were not canceled. */
export async function countLiveOrders(tx: Executor, userId: number): Promise<number> {
  const row = await tx
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "<>", "C")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes one use of a promo for an order: "used_up" when the conditional update found no use left,
 * "already_used" when the customer holds a use of a once-per-customer code (the unique key said so);
 * both leave `uses` as it was only once the caller's unit rolls back, so the caller must throw.
 */
export async function claimUse(
  tx: Executor,
  use: { promo_id: number; order_id: number; user_id: number; once: boolean; code: string; discount: number; now: string },
): Promise<"claimed" | "used_up" | "already_used"> {
  const moved = await tx
    .updateTable("promos")
    .set({ uses: sql`uses + 1` })
    .where("id", "=", use.promo_id)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return "used_up";
  const written = await tx
    .insertInto("promo_uses")
    .values({
      promo_id: use.promo_id,
      order_id: use.order_id,
      user_id: use.user_id,
      once_key: use.once ? use.user_id : null,
      code: use.code,
      discount: use.discount,
      created_at: use.now,
    })
    .onConflict((oc) => oc.columns(["promo_id", "once_key"]).doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0n) === 1 ? "claimed" : "already_used";
}

/** Gives an order's use back (cancel, expiry, an admin discount replacing it); false when it held none. */
export async function releaseUse(tx: Executor, orderId: number): Promise<boolean> {
  const use = await tx.deleteFrom("promo_uses").where("order_id", "=", orderId).returning("promo_id").executeTakeFirst();
  if (!use) return false;
  await tx
    .updateTable("promos")
    .set({ uses: sql`uses - 1` })
    .where("id", "=", use.promo_id)
    .execute();
  return true;
}

/** The code and discount of each of these orders that carries one. */
export async function selectUsesOfOrders(
  tx: Executor,
  orderIds: readonly number[],
): Promise<Map<number, { code: string; discount: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx.selectFrom("promo_uses").select(["order_id", "code", "discount"]).where("order_id", "in", orderIds).execute();
  return new Map(rows.map((r) => [r.order_id, { code: r.code, discount: r.discount }]));
}
