/**
 * Shapes of the admin's product calls (issue 12; spec §3 Product / Product image / Product option, §5
 * "Product upload" and "Options", §7). Admins see every product (inactive and deleted too), every option
 * with its cost and its stock per shop (the warehouse, shop 1, included), and both files of each image.
 *
 * Create and update are multipart (`AdminProductFields` names the text fields; images come as `file-0`,
 * `file-1`, …), so their fields are checked by server/domain/adminProducts.ts with the spec's messages, not by
 * a JSON schema. Every other body is JSON and checked by the schemas below.
 */
import { Type, type Static } from "typebox";
import { Nullable } from "./schema";
import { Id, OptionId } from "./ids";
import { KeyPaging, NextKeyCursor } from "./paging";
import { PRODUCT_TEXT_LIMITS } from "../adminProducts";
import { Flag, ProductImage } from "./catalog";
import { Text } from "./text";


/** An image as the catalogue shows it: the large WebP (`filename`, ≤ 1600 px) and the card one. */
export const AdminProductImage = ProductImage;
export type AdminProductImage = Static<typeof AdminProductImage>;

/** Stock of one option at one shop. Shop 1 is the warehouse: it holds stock but is no pickup shop. */
export const AdminStockAtShop = Type.Object({
  shop_id: Type.Integer(),
  amount: Type.Integer(),
});
export type AdminStockAtShop = Static<typeof AdminStockAtShop>;

export const AdminProductOption = Type.Object({
  /** The option id; 0 is the base product. Extra option ids are unique across products. */
  id: Type.Integer(),
  product_id: Type.Integer(),
  per_price: Type.Integer(),
  cost_price: Type.Integer(),
  price_text: Type.String(),
  gift_text: Type.String(),
  img_index: Nullable(Type.Integer()),
  /** The sale as set (whole Baht below per_price), or null; it may have ended (`sale_ends_at` passed). */
  sale_price: Nullable(Type.Integer()),
  /** ISO UTC end of the sale, or null: until the admin ends it. */
  sale_ends_at: Nullable(Type.String()),
  /** Total over every shop, the warehouse included. */
  instock: Type.Integer(),
  /** Every shop holding a stock row for this option (amount may be 0), ordered by shop id. */
  stock: Type.Array(AdminStockAtShop),
  is_default: Type.Boolean(),
  is_deleted: Flag,
});
export type AdminProductOption = Static<typeof AdminProductOption>;

export const AdminProduct = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  full_description: Type.String(),
  /** The base option's (option 0) price, cost and texts, as the product form shows them. */
  per_price: Type.Integer(),
  cost_price: Type.Integer(),
  price_text: Type.String(),
  gift_text: Type.String(),
  /** The base option's sale, as on its option. */
  sale_price: Nullable(Type.Integer()),
  sale_ends_at: Nullable(Type.String()),
  label: Type.String(),
  hot_deal: Flag,
  category_id: Type.Integer(),
  /** Lower ranks higher; default 999, minimum 1. */
  position: Type.Integer(),
  /** '0': hidden from the All list (the admin card shows '(HIDE IN ALL LIST)'). */
  in_all_list: Flag,
  is_inactive: Flag,
  is_deleted: Flag,
  /** Sum of `instock` over the options that are not deleted. */
  instock: Type.Integer(),
  /** The option id customers get first, as a string like the catalogue's ('0' the base option). */
  default_option: Type.String(),
  images: Type.Array(AdminProductImage),
  /** Every option, the base option 0 first, deleted ones included (is_deleted '1'). */
  options: Type.Array(AdminProductOption),
  created: Type.String(),
  updated: Type.String(),
});
export type AdminProduct = Static<typeof AdminProduct>;

/**
 * The multipart text fields of create and update (all strings on the wire). On create every field but
 * full_description, in_all_list and position is required; on update only the fields sent change.
 * `instock` is the base option's stock: on create it goes on the shelf of `shop_id` (the warehouse, shop 1, when
 * absent), on update it is what the warehouse shelf becomes. Images: `file-0`, `file-1`, … .
 */
