import { create } from "zustand";
import { onSignOut } from "../../../lib/session";

/** Ids of the signed-in customer's wishlist products; sign-in fills it from the session. */
interface WishlistState {
  productIds: number[];
}

export const useWishlistStore = create<WishlistState>()(() => ({ productIds: [] }));

export const selectWishlistCount = (state: WishlistState): number => state.productIds.length;

onSignOut(() => useWishlistStore.setState({ productIds: [] }));
