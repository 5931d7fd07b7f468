/**
 * Shop management (spec §3 "Shop/Store", §7 "Create shop (multipart)", issue 12). Create and update arrive
 * as multipart forms (fields `name, city_id, district, address, map_link, admin` and the logo as `file-0`),
 * so their bodies are read by server/http/multipart.ts and checked by server/domain/shops.ts, not by a schema.
 */
import { Type, type Static } from "typebox";
import { Nullable } from "./schema";
import { Id } from "./ids";


export const ShopIdParams = Type.Object({ id: Id() });

export const AdminShop = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Always 1, Koh Samui. */
  city_id: Type.Integer(),
  district: Type.String(),
  address: Type.String(),
  /** A Google Maps link or embed address, or "". */
  map_link: Type.String(),
  /** The logo's address (`/assets/shop/{id}/{file}`), or "". */
  path: Type.String(),
  /** The shop admin's e-mail as entered (the spec's `admin_email`), or null. */
  admin_email: Nullable(Type.String()),
  /** Who owns the shop now: the user with that e-mail once they have signed in. */
  owner: Nullable(Type.Object({ user_id: Type.Integer(), name: Type.String(), email: Nullable(Type.String()) })),
  /** Shop 1, the central warehouse: holds stock, never a pickup shop, never deleted. */
  is_warehouse: Type.Boolean(),
  /** Deleted shops stay listed (marked) for their history; they are gone from every picker. */
  is_deleted: Type.Boolean(),
  created: Type.String(),
});
export type AdminShop = Static<typeof AdminShop>;

export const AdminShopListResponse = Type.Object({ shops: Type.Array(AdminShop) });
export type AdminShopListResponse = Static<typeof AdminShopListResponse>;

export const AdminShopResponse = Type.Object({ shop: AdminShop });
export type AdminShopResponse = Static<typeof AdminShopResponse>;

/** After create ('New shop was created.') and update ('Shop was updated.'). */
export const AdminShopSavedResponse = Type.Object({ shop: AdminShop, message: Type.String() });
export type AdminShopSavedResponse = Static<typeof AdminShopSavedResponse>;

/** After delete: 'Shop was deleted.' */
export const ShopDeletedResponse = Type.Object({ message: Type.String() });
export type ShopDeletedResponse = Static<typeof ShopDeletedResponse>;

/** The cabinet's store view: the shop the caller owns (spec §2 "Store view"), or null. */
export const MyStoreResponse = Type.Object({
  store: Nullable(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      city_id: Type.Integer(),
      city: Type.String(),
      district: Type.String(),
      address: Type.String(),
      map_link: Type.String(),
      path: Type.String(),
    }),
  ),
});
export type MyStoreResponse = Static<typeof MyStoreResponse>;