export const AdminProductFields = Type.Object({
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  full_description: Type.Optional(Type.String()),
  per_price: Type.Optional(Type.String({ description: "integer Baht ≥ 0" })),
  cost_price: Type.Optional(Type.String({ description: "integer Baht ≥ 0" })),
  instock: Type.Optional(Type.String({ description: "integer ≥ 0" })),
  shop_id: Type.Optional(Type.String({
    description: "create only: the shop instock goes to, default 1 (the warehouse); 404 when unknown",
  })),
  gift_text: Type.Optional(Type.String()),
  label: Type.Optional(Type.String()),
  price_text: Type.Optional(Type.String()),
  hot_deal: Type.Optional(Type.String({ description: "'1' or '0'" })),
  category_id: Type.Optional(Type.String({ description: "1..5" })),
  in_all_list: Type.Optional(Type.String({ description: "'1' (default) or '0'" })),
  position: Type.Optional(Type.String({ description: "integer ≥ 1, default 999" })),
  product_id: Type.Optional(Type.String({ description: "update only; must equal the path's id when sent" })),
  sale_price: Type.Optional(Type.String({ description: "the base option's sale price: integer Baht ≥ 1, below per_price; '' no sale" })),
  sale_ends_at: Type.Optional(Type.String({ description: "ISO 8601 with offset, in the future; '' until ended by hand" })),
});
export type AdminProductFields = Static<typeof AdminProductFields>;

export const AdminProductListQuery = Type.Object({
  category: Type.Optional(Type.Integer({ description: "absent or 0 every category, -1 hot deals, else a category id" })),
  /** A search of the names by the customer's search rules (domain/search.ts), best match first; blank: every product. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  ...KeyPaging,
});
export type AdminProductListQuery = Static<typeof AdminProductListQuery>;

export const AdminProductParams = Type.Object({ id: Id() });
export const AdminProductImageParams = Type.Object({ id: Id(), imageId: Id() });
export const AdminProductOptionParams = Type.Object({ id: Id(), optionId: OptionId() });

export const ProductActiveBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });
export type ProductActiveBody = Static<typeof ProductActiveBody>;

/** Exactly the product's image ids, in the new order (first is the cover). */
export const ImageOrderBody = Type.Object(
  { image_ids: Type.Array(Id(), { minItems: 1, maxItems: 100, uniqueItems: true }) },
  { additionalProperties: false },
);
export type ImageOrderBody = Static<typeof ImageOrderBody>;

const Baht = Type.Integer({ minimum: 0, maximum: 100_000_000 });

/** A sale price below the list price (checked by server/domain/sale.ts) and its optional end, ISO 8601 with offset. */
const SaleFields = {
  sale_price: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100_000_000 }))),
  sale_ends_at: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
};

export const CreateOptionBody = Type.Object(
  {
    per_price: Baht,
    cost_price: Baht,
    price_text: Text({ maxLength: PRODUCT_TEXT_LIMITS.price_text }),
    gift_text: Type.Optional(Text({ maxLength: PRODUCT_TEXT_LIMITS.gift_text })),
    /** Stock put into the warehouse (shop 1) for the new option; 0 or absent: none. */
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    /** Which of the product's images (0-based, in their order) shows for this option. */
    img_index: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 99 }), Type.Null()])),
    ...SaleFields,
  },
  { additionalProperties: false },
);
export type CreateOptionBody = Static<typeof CreateOptionBody>;

/** An option's sale (the base option 0 too): null or absent price, no sale. Checked by server/domain/sale.ts. */
export const OptionSaleBody = Type.Object(SaleFields, { additionalProperties: false });
export type OptionSaleBody = Static<typeof OptionSaleBody>;

export const DefaultOptionBody = Type.Object({ option_id: OptionId() }, { additionalProperties: false });
export type DefaultOptionBody = Static<typeof DefaultOptionBody>;

export const AdminProductListResponse = Type.Object({ products: Type.Array(AdminProduct), next_cursor: NextKeyCursor });

/** One product as the admin list shows it (the edit form opened on its own). */
export const AdminProductOneResponse = Type.Object({ product: AdminProduct });
export type AdminProductOneResponse = Static<typeof AdminProductOneResponse>;
export type AdminProductListResponse = Static<typeof AdminProductListResponse>;

/** Every change answers with the product as it now is and the spec's confirmation text. */
export const AdminProductResponse = Type.Object({ product: AdminProduct, message: Type.String() });
export type AdminProductResponse = Static<typeof AdminProductResponse>;

export const AdminOptionResponse = Type.Object({ option: AdminProductOption, product: AdminProduct, message: Type.String() });
export type AdminOptionResponse = Static<typeof AdminOptionResponse>;

/** The spec's confirmation texts (§5, "Confirmations and notices"), spelled as the spec spells them. */
export { ADMIN_PRODUCT_TEXTS } from "../adminProducts";
