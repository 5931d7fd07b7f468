/**
 * The admin's product form (spec §5 "Product upload"): which fields a create needs, which an update may
 * change, and the spec's messages, checked in the spec's order so the first wrong field is the one named.
 * Multipart fields arrive as strings; this turns them into a typed draft or a ValidationError.
 */
import { isCategoryId } from "./catalog";
import { BASE_OPTION_ID, DEFAULT_POSITION, MIN_POSITION, WAREHOUSE_SHOP_ID } from "./constants";
import { MULTI_LINE, SINGLE_LINE } from "./textRules";
import { ConflictError, ValidationError } from "./errors";

/** The spec's confirmations and the form's other answers (spec §8). */
export const ADMIN_PRODUCT_TEXTS = {
  created: "Product was successfuly uploaded",
  updated: "Product was successfuly updated",
  activated: "Product activated",
  disabled: "Product Disabled",
  deleted: "Product was deleted",
  optionCreated: "Product option was succesfuly created",
  optionDeleted: "Option was deleted",
  defaultChanged: "Default option was changed",
  cannotDeleteDefault: "Cannot delete Default product option. Please set new default option and then delete",
  imageRemoved: "Image was removed",
  imagesReordered: "Images were reordered",
  lastImage: "A product needs at least one image: add another before removing this one.",
  needImage: "Add at least one image",
} as const;

/** Whole Baht and whole items; a bigger number is a typo, not a price. */
const MAX_AMOUNT = 100_000_000;
const MAX_POSITION = 1_000_000;

/** Characters of each text field, the option form's (contracts/adminProducts.ts) too. */
export const PRODUCT_TEXT_LIMITS = {
  name: 200,
  description: 2_000,
  full_description: 5_000,
  label: 100,
  price_text: 200,
  gift_text: 200,
} as const;

export interface ProductDraft {
  name?: string;
  description?: string;
  full_description?: string;
  label?: string;
  hot_deal?: 0 | 1;
  category_id?: number;
  in_all_list?: 0 | 1;
  position?: number;
  /** The base option 0's values. */
  per_price?: number;
  cost_price?: number;
  price_text?: string;
  gift_text?: string;
  /** The base option's stock at the warehouse (create: what it starts with; update: what it becomes). */
  instock?: number;
  /**
   * Create only: the shop whose shelf `instock` goes on, the warehouse (shop 1) unless the form names a
   * pickup shop; the service checks that the shop exists (404).
   */
  shop_id?: number;
  /** The base option's sale as sent (either field present); checked against the list price by server/domain/sale.ts. */
  sale?: { sale_price: string; sale_ends_at: string };
}

export type ProductDraftFull = Required<Omit<ProductDraft, "full_description" | "sale">> &
  Pick<ProductDraft, "sale"> & { full_description: string };

