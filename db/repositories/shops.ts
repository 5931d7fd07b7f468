/** Shops as admins manage them, and their owner (the spec's shop admin, by e-mail). Rare admin writes: Kysely. */
import { sql } from "kysely";
import type { Executor } from "../executor";
import { upsertShopStaff } from "./staff";

/** Orders on a shop's counter: new or in work. */
const OPEN_STATUSES = ["N", "W"] as const;

const SHOP_COLUMNS = [
  "s.id",
  "s.name",
  "s.city_id",
  "s.district",
  "s.address",
  "s.map_link",
  "s.logo_filename",
  "s.admin_email",
  "s.is_deleted",
  "s.created_at",
] as const;

/** Every shop, deleted ones too (the warehouse first), with its owner when it has one. */
export async function listShops(db: Executor) {
  return shopQuery(db).orderBy("s.id").execute();
}

export async function findShop(db: Executor, shopId: number) {
  return shopQuery(db).where("s.id", "=", shopId).executeTakeFirst();
}

export type AdminShopRow = NonNullable<Awaited<ReturnType<typeof findShop>>>;

function shopQuery(db: Executor) {
  // The owner: the first staff member with the owner role (one per shop when the admin e-mail assigns it).
  const owner = db
    .selectFrom("shop_staff")
    .select(["shop_id", sql<number>`min(user_id)`.as("user_id")])
    .where("role", "=", "owner")
    .groupBy("shop_id")
    .as("owner");
  return db
    .selectFrom("shops as s")
    .leftJoin(owner, "owner.shop_id", "s.id")
    .leftJoin("users as u", "u.id", "owner.user_id")
    .select([
      ...SHOP_COLUMNS,
      "owner.user_id as owner_id",
      "u.email as owner_email",
      "u.first_name as owner_first_name",
      "u.last_name as owner_last_name",
      "u.username as owner_username",
    ]);
}

export async function insertShop(
  db: Executor,
  values: {
    name: string;
    city_id: number;
    district: string;
    address: string;
    map_link: string;
    admin_email: string | null;
    created_at: string;
  },
): Promise<number> {
  const { id } = await db.insertInto("shops").values(values).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateShop(
  db: Executor,
  shopId: number,
  values: Partial<{
    name: string;
    city_id: number;
    district: string;
    address: string;
    map_link: string;
    admin_email: string | null;
    logo_filename: string;
  }>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable("shops").set(values).where("id", "=", shopId).execute();
}

/**
 * Marks a live shop deleted unless it has orders on its counter (new or in work), in one conditional
 * statement: whether it was.
 */
export async function softDeleteShop(db: Executor, shopId: number): Promise<boolean> {
  const result = await db
    .updateTable("shops")
    .set({ is_deleted: 1 })
    .where("id", "=", shopId)
    .where("is_deleted", "=", 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom("orders").select("orders.id").where("orders.shop_id", "=", shopId).where("orders.status", "in", OPEN_STATUSES)),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Undoes a shop created a moment ago whose logo could not be written. */
export async function discardNewShop(db: Executor, shopId: number): Promise<void> {
  await db.deleteFrom("shops").where("id", "=", shopId).execute();
}

/** Orders of a shop still on its counter (new or in work). */
export async function countOpenOrders(db: Executor, shopId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select(sql<number>`count(*)`.as("n"))
    .where("shop_id", "=", shopId)
    .where("status", "in", OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Takes the owner role at a shop from the user with this e-mail (the shop's admin e-mail changed). */
export async function dropOwnerByEmail(db: Executor, shopId: number, email: string): Promise<void> {
  await db
    .deleteFrom("shop_staff")
    .where("shop_id", "=", shopId)
    .where("role", "=", "owner")
    .where("user_id", "in", db.selectFrom("users").select("id").where("email", "=", email))
    .execute();
}

/** Makes the user with this e-mail the shop's owner, if such a user exists; whether one did. */
export async function assignOwnerByEmail(db: Executor, shopId: number, email: string, now: string): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (!user) return false;
  await upsertShopStaff(db, { shop_id: shopId, user_id: user.id, role: "owner", created_at: now });
  return true;
}

/**
 * A user's e-mail became known (a first sign-in, or a Telegram account linking its address): every live
 * shop whose admin e-mail it is gets them as its owner.
 */
export async function claimShopsByAdminEmail(db: Executor, userId: number, email: string, now: string): Promise<void> {
  const shops = await db.selectFrom("shops").select("id").where("admin_email", "=", email).where("is_deleted", "=", 0).execute();
  for (const shop of shops) await upsertShopStaff(db, { shop_id: shop.id, user_id: userId, role: "owner", created_at: now });
}

/** The live shop a user owns (the cabinet's store view), or undefined. */
export async function findOwnedShop(db: Executor, userId: number) {
  return db
    .selectFrom("shop_staff as st")
    .innerJoin("shops as s", "s.id", "st.shop_id")
    .select(["s.id", "s.name", "s.city_id", "s.district", "s.address", "s.map_link", "s.logo_filename"])
    .where("st.user_id", "=", userId)
    .where("st.role", "=", "owner")
    .where("s.is_deleted", "=", 0)
    .orderBy("s.id")
    .executeTakeFirst();
}
