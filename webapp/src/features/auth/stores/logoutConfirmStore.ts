import { create } from "zustand";

/** The log-out question lives in the shell, so it outlives the balance chip that asks it. */
export const useLogoutConfirmStore = create<{ open: boolean }>()(() => ({ open: false }));

export function askToLogOut(): void {
  useLogoutConfirmStore.setState({ open: true });
}

export function closeLogoutConfirm(): void {
  useLogoutConfirmStore.setState({ open: false });
}
