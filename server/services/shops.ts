/**
 * Shop management (issue 12): admins and the two allow-listed accounts create, edit and delete shops. The
 * logo goes through the image store (checked and re-encoded in memory first, so a bad picture writes
 * nothing); the shop admin e-mail makes its user the shop's owner, now if they have signed in, else at their
 * first sign-in (claimShopsByAdminEmail, called by sign-in). A deleted shop is only marked: its orders and
 * stock history stay, and every picker (the catalogue's shop list, the cart check) skips it.
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import {
  assignOwnerByEmail,
  countOpenOrders,
  discardNewShop,
  dropOwnerByEmail,
  findOwnedShop,
  findShop,
  insertShop,
  listShops,
  softDeleteShop,
  updateShop,
  type AdminShopRow,
} from "../../db/repositories/shops";
import { findUserById } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import type { Config } from "../config";
import { CITY_NAME } from "../domain/constants";
import type { AdminShop, MyStoreResponse } from "../domain/contracts/adminShops";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../domain/errors";
import { isWarehouse, mayManageShops, readShopFields, SHOP_TEXTS } from "../domain/shops";
import type { ImageStore, PreparedShopLogo } from "./images";
import { personName } from "./notices";

export type Shops = ReturnType<typeof createShops>;

export interface ShopsDeps {
  db: DB;
  clock: () => number;
  images: ImageStore;
  config: Pick<Config, "allowlistEmails">;
}

/** A shop form as it arrived: text fields and files (server/http/multipart.ts). */
export interface ShopForm {
  fields: Record<string, string>;
  files: { field: string; buffer: Buffer }[];
}

const logoPath = (shopId: number, filename: string | null) => (filename ? `/assets/shop/${shopId}/${encodeURIComponent(filename)}` : "");

function toAdminShop(row: AdminShopRow): AdminShop {
  return {
    id: row.id,
    name: row.name,
    city_id: row.city_id,
    district: row.district,
    address: row.address,
    map_link: row.map_link,
    path: logoPath(row.id, row.logo_filename),
    admin_email: row.admin_email,
    owner:
      row.owner_id === null
        ? null
        : {
            user_id: row.owner_id,
            name: personName({
              first_name: row.owner_first_name,
              last_name: row.owner_last_name,
              username: row.owner_username,
              email: row.owner_email,
            }),
            email: row.owner_email,
          },
    is_warehouse: isWarehouse(row.id),
    is_deleted: row.is_deleted === 1,
    created: row.created_at,
  };
}

/** The logo of a form: at most one file, as `file-0`; checked and encoded in memory (nothing written). */
async function readLogo(images: ImageStore, form: ShopForm, required: boolean): Promise<PreparedShopLogo | null> {
  if (form.files.length > 1 || form.files.some((f) => f.field !== "file-0")) throw new ValidationError("file-0", SHOP_TEXTS.oneLogo);
  const file = form.files[0];
  if (!file) {
    if (required) throw new ValidationError("file-0", SHOP_TEXTS.logoRequired);
    return null;
  }
  return images.prepareShopLogo(file.buffer);
}

