/** Who staffs which shop (owner = the spec's shop admin, manager). Grants are rare admin writes: Kysely. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema";

type Db = Kysely<Database> | Transaction<Database>;

export function listShopStaff(db: Db, shopId: number) {
  return db
    .selectFrom("shop_staff as st")
    .innerJoin("users as u", "u.id", "st.user_id")
    .select(["st.user_id", "st.role", "st.created_at", "u.email", "u.telegram_id", "u.first_name", "u.last_name", "u.username"])
    .where("st.shop_id", "=", shopId)
    .orderBy("st.role", "desc")
    .orderBy("st.user_id")
    .execute();
}

/** Grants a role at a shop; a user already on its staff gets the new role. */
export async function upsertShopStaff(db: Db, values: { shop_id: number; user_id: number; role: "owner" | "manager"; created_at: string }): Promise<void> {
  await db
    .insertInto("shop_staff")
    .values(values)
    .onConflict((oc) => oc.columns(["shop_id", "user_id"]).doUpdateSet({ role: values.role }))
    .execute();
}

export async function deleteShopStaff(db: Db, shopId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom("shop_staff").where("shop_id", "=", shopId).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findLiveShop(db: Db, shopId: number) {
  return db.selectFrom("shops").select(["id", "name"]).where("id", "=", shopId).where("is_deleted", "=", 0).executeTakeFirst();
}
