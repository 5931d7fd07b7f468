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

/** What a product card and the product page both show: everything of a product but its long texts and shop names. */
const productCardFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  per_price: Type.Integer(),
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
};

/** The product page's product (GET /api/products/:id, the wishlist): the long description, and each shop named. */
export const Product = Type.Object({
  ...productCardFields,
  full_description: Type.String(),
  shop_list: Type.Array(ShopListItem),
});
export type Product = Static<typeof Product>;

/** Stock of one option at one shop in a list answer: the shop itself is named once, in the answer's `shops`. */
export const ListShopStock = Type.Object({
  store_id: Type.Integer(),
  options: Type.Record(Type.String(), Type.Object({ amount: Type.Integer() })),
});
export type ListShopStock = Static<typeof ListShopStock>;

/** A pickup shop as a list answer names it, once per answer (keyed by its id in `shops`). */
export const ListShop = Type.Object({
  store_id: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  district: Type.String(),
});
export type ListShop = Static<typeof ListShop>;

/** A product of the list: the product page's product without `full_description`, its shops by id only. */
export const ProductListItem = Type.Object({
  ...productCardFields,
  shop_list: Type.Array(ListShopStock),
});
export type ProductListItem = Static<typeof ProductListItem>;

/**
 * A list item with its shops named again from the answer's `shops` (what the mini-app's cards read): the
 * product page's product without its long description. A `Product` is one too.
 */
export type CardProduct = Omit<Product, "full_description">;

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
 * page of the search, best match first. `shops` names every shop the items' `shop_list` holds, once.
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
