/** Writes of products and their options. The caller owns the transaction. */
import { sql } from "kysely";
import type { Executor } from "../executor";
import type { NewProduct } from "../schema";
import { lockName } from "../locks";
import { productSearchName } from "../../server/domain/adminProducts";

export interface OptionValues {
  per_price: number;
  cost_price: number;
  price_text: string;
  gift_text: string;
  img_index?: number | null;
  sale_price?: number | null;
  sale_ends_at?: string | null;
}

/** A product with its base option 0 (its own price): the two always exist together; the name also as searched. */
export async function insertProduct(db: Executor, product: NewProduct, base: OptionValues): Promise<number> {
  const { id } = await db
    .insertInto("products")
    .values({ ...product, name_search: productSearchName(product.name) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("product_options")
    .values({ product_id: id, option_id: 0, ...optionColumns(base) })
    .execute();
  return id;
}

/**
 * An extra option; its id is unique across products, so an option id alone names one option. The id is
 * taken in the insert itself (`max + 1`). Units adding extra options run one after the other (a named lock
 * held to the unit's end: with transactions side by side, two inserts would each see only the other's
 * uncommitted row missing and take the same id); the unique index on extra option ids stays the last word.
 * (Integers are cast: an engine with typed parameters reads an untyped one in a select list as text.)
 */
export async function insertExtraOption(db: Executor, productId: number, values: OptionValues): Promise<number> {
  await lockName(db, "product options", "extra option ids");
  const columns = optionColumns(values);
  const { option_id } = await db
    .insertInto("product_options")
    .columns(["product_id", "option_id", "per_price", "cost_price", "price_text", "gift_text", "img_index", "sale_price", "sale_ends_at"])
    .expression((eb) =>
      eb
        .selectFrom("product_options")
        .select([
          eb.cast<number>(eb.val(productId), "integer").as("product_id"),
          sql<number>`coalesce(max(option_id), 0) + 1`.as("option_id"),
          eb.cast<number>(eb.val(columns.per_price), "integer").as("per_price"),
          eb.cast<number>(eb.val(columns.cost_price), "integer").as("cost_price"),
          eb.val(columns.price_text).as("price_text"),
          eb.val(columns.gift_text).as("gift_text"),
          eb.cast<number | null>(eb.val(columns.img_index), "integer").as("img_index"),
          eb.cast<number | null>(eb.val(columns.sale_price), "integer").as("sale_price"),
          eb.cast<string | null>(eb.val(columns.sale_ends_at), "text").as("sale_ends_at"),
        ]),
    )
    .returning("option_id")
    .executeTakeFirstOrThrow();
  return option_id;
}

function optionColumns(values: OptionValues) {
  const { per_price, cost_price, price_text, gift_text } = values;
  return {
    per_price,
    cost_price,
    price_text,
    gift_text,
    img_index: values.img_index ?? null,
    sale_price: values.sale_price ?? null,
    sale_ends_at: values.sale_ends_at ?? null,
  };
}

export async function setStock(db: Executor, shopId: number, productId: number, optionId: number, amount: number): Promise<void> {
  await db
    .insertInto("stock")
    .values({ shop_id: shopId, product_id: productId, option_id: optionId, amount })
    .onConflict((oc) => oc.columns(["shop_id", "product_id", "option_id"]).doUpdateSet({ amount }))
    .execute();
}
