/**
 * The catalogue's JSON shapes. Field names are those of spec section 3 (the API's data dictionary); the
 * flags the spec writes as '1'/'0' travel as those strings. One schema per shape: the server validates and
 * documents with it, the webapp takes its TypeScript type from it.
 */
import { Type, type Static } from "typebox";
import { Nullable, OneOf } from "./schema";
import { Id } from "./ids";

export const Flag = OneOf(["1", "0"]);
export type Flag = Static<typeof Flag>;

export const ProductImage = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  filename: Type.String(),
  /** The card-size WebP (480 px wide) beside `filename` (≤ 1600 px), for a card's srcset; null for older pictures. */
  card_filename: Nullable(Type.String()),
  position: Type.Integer(),
  direct_link: Nullable(Type.String()),
});
export type ProductImage = Static<typeof ProductImage>;

export const ProductOption = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  per_price: Type.Integer(),
  /** What one item costs while the sale runs (below per_price), or null: no sale, or it has ended. */
  sale_price: Nullable(Type.Integer()),
  /** ISO UTC end of the running sale, or null: no end set (or no sale). */
  sale_ends_at: Nullable(Type.String()),
  price_text: Type.String(),
  gift_text: Type.String(),
  instock: Type.Integer(),
  img_index: Nullable(Type.Integer()),
});
export type ProductOption = Static<typeof ProductOption>;

/** Stock of one option at one shop, keyed `opt_{optionId}`. */
export const ShopListItem = Type.Object({
  store_id: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  district: Type.String(),
  options: Type.Record(Type.String(), Type.Object({ amount: Type.Integer() })),
});
export type ShopListItem = Static<typeof ShopListItem>;

/** The product page's product (GET /api/products/:id, the wishlist): the long description, and each shop named. */
export const Product = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  per_price: Type.Integer(),
  /** The base option's running sale, as on an option. */
  sale_price: Nullable(Type.Integer()),
  sale_ends_at: Nullable(Type.String()),
  instock: Type.Integer(),
  gift_text: Type.String(),
  label: Type.String(),
  price_text: Type.String(),
  hot_deal: Flag,
  category_id: Type.Integer(),
  position: Type.Integer(),
  in_all_list: Flag,
  is_inactive: Flag,
  is_deleted: Flag,
  step: Type.Integer(),
  max_amount: Nullable(Type.Integer()),
  images: Type.Array(ProductImage),
  /** Extra options keyed by option id; null when the product has only its base option '0'. */
  options: Nullable(Type.Record(Type.String(), ProductOption)),
  default_option: Type.String(),
  picked_option: Type.String(),
  /** The shop the stock figures are for, or null when they are summed over every pickup shop. */
  shop: Nullable(Type.Integer()),
  stats: Type.Object({ orders: Type.Integer(), wishlist: Type.Integer() }),
  created: Type.String(),
  full_description: Type.String(),
  shop_list: Type.Array(ShopListItem),
});
export type Product = Static<typeof Product>;

/** A pickup shop as a list answer names it, once per answer (keyed by its id in `shops`). */
export const ListShop = Type.Object({
  store_id: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  district: Type.String(),
});
export type ListShop = Static<typeof ListShop>;

/** A picture as a card shows it; every answer sends a product's pictures in their order, the cover first. */
export const CardImage = Type.Object({
  id: Type.Integer(),
  filename: Type.String(),
  card_filename: Nullable(Type.String()),
});
export type CardImage = Static<typeof CardImage>;

/** An extra option as a list item carries it: its stock is in the item's `stock`, its id is its key. */
export const ListOption = Type.Object({
  per_price: Type.Integer(),
  sale_price: Nullable(Type.Integer()),
  sale_ends_at: Nullable(Type.String()),
  price_text: Type.String(),
  gift_text: Type.String(),
  img_index: Nullable(Type.Integer()),
});
export type ListOption = Static<typeof ListOption>;

/**
 * A list item's stock: shop id → option id ('0' the base option) → amount, for every pickup shop holding a live
 * option of the product, positive amounts only. The shops themselves are named once, in the answer's `shops`.
 */
