import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { keepWishlist, type WishlistAnswer } from "./wishlistQuery";

/** PUT /api/wishlist/:id. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => apiRequest<WishlistAnswer>(`/api/wishlist/${productId}`, { method: "PUT" }),
    onSuccess: (answer) => keepWishlist(queryClient, answer),
  });
}