/** A non-negative whole number written in digits only ("12"; not "-1", "1.5", "1e3", "abc" or ""). */
function wholeNumber(raw: string, max = MAX_AMOUNT): number | null {
  const text = raw.trim();
  if (!/^\d{1,12}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

const SINGLE = new RegExp(SINGLE_LINE);
const MULTI = new RegExp(MULTI_LINE);

/** The shared text rule from textRules.ts (the webapp runs this file, without TypeBox), worded as contracts/text.ts words it. */
type MissingText = "Set name" | "Set description" | "Set gift_text" | "Set label" | "Set price_text";

function text(param: keyof typeof PRODUCT_TEXT_LIMITS, raw: string, missing: MissingText | null, multiLine = false): string {
  const value = raw.trim();
  if (missing && value === "") throw new ValidationError(param, missing);
  if (value.length > PRODUCT_TEXT_LIMITS[param])
    throw new ValidationError(param, "{param} is too long (at most {max} characters)", { param, max: PRODUCT_TEXT_LIMITS[param] });
  if (!(multiLine ? MULTI : SINGLE).test(value))
    throw new ValidationError(param, multiLine ? "{param} must be plain text" : "{param} must be one line of plain text", { param });
  return value;
}

function flag(raw: string): 0 | 1 | null {
  const value = raw.trim();
  return value === "1" ? 1 : value === "0" ? 0 : null;
}

/**
 * Reads the form's fields. On create every field the spec checks must be there (an absent one reads as
 * empty); on update only the fields present are read and changed. `productId` is the path's id on update.
 */
export function parseProductForm(fields: Record<string, string>, mode: "create"): ProductDraftFull;
export function parseProductForm(fields: Record<string, string>, mode: "update", productId: number): ProductDraft;
export function parseProductForm(fields: Record<string, string>, mode: "create" | "update", productId?: number): ProductDraft {
  const creating = mode === "create";
  const has = (name: string) => creating || Object.prototype.hasOwnProperty.call(fields, name);
  const raw = (name: string) => fields[name] ?? "";
  const draft: ProductDraft = {};

  if (!creating && has("product_id")) {
    const id = wholeNumber(raw("product_id"));
    if (id === null || id !== productId) throw new ValidationError("product_id", "Incorrect product_id");
  }
  if (has("name")) draft.name = text("name", raw("name"), "Set name");
  if (has("description")) draft.description = text("description", raw("description"), "Set description", true);
  if (has("per_price")) {
    const value = wholeNumber(raw("per_price"));
    if (value === null) throw new ValidationError("per_price", "Incorrect Per Price");
    draft.per_price = value;
  }
  if (has("cost_price")) {
    const value = wholeNumber(raw("cost_price"));
    if (value === null) throw new ValidationError("cost_price", "Incorrect Cost");
    draft.cost_price = value;
  }
  if (has("instock")) {
    const value = wholeNumber(raw("instock"));
    if (value === null) throw new ValidationError("instock", "Incorrect instock");
    draft.instock = value;
  }
  if (creating) {
    draft.shop_id = WAREHOUSE_SHOP_ID;
    if (Object.prototype.hasOwnProperty.call(fields, "shop_id") && raw("shop_id").trim() !== "") {
      const value = wholeNumber(raw("shop_id"));
      if (value === null || value < 1) throw new ValidationError("shop_id", "Incorrect shop_id");
      draft.shop_id = value;
    }
  } else if (Object.prototype.hasOwnProperty.call(fields, "shop_id")) {
    // An update's instock is the warehouse shelf; stock for a pickup shop is added or moved with the stock calls.
    throw new ValidationError("shop_id", "shop_id is for a new product only: add stock to a shop with Add stock");
  }
  if (has("gift_text")) draft.gift_text = text("gift_text", raw("gift_text"), "Set gift_text");
  if (has("label")) draft.label = text("label", raw("label"), "Set label");
  if (has("price_text")) draft.price_text = text("price_text", raw("price_text"), "Set price_text");
  if (has("hot_deal")) {
    const value = flag(raw("hot_deal"));
    if (value === null) throw new ValidationError("hot_deal", "Set hot_deal");
    draft.hot_deal = value;
  }
  if (has("category_id")) {
    const value = wholeNumber(raw("category_id"));
    if (value === null || !isCategoryId(value)) throw new ValidationError("category_id", "Set category_id");
    draft.category_id = value;
  }
  // Not checked by the spec's form; still only what the store can keep.
  if (Object.prototype.hasOwnProperty.call(fields, "full_description")) {
    draft.full_description = text("full_description", raw("full_description"), null, true);
  } else if (creating) {
    draft.full_description = "";
  }
  if (Object.prototype.hasOwnProperty.call(fields, "in_all_list") && raw("in_all_list").trim() !== "") {
    const value = flag(raw("in_all_list"));
    if (value === null) throw new ValidationError("in_all_list", "in_all_list must be 1 or 0");
    draft.in_all_list = value;
  } else if (creating) {
    draft.in_all_list = 1;
  }
  if (Object.prototype.hasOwnProperty.call(fields, "position") && raw("position").trim() !== "") {
    const value = wholeNumber(raw("position"), MAX_POSITION);
    if (value === null || value < MIN_POSITION)
      throw new ValidationError("position", "position must be a whole number from {min} to {max}", {
        min: MIN_POSITION,
        max: MAX_POSITION,
      });
    draft.position = value;
  } else if (creating) {
    draft.position = DEFAULT_POSITION;
  }
  const given = (name: string) => Object.prototype.hasOwnProperty.call(fields, name);
  if (given("sale_price") || given("sale_ends_at")) draft.sale = { sale_price: raw("sale_price"), sale_ends_at: raw("sale_ends_at") };
  return draft;
}

/** Images arrive as file-0, file-1, …: in that order, and under no other name. */
export function orderImageFields<T extends { field: string }>(files: T[]): T[] {
  const numbered = files.map((file) => {
    const match = /^file-(\d{1,2})$/.exec(file.field);
    if (!match)
      throw new ValidationError(file.field, "Unexpected file field ''{field}'': send images as file-0, file-1, …", {
        field: file.field.slice(0, 40),
      });
    return { file, n: Number(match[1]) };
  });
  return numbered.sort((a, b) => a.n - b.n).map(({ file }) => file);
}

/** A product always has a picture (on update, the ones it keeps count). */
export function requireAnImage(count: number): void {
  if (count < 1) throw new ValidationError("images", ADMIN_PRODUCT_TEXTS.needImage);
}

/** Removing an image may not leave the product without one. */
export function assertImageRemovable(imageCount: number): void {
  if (imageCount <= 1) throw new ConflictError("LAST_IMAGE", ADMIN_PRODUCT_TEXTS.lastImage);
}

/** A new image order names each of the product's images once. */
export function assertSameImages(current: number[], wanted: number[]): void {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(",");
  if (current.length !== wanted.length || sorted(current) !== sorted(wanted)) {
    throw new ValidationError("image_ids", "image_ids must list each of this product's images exactly once");
  }
}

/** The base option and the default option stay: the spec's one message for both. */
export function assertOptionDeletable(optionId: number, defaultOptionId: number): void {
  if (optionId === BASE_OPTION_ID || optionId === defaultOptionId) {
    throw new ConflictError("DEFAULT_OPTION", ADMIN_PRODUCT_TEXTS.cannotDeleteDefault);
  }
}

/**
 * What the admin's product search compares (`products.name_search`): the name lower-cased by Unicode's rules
 * (`toLowerCase`, no locale: Latin, Cyrillic, Greek fold; Thai has no case), the same on every engine.
 */
export function productSearchName(text: string): string {
  return text.toLowerCase();
}

/** A search text as a LIKE pattern on `name_search`: folded, trimmed, `%`, `_` and a backslash matched literally. */
export function productSearchPattern(q: string | undefined): string | null {
  const text = productSearchName(q ?? "").trim();
  if (text === "") return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
