import { ValidationError } from "./errors";

/** Product categories (spec section 2 and design §3). */
export const CATEGORIES = [
  { id: 1, name: "Sativa", colour: "green" },
  { id: 2, name: "Indica", colour: "red" },
  { id: 3, name: "Hybrid", colour: "orange" },
  { id: 4, name: "Accessories", colour: "purple" },
  { id: 5, name: "Food", colour: "amber" },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]["id"];
export type CategoryColour = (typeof CATEGORIES)[number]["colour"];

export const ALL_TAG = 0;
export const HOT_DEAL_TAG = -1;

/** The home page's filter tags, in the spec's order: All, Hot deal, Sativa, Indica, Hybrid, Food, Accessories. */
export const CATEGORY_TAGS: readonly { id: number; name: string }[] = [
  { id: ALL_TAG, name: "All" },
  { id: HOT_DEAL_TAG, name: "Hot deal" },
  { id: 1, name: "Sativa" },
  { id: 2, name: "Indica" },
  { id: 3, name: "Hybrid" },
  { id: 5, name: "Food" },
  { id: 4, name: "Accessories" },
];

export function isCategoryId(id: number): id is CategoryId {
  return CATEGORIES.some((c) => c.id === id);
}

export function categoryColour(id: number): CategoryColour | null {
  return CATEGORIES.find((c) => c.id === id)?.colour ?? null;
}

/** Categories 4 (Accessories) and 5 (Food) carry their own label icon on product cards. */
export function labelIconOf(categoryId: number): "accessory" | "food" | null {
  if (categoryId === 4) return "accessory";
  if (categoryId === 5) return "food";
  return null;
}

/** What the customer listing shows: one tag of the home page. */
export type CategoryFilter =
  | { kind: "all" }
  /** What some tab lists: a search's scope under All (`in_all_list` 0 hides from the All tab's browsing only). */
  | { kind: "everywhere" }
  | { kind: "hot" }
  | { kind: "category"; categoryId: CategoryId };

/**
 * Reads the `category` parameter of the listing. Absent or 0 is All, -1 is Hot deal, else a category id.
 * Anything else is a caller's mistake named after the parameter.
 */
export function parseCategoryFilter(raw: number | undefined): CategoryFilter {
  if (raw === undefined || raw === ALL_TAG) return { kind: "all" };
  if (raw === HOT_DEAL_TAG) return { kind: "hot" };
  if (isCategoryId(raw)) return { kind: "category", categoryId: raw };
  throw new ValidationError("category", "category must be one of {allowed}", {
    allowed: CATEGORY_TAGS.map((t) => t.id).join(", "),
  });
}

/**
 * The listing rules for customers (design §3): active, not deleted, in stock where it can be ordered;
 * `in_all_list` 0 hides a product from the All tab only.
 */
export function isListedFor(
  filter: CategoryFilter,
  product: {
    category_id: number;
    hot_deal: boolean;
    in_all_list: boolean;
    is_inactive: boolean;
    is_deleted: boolean;
    orderable_stock: number;
  },
): boolean {
  if (product.is_inactive || product.is_deleted || product.orderable_stock <= 0) return false;
  switch (filter.kind) {
    case "all":
      return product.in_all_list;
    case "everywhere":
      return true;
    case "hot":
      return product.hot_deal;
    case "category":
      return product.category_id === filter.categoryId;
  }
}

/** Lower position ranks higher; ties go to the newest product. */
export function compareListingOrder(
  a: { position: number; created_at: string; id: number },
  b: { position: number; created_at: string; id: number },
): number {
  if (a.position !== b.position) return a.position - b.position;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}

/** A shop a customer may pick up from: any shop but the warehouse. */
export function isPickupShop(shopId: number, warehouseShopId: number): boolean {
  return shopId !== warehouseShopId;
}

/** Where a product image is served: the spec's assets/product/{productId}/{filename}. */
export function productImagePath(productId: number, filename: string): string {
  return `/assets/product/${productId}/${encodeURIComponent(filename)}`;
}

/**
 * How much of one option a list item's stock map (shop id → option id → amount) holds for the answer's scope: at
 * one pickup shop, or summed over every pickup shop (null), the product page's `instock` for the same scope.
 */
export function listedStock(stock: Record<string, Record<string, number>>, optionId: string, shopId: number | null): number {
  if (shopId !== null) return stock[String(shopId)]?.[optionId] ?? 0;
  let total = 0;
  for (const byOption of Object.values(stock)) total += byOption[optionId] ?? 0;
  return total;
}
