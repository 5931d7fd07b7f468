/** Each user's wishlist of products. */
import type { Executor } from "../executor";

export async function wishlistProductIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("wishlist")
    .select("product_id")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("product_id", "desc")
    .execute();
  return rows.map((r) => r.product_id);
}

export async function addToWishlist(db: Executor, userId: number, productId: number, now: string): Promise<void> {
  await db
    .insertInto("wishlist")
    .values({ user_id: userId, product_id: productId, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
}

export async function removeFromWishlist(db: Executor, userId: number, productId: number): Promise<void> {
  await db.deleteFrom("wishlist").where("user_id", "=", userId).where("product_id", "=", productId).execute();
}
