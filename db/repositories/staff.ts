/** Who staffs which shop (owner = the spec's shop admin, manager): the staff list, grants and revokes. */
import type { Executor } from "../executor";

export async function listShopStaff(tx: Executor, shopId: number) {
  return tx
    .selectFrom("shop_staff as st")
    .innerJoin("users as u", "u.id", "st.user_id")
    .select(["st.user_id", "st.role", "st.created_at", "u.email", "u.telegram_id", "u.first_name", "u.last_name", "u.username"])
    .where("st.shop_id", "=", shopId)
    .orderBy("st.role", "desc")
    .orderBy("st.user_id")
    .execute();
}

/** Grants a role at a shop; a user already on its staff gets the new role. */
export async function upsertShopStaff(
  tx: Executor,
  values: { shop_id: number; user_id: number; role: "owner" | "manager"; created_at: string },
): Promise<void> {
  await tx
    .insertInto("shop_staff")
    .values(values)
    .onConflict((oc) => oc.columns(["shop_id", "user_id"]).doUpdateSet({ role: values.role }))
    .execute();
}

export async function deleteShopStaff(tx: Executor, shopId: number, userId: number): Promise<boolean> {
  const result = await tx.deleteFrom("shop_staff").where("shop_id", "=", shopId).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findLiveShop(tx: Executor, shopId: number) {
  return tx.selectFrom("shops").select(["id", "name"]).where("id", "=", shopId).where("is_deleted", "=", 0).executeTakeFirst();
}
