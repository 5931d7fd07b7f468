/** Reads of the catalogue: what the customer listing and product pages are built from. */
import { sql } from "kysely";
import { prepareQuery } from "../compiledQuery";
import type { Executor } from "../executor";
import { rollupIsFresh, selectProductOrderCounts } from "./stats";

/** The version query, compiled once per database: every open app's 15-second poll runs it. */
const versionQuery = prepareQuery<Record<string, never>, { version: number }>(
  () => sql<{ version: number }>`select version from change_counters where name = 'catalog'`,
);

/** The catalogue's version, a counter moved by triggers on every change a customer can see. */
export async function readCatalogVersion(db: Executor): Promise<number> {
  const { rows } = await versionQuery.execute(db, {});
  return rows[0]!.version;
}

/** Active, not deleted products with their base option's price and texts. */
export async function selectActiveProducts(db: Executor) {
  return db
    .selectFrom("products as p")
    .innerJoin("product_options as base", (j) => j.onRef("base.product_id", "=", "p.id").on("base.option_id", "=", 0))
    .select([
      "p.id",
      "p.name",
      "p.description",
      "p.full_description",
      "p.label",
      "p.category_id",
      "p.hot_deal",
      "p.in_all_list",
      "p.position",
      "p.is_inactive",
      "p.is_deleted",
      "p.default_option_id",
      "p.step",
      "p.max_amount",
      "p.created_at",
      "base.per_price",
      "base.sale_price",
      "base.sale_ends_at",
      "base.price_text",
      "base.gift_text",
    ])
    .where("p.is_deleted", "=", 0)
    .where("p.is_inactive", "=", 0)
    .execute();
}

export type ActiveProductRow = Awaited<ReturnType<typeof selectActiveProducts>>[number];

/** Extra options (id >= 1) that are not deleted. */
export async function selectExtraOptions(db: Executor) {
  return db
    .selectFrom("product_options")
    .select(["product_id", "option_id", "per_price", "sale_price", "sale_ends_at", "price_text", "gift_text", "img_index"])
    .where("option_id", ">", 0)
    .where("is_deleted", "=", 0)
    .orderBy("per_price")
    .execute();
}

export async function selectImages(db: Executor) {
  return db
    .selectFrom("product_images")
    .select(["id", "product_id", "filename", "card_filename", "position", "direct_link"])
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** Positive stock at every shop that is not deleted (the caller decides which shops customers may use). */
export async function selectPositiveStock(db: Executor) {
  return db
    .selectFrom("stock")
    .innerJoin("shops", "shops.id", "stock.shop_id")
    .select(["stock.shop_id", "stock.product_id", "stock.option_id", "stock.amount"])
    .where("shops.is_deleted", "=", 0)
    .where("stock.amount", ">", 0)
    .execute();
}

export async function selectLiveShops(db: Executor) {
  return db
    .selectFrom("shops")
    .select(["id", "name", "city_id", "district", "address", "map_link", "logo_filename", "ton_wallet"])
    .where("is_deleted", "=", 0)
    .orderBy("id")
    .execute();
}

export type LiveShopRow = Awaited<ReturnType<typeof selectLiveShops>>[number];

/**
 * Per product: how many completed orders hold it, and how many wishlists. The orders come from the statistics'
 * roll-up while it is fresh (a year holds millions of lines); from the orders themselves while it is behind.
 */
export async function selectProductStats(db: Executor): Promise<Map<number, { orders: number; wishlist: number }>> {
  const orders = (await rollupIsFresh(db))
    ? await selectProductOrderCounts(db)
    : await db
        .selectFrom("order_lines")
        .innerJoin("orders", "orders.id", "order_lines.order_id")
        .select(["order_lines.product_id", sql<number>`count(distinct orders.id)`.as("n")])
        .where("orders.status", "=", "S")
        .groupBy("order_lines.product_id")
        .execute();
  const wishlist = await db.selectFrom("wishlist").select(["product_id", sql<number>`count(*)`.as("n")]).groupBy("product_id").execute();
  const stats = new Map<number, { orders: number; wishlist: number }>();
  const entry = (id: number) => stats.get(id) ?? stats.set(id, { orders: 0, wishlist: 0 }).get(id)!;
  for (const row of orders) entry(row.product_id).orders = row.n;
  for (const row of wishlist) entry(row.product_id).wishlist = row.n;
  return stats;
}
