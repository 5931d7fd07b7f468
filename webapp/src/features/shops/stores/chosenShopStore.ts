import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { onSignOut } from "../../../lib/session";

/**
 * The pickup shop the customer shops at; null means every pickup shop. The store picker sets it; it filters
 * the home list, prices stock for that shop and is the shop the cart is ordered from.
 */
interface ChosenShopState {
  chosenShopId: number | null;
  chooseShop: (shopId: number) => void;
  clearShop: () => void;
}

export const useChosenShopStore = create<ChosenShopState>()(
  persist(
    (set) => ({
      chosenShopId: null,
      chooseShop: (shopId) => set({ chosenShopId: shopId }),
      clearShop: () => set({ chosenShopId: null }),
    }),
    {
      name: "chosen_shop",
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: (state) => ({ chosenShopId: state.chosenShopId }),
    },
  ),
);

// Spec §4 Logout: the shop selection goes with the session.
onSignOut(() => useChosenShopStore.getState().clearShop());
