import { create } from "zustand";

/**
 * Whether the customer has a new order waiting (spec §4 "Cart placement": set on placing, cleared on
 * log-out). The cabinet badge shows it.
 */
interface ActiveOrderState {
  hasActiveOrder: boolean;
}

export const useActiveOrderStore = create<ActiveOrderState>()(() => ({ hasActiveOrder: false }));

export const selectCabinetCount = (state: ActiveOrderState): number => (state.hasActiveOrder ? 1 : 0);
