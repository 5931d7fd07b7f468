import { parseProductForm, requireAnImage } from "@domain/adminProducts";
import { checkSale } from "@domain/sale";
import { CATEGORIES } from "@domain/catalog";
import { DomainError, ValidationError } from "@domain/errors";
import { BASE_OPTION_ID, DEFAULT_POSITION, WAREHOUSE_SHOP_ID } from "@domain/constants";
import { currentLocale, t, type MessageId } from "../../../lib/i18n";
import type { AdminProduct } from "./api/types";
import { isoWithOffset } from "./saleFields";

/** The product form's text fields in the spec's order (spec §7 payload "Create/update product"). */
export const TEXT_FIELDS = [
  "name",
  "description",
  "full_description",
  "per_price",
  "cost_price",
  "instock",
  "gift_text",
  "label",
  "price_text",
  "position",
  "sale_price",
  "sale_ends_at",
] as const;

/** `shop_id`: where a new product's stock goes (create only; the edit form's stays the warehouse and is never sent). */
export type ProductFields = Record<(typeof TEXT_FIELDS)[number] | "hot_deal" | "category_id" | "in_all_list" | "shop_id", string>;

export const EMPTY_FIELDS: ProductFields = {
  name: "",
  description: "",
  full_description: "",
  per_price: "",
  cost_price: "",
  instock: "",
  gift_text: "",
  label: "",
  price_text: "",
  position: String(DEFAULT_POSITION),
  sale_price: "",
  sale_ends_at: "",
  hot_deal: "0",
  category_id: String(CATEGORIES[0].id),
  in_all_list: "1",
  shop_id: String(WAREHOUSE_SHOP_ID),
};

/** The form as a product fills it: every field as the text the inputs hold. */
export function fieldsOf(product: AdminProduct): ProductFields {
  return {
    name: product.name,
    description: product.description,
    full_description: product.full_description,
    per_price: String(product.per_price),
    cost_price: String(product.cost_price),
    // The form's stock is the base option's shelf in the warehouse: what create puts there and update sets it to.
    instock: String(
      product.options.find((option) => option.id === BASE_OPTION_ID)?.stock.find((at) => at.shop_id === WAREHOUSE_SHOP_ID)?.amount ?? 0,
    ),
    gift_text: product.gift_text,
    label: product.label,
    price_text: product.price_text,
    position: String(product.position),
    // The edit page sets sales with the option sale call (SaleEditor); its form never sends these.
    sale_price: "",
    sale_ends_at: "",
    hot_deal: product.hot_deal,
    category_id: String(product.category_id),
    in_all_list: product.in_all_list,
    shop_id: String(WAREHOUSE_SHOP_ID),
  };
}

/** The form's labels by field, for naming a field in a problem. */
const FIELD_LABELS: Partial<Record<string, MessageId>> = {
  name: "staff.form.name",
  description: "staff.form.description",
  full_description: "staff.form.fullDescription",
  per_price: "staff.form.perPrice",
  cost_price: "staff.form.costPrice",
  instock: "staff.form.instock",
  gift_text: "staff.form.giftText",
  label: "staff.form.label",
  price_text: "staff.form.priceText",
  position: "staff.form.position",
  hot_deal: "staff.form.hotDeal",
  category_id: "staff.form.category",
  in_all_list: "staff.form.inAllList",
  shop_id: "staff.form.stockShop",
  sale_price: "staff.sale.price",
  sale_ends_at: "staff.sale.endsAt",
};

/**
 * A problem of the form in the display language: in English the spec's own words as the check wrote them; in
 * Russian and Thai the same problem said in that language, naming the field by its label.
 */
function problemText(error: ValidationError): string {
  const english = error.message;
  if (currentLocale() === "en") return english;
  const labelId = FIELD_LABELS[error.param];
  const field = labelId ? t(labelId) : error.param;
  const numbers = english.match(/\d+/g) ?? [];
  if (error.param === "images") return t("staff.form.problem.image");
  if (error.param === "sale_price") return t("staff.form.problem.salePrice", { field, price: numbers.at(-1) ?? "" });
  if (error.param === "sale_ends_at") return t("staff.form.problem.saleEnd", { field });
  if (english.includes(" is too long ")) return t("staff.form.problem.tooLong", { field, max: numbers[0] ?? "" });
  if (/ must be (plain text|one line of plain text)$/.test(english)) return t("staff.form.problem.plainText", { field });
  if (error.param === "position") return t("staff.form.problem.position", { field, min: numbers[0] ?? "", max: numbers[1] ?? "" });
  if (english.startsWith("Set ") && !["hot_deal", "category_id"].includes(error.param)) return t("staff.form.problem.fill", { field });
  if (english.startsWith("Incorrect ")) return t("staff.form.problem.number", { field });
  return t("staff.form.problem.choose", { field });
}

/**
 * Spec §5 "Product upload": what is wrong with the form, in the spec's words, or null: the "shared input
 * check" that runs before the preview is the server's own (`parseProductForm`), so both say the same.
 */
export function fieldProblem(fields: ProductFields, imageCount: number): FieldProblem | null {
  try {
    const draft = parseProductForm(fields, "create");
    // The base option's sale, by the server's own rule (the create form's; the edit page's has its own call).
    if (draft.sale) {
      checkSale({ sale_price: draft.sale.sale_price, sale_ends_at: isoWithOffset(draft.sale.sale_ends_at) }, draft.per_price, Date.now());
    }
    requireAnImage(imageCount);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return { field: error.param, text: problemText(error) };
    if (error instanceof DomainError) return { field: null, text: error.message };
    throw error;
  }
}

/** What is wrong with a form, and the field it is about (its name in ProductFields, "images"), when it is one. */
export interface FieldProblem {
  field: string | null;
  text: string;
}

/** The product as an update leaves it: a field left empty keeps what the product has. */
export function keepBlank(current: ProductFields, edited: ProductFields): ProductFields {
  const result = { ...edited };
  for (const name of Object.keys(result) as (keyof ProductFields)[]) {
    if (result[name].trim() === "") result[name] = current[name];
  }
  return result;
}

/** Spec §5: an update sends only the fields that are not empty and changed. */
export function changedFields(before: ProductFields, after: ProductFields): Partial<ProductFields> {
  const changed: Partial<ProductFields> = {};
  for (const name of Object.keys(after) as (keyof ProductFields)[]) {
    const value = after[name].trim();
    if (value !== "" && value !== before[name].trim()) changed[name] = value;
  }
  return changed;
}

/** The multipart body: the fields (a sale's end as ISO 8601 with the island's offset), then the images as file-0, file-1, … */
export function formDataOf(fields: Partial<ProductFields>, images: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, name === "sale_ends_at" ? isoWithOffset(value) : value.trim());
  images.forEach((image, index) => form.append(`file-${index}`, image, image.name));
  return form;
}
