/** The wishlist (spec §2, §5): signed-in customers only; admins have none. Stored per user. */
import type { DB } from "../../db/connection";
import { findUserById } from "../../db/repositories/users";
import { addToWishlist, removeFromWishlist, wishlistProductIds } from "../../db/repositories/wishlist";
import { unitOfWorkOf } from "../../db/unitOfWork";
import type { Product } from "../domain/contracts/catalog";
import { ForbiddenError, NotFoundError } from "../domain/errors";
import type { Catalog } from "./catalog";

export type Wishlist = ReturnType<typeof createWishlist>;

export function createWishlist({ db, catalog, clock }: { db: DB; catalog: Catalog; clock: () => number }) {
  const units = unitOfWorkOf(db).named("wishlist");

  async function customer(userId: number): Promise<void> {
    const user = await units.read("customer", (tx) => findUserById(tx, userId));
    if (!user) throw new NotFoundError("User", "User not found");
    if (user.is_admin === 1) throw new ForbiddenError("Admins have no wishlist.");
  }

  /** Products still on sale, newest wish first; a product taken off sale drops out of the list. */
  async function list(userId: number): Promise<{ product_ids: number[]; products: Product[] }> {
    const products: Product[] = [];
    for (const id of await units.read("list", (tx) => wishlistProductIds(tx, userId))) {
      try {
        products.push((await catalog.getProduct(id)).product);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return { product_ids: products.map((p) => p.id), products };
  }

  return {
    async list(userId: number) {
      await customer(userId);
      return list(userId);
    },
    async add(userId: number, productId: number) {
      await customer(userId);
      await catalog.getProduct(productId); // 404 for an unknown, inactive or deleted product
      await units.write("add", (tx) => addToWishlist(tx, userId, productId, new Date(clock()).toISOString()));
      return list(userId);
    },
    async remove(userId: number, productId: number) {
      await customer(userId);
      await units.write("remove", (tx) => removeFromWishlist(tx, userId, productId));
      return list(userId);
    },
  };
}
