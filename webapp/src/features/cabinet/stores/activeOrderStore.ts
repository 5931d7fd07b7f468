import { create } from "zustand";
import { onSignOut } from "../../../lib/session";

/**
 * Whether the customer has a new order waiting (spec §4 "Cart placement": set on placing, cleared on
 * log-out, restored from the session on start). The cabinet badge shows it.
 */
interface ActiveOrderState {
  hasActiveOrder: boolean;
}

export const useActiveOrderStore = create<ActiveOrderState>()(() => ({ hasActiveOrder: false }));

export const selectCabinetCount = (state: ActiveOrderState): number => (state.hasActiveOrder ? 1 : 0);

onSignOut(() => useActiveOrderStore.setState({ hasActiveOrder: false }));
