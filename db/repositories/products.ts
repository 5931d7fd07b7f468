/** Writes of products and their options. The caller owns the transaction. */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, NewProduct } from "../schema";

type Db = Kysely<Database> | Transaction<Database>;

export interface OptionValues {
  per_price: number;
  cost_price: number;
  price_text: string;
  gift_text: string;
  img_index?: number | null;
}

/** A product with its base option 0 (its own price): the two always exist together. */
export async function insertProduct(db: Db, product: NewProduct, base: OptionValues): Promise<number> {
  const { id } = await db.insertInto("products").values(product).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("product_options")
    .values({ product_id: id, option_id: 0, ...optionColumns(base) })
    .execute();
  return id;
}

/** An extra option; its id is unique across products, so an option id alone names one option. */
export async function insertExtraOption(db: Db, productId: number, values: OptionValues): Promise<number> {
  const { next } = await db
    .selectFrom("product_options")
    .select(sql<number>`coalesce(max(option_id), 0) + 1`.as("next"))
    .executeTakeFirstOrThrow();
  await db
    .insertInto("product_options")
    .values({ product_id: productId, option_id: next, ...optionColumns(values) })
    .execute();
  return next;
}

function optionColumns(values: OptionValues) {
  const { per_price, cost_price, price_text, gift_text } = values;
  return { per_price, cost_price, price_text, gift_text, img_index: values.img_index ?? null };
}

export async function setStock(db: Db, shopId: number, productId: number, optionId: number, amount: number): Promise<void> {
  await db
    .insertInto("stock")
    .values({ shop_id: shopId, product_id: productId, option_id: optionId, amount })
    .onConflict((oc) => oc.columns(["shop_id", "product_id", "option_id"]).doUpdateSet({ amount }))
    .execute();
}
