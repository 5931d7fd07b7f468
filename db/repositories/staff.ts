/** Who staffs which shop (owner = the spec's shop admin, manager): the staff list, grants and revokes. */
import type { Executor } from "../executor";

/**
 * A page of a shop's staff: owners first, then by user id, `limit` rows after `after` (the last row of the page
 * before). A keyset on (shop, role descending, user), the order of the index shop_staff_shop_role_user.
 */
export async function listShopStaff(
  tx: Executor,
  shopId: number,
  page: { after: { role: "owner" | "manager"; userId: number } | null; limit: number },
) {
  let query = tx
    .selectFrom("shop_staff as st")
    .innerJoin("users as u", "u.id", "st.user_id")
    .select(["st.user_id", "st.role", "st.created_at", "u.email", "u.telegram_id", "u.first_name", "u.last_name", "u.username"])
    .where("st.shop_id", "=", shopId);
  const after = page.after;
  if (after !== null) {
    // `role <= r` first: the bound an index scan starts from (PostgreSQL reads an OR only as a filter).
    query = query
      .where("st.role", "<=", after.role)
      .where((eb) => eb.or([eb("st.role", "<", after.role), eb("st.user_id", ">", after.userId)]));
  }
  return query.orderBy("st.role", "desc").orderBy("st.user_id").limit(page.limit).execute();
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
