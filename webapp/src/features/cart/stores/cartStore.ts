import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** One product option in the cart; `picked_option` '0' is the base product. */
export interface CartLine {
  id: number;
  picked_option: string;
  amount: number;
}

interface CartState {
  lines: CartLine[];
}

/** The cart survives reloads and app restarts: it lives in browser storage until an order is placed. */
export const useCartStore = create<CartState>()(
  persist((): CartState => ({ lines: [] }), {
    name: "cart",
    storage: createJSONStorage(() => localStorage),
    version: 1,
  }),
);

/** What the cart badge counts: one per line, whatever its amount. */
export const selectCartCount = (state: CartState): number => state.lines.length;
