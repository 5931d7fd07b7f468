import { useWishlist } from "../../features/wishlist/api/useWishlist";
import { useSession } from "../../features/auth/hooks/useSession";

/**
 * The wishlist of whoever uses the app (spec §5 "Wishlist": signed-in customers who are not admins). Visitors
 * and admins have none: no control, no badge, no call.
 */
export function useCustomerWishlist() {
  const { user, isAdmin } = useSession();
  const canWish = user !== null && !isAdmin;
  const wishlist = useWishlist(canWish);
  const productIds = canWish ? (wishlist.data?.product_ids ?? []) : [];
  return { canWish, productIds, wishlist };
}
