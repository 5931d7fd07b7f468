/**
 * Shop management (spec §2 /shop/create|list|edit, §3 "Shop/Store", §5 "Shops"; issue 12): what a shop's
 * form may hold, and when a shop may go. Shop 1 is the central warehouse: it holds the stock and is never
 * deleted. Koh Samui (city 1) is the only region.
 */
import { CITY_ID, WAREHOUSE_SHOP_ID } from "./constants";
import { normaliseEmail } from "./auth";
import { ValidationError } from "./errors";
import { isMapEmbedUrl, isMapsLink, parseMapEmbed } from "./maps";
import { HTTPS_LINK, SINGLE_LINE } from "./textRules";

/** Spec §8 texts of the shop screens. */
export const SHOP_TEXTS = {
  created: "New shop was created.",
  updated: "Shop was updated.",
  deleted: "Shop was deleted.",
  error: "Error.",
  setName: "Set the shop's name.",
  onlyCity: "Koh Samui (city 1) is the only region.",
  logoRequired: "Choose a logo picture for the new shop.",
  oneLogo: "Send one logo picture, as file-0.",
  mapLink: "Paste a Google Maps link (https://maps.app.goo.gl/… or https://www.google.com/maps/…) or its embed code.",
  badEmail: "The shop admin e-mail is not a valid address.",
  warehouse: "The central warehouse holds the stock: it cannot be deleted.",
  openOrders: (count: number) =>
    `This shop has ${count} open ${count === 1 ? "order" : "orders"} (new or in work): ` +
    "hand them over or cancel them before deleting the shop.",
} as const;

const LIMITS = { name: 100, district: 100, address: 300, map_link: 4000, admin: 254 } as const;
/** The shared text rule (issue 14 "Clean text"): one line, no control characters. */
const ONE_LINE = new RegExp(SINGLE_LINE);
const LINK = new RegExp(HTTPS_LINK);

export interface ShopFields {
  name: string;
  city_id: number;
  district: string;
  address: string;
  map_link: string;
  /** The shop admin's e-mail (normalised), or null for none. */
  admin_email: string | null;
}

/** A shop's map as kept: a Google Maps link or embed address; embed code is reduced to its address. Empty is none. */
export function normaliseMapLink(raw: string): string {
  const value = raw.trim();
  if (value === "") return "";
  if (/<iframe\b/i.test(value)) return parseMapEmbed(value);
  if (LINK.test(value) && (isMapsLink(value) || isMapEmbedUrl(value))) return value;
  throw new ValidationError("map_link", SHOP_TEXTS.mapLink);
}

function text(fields: Record<string, string>, field: keyof typeof LIMITS): string | undefined {
  const raw = fields[field];
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (field !== "map_link" && !ONE_LINE.test(value)) throw new ValidationError(field, "{field} must be one line of plain text.", { field });
  if (value.length > LIMITS[field]) {
    throw new ValidationError(field, "{field} may be at most {max} characters.", { field, max: LIMITS[field] });
  }
  return value;
}

/**
 * Reads a shop form's text fields. On create every field but the name may be blank; on update only the
 * fields sent change (the result holds just those).
 */
export function readShopFields(fields: Record<string, string>, mode: "create"): ShopFields;
export function readShopFields(fields: Record<string, string>, mode: "update"): Partial<ShopFields>;
export function readShopFields(fields: Record<string, string>, mode: "create" | "update"): Partial<ShopFields> {
  const out: Partial<ShopFields> = {};
  const name = text(fields, "name");
  if (name !== undefined || mode === "create") {
    if (!name) throw new ValidationError("name", SHOP_TEXTS.setName);
    out.name = name;
  }
  const city = fields.city_id?.trim();
  if (city !== undefined && city !== "" && city !== String(CITY_ID)) throw new ValidationError("city_id", SHOP_TEXTS.onlyCity);
  if (mode === "create" || city) out.city_id = CITY_ID;
  for (const field of ["district", "address"] as const) {
    const value = text(fields, field);
    if (value !== undefined || mode === "create") out[field] = value ?? "";
  }
  const map = text(fields, "map_link");
  if (map !== undefined || mode === "create") out.map_link = normaliseMapLink(map ?? "");
  const admin = text(fields, "admin");
  if (admin !== undefined || mode === "create") {
    if (!admin) out.admin_email = null;
    else {
      try {
        out.admin_email = normaliseEmail(admin);
      } catch {
        throw new ValidationError("admin", SHOP_TEXTS.badEmail);
      }
    }
  }
  return out;
}

/** Spec §6: one of the two allow-listed accounts (by e-mail): the Personal/Store switch, shops, wholesale. */
export function isAllowlisted(user: { email: string | null }, allowlistEmails: readonly string[]): boolean {
  return user.email !== null && allowlistEmails.includes(user.email);
}

/** Spec §6: admins and the allow-listed accounts manage shops. */
export function mayManageShops(user: { is_admin: 0 | 1; email: string | null }, allowlistEmails: readonly string[]): boolean {
  return user.is_admin === 1 || isAllowlisted(user, allowlistEmails);
}

export function isWarehouse(shopId: number): boolean {
  return shopId === WAREHOUSE_SHOP_ID;
}
