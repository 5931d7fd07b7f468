import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { onSignOut } from "../../../lib/session";

/** The pickup shop the customer shops at; null means every pickup shop. The shop picker sets it. */
interface ChosenShopState {
  chosenShopId: number | null;
  clearShop: () => void;
}

export const useChosenShopStore = create<ChosenShopState>()(
  persist(
    (set) => ({
      chosenShopId: null,
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
