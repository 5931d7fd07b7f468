import { create } from "zustand";

/** Counts running blocking actions, so overlapping ones keep the overlay until the last finishes. */
export const useLoadingOverlayStore = create<{ pending: number }>()(() => ({ pending: 0 }));

export function showLoadingOverlay(): void {
  useLoadingOverlayStore.setState((state) => ({ pending: state.pending + 1 }));
}

export function hideLoadingOverlay(): void {
  useLoadingOverlayStore.setState((state) => ({ pending: Math.max(0, state.pending - 1) }));
}
