import type { QueryClient } from "@tanstack/react-query";
import type { WishlistResponse } from "@domain/contracts/catalog";

/** The answer of every wishlist endpoint: the ids, and the products still on sale, newest wish first. */
export type WishlistAnswer = WishlistResponse;

export const WISHLIST_KEY = ["wishlist"] as const;

/**
 * Adding or removing answers with the whole new wishlist: it replaces the cached one, and the products'
 * wishlist counts are asked again.
 */
export function keepWishlist(queryClient: QueryClient, answer: WishlistAnswer): void {
  queryClient.setQueryData(WISHLIST_KEY, answer);
  void queryClient.invalidateQueries({ queryKey: ["products"] });
  void queryClient.invalidateQueries({ queryKey: ["product"] });
}
