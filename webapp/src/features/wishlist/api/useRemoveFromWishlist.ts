import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { keepWishlist, type WishlistAnswer } from "./wishlistQuery";

/** DELETE /api/wishlist/:id. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => apiRequest<WishlistAnswer>(`/api/wishlist/${productId}`, { method: "DELETE" }),
    onSuccess: (answer) => keepWishlist(queryClient, answer),
  });
}
