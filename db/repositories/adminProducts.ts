/**
 * Reads and writes of the admin's product screens: every product (inactive and deleted too), its options
 * with their cost and per-shop stock, its images with both files. The caller owns the transaction.
 */
import { sql, type ExpressionBuilder, type Updateable } from "kysely";
import { productSearchName } from "../../server/domain/adminProducts";
import type { Executor } from "../executor";
import type { Database, ProductsTable } from "../schema";

export interface AdminProductFilter {
  categoryId?: number;
  hotOnly?: boolean;
  productId?: number;
  /** Only these products (a page of the search; never empty). */
  productIds?: number[];
  /**
   * A LIKE pattern on `name_search` (domain/adminProducts.ts `productSearchPattern`). A row written past
   * db/repositories/products.ts without it is compared by the engine's own `lower(name)` (ASCII at least).
   */
  namePattern?: string;
  /** Rows after this one in the list's order (position, then id descending): the page before ended there. */
  after?: { position: number; id: number };
  /** Only products not deleted (inactive ones too): the bot's /addstock picker. */
  liveOnly?: boolean;
  limit?: number;
  /** Rows skipped first (the picker's numbered pages; the mini-app's list pages by `after`). */
  offset?: number;
}

/**
 * The admin list: by position, then newest (highest id) first. Paged by keyset on (position, id), which the
 * indexes products_position_id, products_category_position_id and products_hot_position_id hold in order.
 */
export async function selectAdminProducts(db: Executor, filter: AdminProductFilter) {
  let query = db
    .selectFrom("products")
    .select([
      "id",
      "name",
      "description",
      "full_description",
      "label",
      "category_id",
      "hot_deal",
      "in_all_list",
      "position",
      "is_inactive",
      "is_deleted",
      "default_option_id",
      "created_at",
      "updated_at",
    ]);
  query = query.where(matching(filter));
  const after = filter.after;
  if (after !== undefined) {
    // `position >= p` first: the bound an index scan starts from (PostgreSQL reads an OR only as a filter).
    query = query
      .where("position", ">=", after.position)
      .where((eb) => eb.or([eb("position", ">", after.position), eb("id", "<", after.id)]));
  }
  query = query.orderBy("position").orderBy("id", "desc");
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset !== undefined) query = query.offset(filter.offset);
  return query.execute();
}

/** What the admin's search ranks: each product's name and its place in the list, for every product `filter` names. */
export async function selectAdminProductNames(db: Executor, filter: AdminProductFilter) {
  return db.selectFrom("products").select(["id", "name", "position"]).where(matching(filter)).execute();
}

/** The products a filter names, without its paging. */
function matching(filter: AdminProductFilter) {
  return (eb: ExpressionBuilder<Database, "products">) =>
    eb.and([
      ...(filter.productId === undefined ? [] : [eb("id", "=", filter.productId)]),
      ...(filter.productIds === undefined ? [] : [eb("id", "in", filter.productIds)]),
      ...(filter.categoryId === undefined ? [] : [eb("category_id", "=", filter.categoryId)]),
      ...(filter.hotOnly ? [eb("hot_deal", "=", 1)] : []),
      ...(filter.liveOnly ? [eb("is_deleted", "=", 0)] : []),
      ...(filter.namePattern === undefined ? [] : [nameLike(filter.namePattern)]),
    ]);
}

const nameLike = (pattern: string) => sql<boolean>`coalesce(name_search, lower(name)) like ${pattern} escape '\\'`;

/** How many products a filter names (its paging aside). */
export async function countAdminProducts(db: Executor, filter: AdminProductFilter): Promise<number> {
  const row = await db.selectFrom("products").select(sql<number>`count(*)`.as("n")).where(matching(filter)).executeTakeFirstOrThrow();
  return Number(row.n);
}

export type AdminProductRow = Awaited<ReturnType<typeof selectAdminProducts>>[number];

/** Options of the given products, deleted ones too. */
export async function selectOptionsOf(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_options")
    .select([
      "product_id", "option_id", "per_price", "cost_price", "price_text", "gift_text", "img_index", "is_deleted",
      "sale_price", "sale_ends_at",
    ])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("option_id")
    .execute();
}

export async function selectImagesOf(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_images")
    .select(["id", "product_id", "filename", "card_filename", "position", "direct_link"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** Stock rows of the given products at shops that are not deleted. */
export async function selectStockOf(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("stock")
    .innerJoin("shops", "shops.id", "stock.shop_id")
    .select(["stock.shop_id", "stock.product_id", "stock.option_id", "stock.amount"])
    .where("stock.product_id", "in", productIds)
    .where("shops.is_deleted", "=", 0)
    .orderBy("stock.shop_id")
    .execute();
}

export async function findProductRow(db: Executor, productId: number) {
  return db.selectFrom("products").select(["id", "is_deleted", "default_option_id"]).where("id", "=", productId).executeTakeFirst();
}

export async function updateProductRow(db: Executor, productId: number, changes: Updateable<ProductsTable>, now: string): Promise<void> {
  await db
    .updateTable("products")
    .set({ ...changes, ...(changes.name === undefined ? {} : { name_search: productSearchName(changes.name) }), updated_at: now })
    .where("id", "=", productId)
    .execute();
}

export async function updateOption(
  db: Executor,
  productId: number,
  optionId: number,
  changes: Partial<{
    per_price: number;
    cost_price: number;
    price_text: string;
    gift_text: string;
    is_deleted: 0 | 1;
    sale_price: number | null;
    sale_ends_at: string | null;
  }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("product_options").set(changes).where("product_id", "=", productId).where("option_id", "=", optionId).execute();
}

export async function findOption(db: Executor, productId: number, optionId: number) {
  return db
    .selectFrom("product_options")
    .select(["option_id", "is_deleted", "per_price", "sale_price", "sale_ends_at"])
    .where("product_id", "=", productId)
    .where("option_id", "=", optionId)
    .executeTakeFirst();
}

export async function listImageRows(db: Executor, productId: number) {
  return db
    .selectFrom("product_images")
    .select(["id", "filename", "card_filename", "position"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function insertImages(
  db: Executor,
  productId: number,
  images: Array<{ filename: string; card_filename: string; position: number }>,
): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto("product_images")
    .values(images.map((image) => ({ product_id: productId, ...image })))
    .execute();
}

export async function deleteImageRow(db: Executor, productId: number, imageId: number): Promise<void> {
  await db.deleteFrom("product_images").where("product_id", "=", productId).where("id", "=", imageId).execute();
}

export async function setImagePosition(db: Executor, productId: number, imageId: number, position: number): Promise<void> {
  await db.updateTable("product_images").set({ position }).where("product_id", "=", productId).where("id", "=", imageId).execute();
}

/**
 * Undoes a product created a moment ago whose picture files could not be written (its unit had committed):
 * the product, its options, images and shelves, and the audit rows of its first stock.
 */
export async function discardNewProduct(db: Executor, productId: number): Promise<void> {
  await db.deleteFrom("stock_history").where("product_id", "=", productId).execute();
  await db.deleteFrom("products").where("id", "=", productId).execute();
}