export const ListStock = Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()));
export type ListStock = Static<typeof ListStock>;

/**
 * A product of the list: what a card shows, and nothing the list never varies. No long description, no flags
 * (a listed product is active and not deleted), no order limits (a card orders one; the product page and the
 * cart read them from GET /api/products/:id), no stock figures beside `stock` (the card sums them for the scope).
 */
export const ProductListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  per_price: Type.Integer(),
  /** The base option's running sale, as on an option. */
  sale_price: Nullable(Type.Integer()),
  sale_ends_at: Nullable(Type.String()),
  gift_text: Type.String(),
  label: Type.String(),
  price_text: Type.String(),
  hot_deal: Flag,
  category_id: Type.Integer(),
  images: Type.Array(CardImage),
  /** Extra options keyed by option id; null when the product has only its base option '0'. */
  options: Nullable(Type.Record(Type.String(), ListOption)),
  default_option: Type.String(),
  stats: Type.Object({ orders: Type.Integer(), wishlist: Type.Integer() }),
  stock: ListStock,
});
export type ProductListItem = Static<typeof ProductListItem>;

/**
 * What the mini-app's cards read: a list item with its stock figures summed for the answer's scope and its shops
 * named again from the answer's `shops` (webapp/src/lib/shopsHolding.ts), or a product page's product (a
 * `Product` is one too: the wishlist and the product page show cards of those).
 */
export type CardProduct = Pick<
  Product,
  | "id"
  | "name"
  | "description"
  | "per_price"
  | "sale_price"
  | "sale_ends_at"
  | "instock"
  | "gift_text"
  | "label"
  | "price_text"
  | "hot_deal"
  | "category_id"
  | "default_option"
  | "stats"
  | "shop_list"
> & {
  images: CardImage[];
  options: Record<string, ListOption & Pick<ProductOption, "instock">> | null;
};

export const Shop = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  district: Type.String(),
  map_link: Type.String(),
  path: Type.String(),
  stock_id: Type.Integer(),
  city_id: Type.Integer(),
  /** The shop has a TON wallet, so an order there may be paid in crypto (payment 3). */
  accepts_crypto: Type.Boolean(),
});
export type Shop = Static<typeof Shop>;

export const ProductListQuery = Type.Object({
  category: Type.Optional(Type.Integer({ description: "0 All, -1 Hot deal, else a category id" })),
  stock_id: Type.Optional(Type.Integer({ description: "only what this shop holds; 1 (the warehouse) means every pickup shop" })),
  q: Type.Optional(Type.String({ description: "a search: 1–100 plain characters after trimming; empty lists as without it" })),
  cursor: Type.Optional(Type.String({ description: "a search's next page: its answer's next_cursor, unchanged" })),
});
export type ProductListQuery = Static<typeof ProductListQuery>;

export const ProductParams = Type.Object({ id: Id() });
export const ProductDetailQuery = Type.Object({ stock_id: Type.Optional(Type.Integer()) });

/**
 * The product list: without `q` the whole listed catalogue in listing order (`next_cursor` null); with `q` one
 * page of the search, best match first. `shops` names every shop the items' `stock` holds, once.
 */
export const ProductListResponse = Type.Object({
  products: Type.Array(ProductListItem),
  shops: Type.Record(Type.String(), ListShop),
  next_cursor: Nullable(Type.String()),
});
export type ProductListResponse = Static<typeof ProductListResponse>;
export const ProductResponse = Type.Object({ product: Product });
export type ProductResponse = Static<typeof ProductResponse>;
/** The customer's wishlist: ids newest wish first, and those products as the catalogue shows them. */
export const WishlistResponse = Type.Object({ product_ids: Type.Array(Type.Integer()), products: Type.Array(Product) });
export type WishlistResponse = Static<typeof WishlistResponse>;
export const ShopListResponse = Type.Object({ shops: Type.Array(Shop) });
export type ShopListResponse = Static<typeof ShopListResponse>;

/** The one error shape of the whole API. */
export const ApiError = Type.Object({ error: Type.String(), message: Type.String() });
export type ApiError = Static<typeof ApiError>;
