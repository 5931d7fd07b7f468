import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { WISHLIST_KEY, type WishlistAnswer } from "./wishlistQuery";

/** GET /api/wishlist. Only signed-in customers have one (admins get a 403), so `enabled` says who asks. */
export function useWishlist(enabled: boolean) {
  return useQuery({
    queryKey: WISHLIST_KEY,
    queryFn: ({ signal }) => apiRequest<WishlistAnswer>("/api/wishlist", { signal }),
    enabled,
  });
}