export function createShops({ db, clock, images, config }: ShopsDeps) {
  const units = unitOfWorkOf(db).named("shops");
  const iso = () => new Date(clock()).toISOString();

  async function get(shopId: number): Promise<AdminShop> {
    const row = await units.read("get", (tx) => findShop(tx, shopId));
    if (!row) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
    return toAdminShop(row);
  }

  async function liveShop(tx: Executor, shopId: number): Promise<AdminShopRow> {
    const row = await findShop(tx, shopId);
    if (!row || row.is_deleted === 1) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
    return row;
  }

  return {
    /** Admins and the allow-listed accounts manage shops; anyone else is refused ('Отказано в доступе.'). */
    async checkManager(userId: number): Promise<void> {
      const user = await units.read("checkManager", (tx) => findUserById(tx, userId));
      if (user === undefined || !mayManageShops(user, config.allowlistEmails)) throw new ForbiddenError();
    },

    async list(): Promise<AdminShop[]> {
      return (await units.read("list", (tx) => listShops(tx))).map(toAdminShop);
    },

    get,

    /** Creates a shop with its logo (required); its admin e-mail's user, if any, becomes its owner. */
    async create(form: ShopForm): Promise<AdminShop> {
      const fields = readShopFields(form.fields, "create");
      const logo = (await readLogo(images, form, true))!;
      const shopId = await units.write("create", async (tx) => {
        const now = iso();
        const id = await insertShop(tx, { ...fields, created_at: now });
        await updateShop(tx, id, { logo_filename: logo.filename });
        if (fields.admin_email) await assignOwnerByEmail(tx, id, fields.admin_email, now);
        return id;
      });
      // The folder is named by the new id, so the logo follows the commit; when it cannot be written the
      // shop is taken back out (the store removes what it wrote).
      try {
        await images.write("shop", shopId, logo.files);
      } catch (error) {
        await units.write("discardNew", (tx) => discardNewShop(tx, shopId));
        throw error;
      }
      return get(shopId);
    },

    /** Changes the fields sent (and the logo when one is sent); a new admin e-mail moves the ownership. */
    async update(shopId: number, form: ShopForm): Promise<AdminShop> {
      const fields = readShopFields(form.fields, "update");
      await units.read("checkLive", (tx) => liveShop(tx, shopId));
      const logo = await readLogo(images, form, false);
      // A new logo before the unit: nothing names it until the unit commits, and it goes again if the unit fails.
      if (logo) await images.write("shop", shopId, logo.files);
      let replaced: string | null = null;
      try {
        await units.write("update", async (tx) => {
          // Locked, then read: two edits of one shop's admin e-mail move the ownership one after the other.
          await lockRows(tx, "shops", [shopId]);
          const current = await liveShop(tx, shopId);
          const now = iso();
          await updateShop(tx, shopId, { ...fields, ...(logo ? { logo_filename: logo.filename } : {}) });
          if (fields.admin_email !== undefined && fields.admin_email !== current.admin_email) {
            if (current.admin_email) await dropOwnerByEmail(tx, shopId, current.admin_email);
            if (fields.admin_email) await assignOwnerByEmail(tx, shopId, fields.admin_email, now);
          }
          replaced = current.logo_filename;
        });
      } catch (error) {
        if (logo) await images.removeFiles("shop", shopId, [logo.filename]);
        throw error;
      }
      if (logo) await images.removeFiles("shop", shopId, [replaced]);
      return get(shopId);
    },

    /** Marks a shop deleted; never the warehouse, never a shop with orders on its counter (N or W). */
    async remove(shopId: number): Promise<void> {
      if (isWarehouse(shopId)) throw new ConflictError("WAREHOUSE_NOT_DELETABLE", SHOP_TEXTS.warehouse);
      await units.write("remove", async (tx) => {
        await liveShop(tx, shopId);
        // The delete is conditional on no open order, and its row count decides; the count is for the message.
        if (await softDeleteShop(tx, shopId)) return;
        const open = await countOpenOrders(tx, shopId);
        if (open === 1)
          throw new ConflictError(
            "SHOP_HAS_OPEN_ORDERS",
            "This shop has 1 open order (new or in work): hand them over or cancel them before deleting the shop.",
          );
        if (open > 1)
          throw new ConflictError(
            "SHOP_HAS_OPEN_ORDERS",
            "This shop has {count} open orders (new or in work): hand them over or cancel them before deleting the shop.",
            { count: open },
          );
        throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
      });
    },

    /** The cabinet's store view: the live shop the caller owns, or null. */
    async myStore(userId: number): Promise<MyStoreResponse["store"]> {
      const shop = await units.read("myStore", (tx) => findOwnedShop(tx, userId));
      if (!shop) return null;
      return {
        id: shop.id,
        name: shop.name,
        city_id: shop.city_id,
        city: CITY_NAME,
        district: shop.district,
        address: shop.address,
        map_link: shop.map_link,
        path: logoPath(shop.id, shop.logo_filename),
      };
    },
  };
}
