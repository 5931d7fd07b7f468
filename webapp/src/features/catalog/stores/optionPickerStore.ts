import { create } from "zustand";
import { OPTION_PICKER_RESET_MS } from "@domain/constants";
import type { CardProduct } from "@domain/contracts/catalog";

/**
 * The option picker sheet (spec §4 "Option picker"): opened for one product; closing hides it at once and
 * forgets the product OPTION_PICKER_RESET_MS later, once the sheet has slid away.
 */
interface OptionPickerState {
  visible: boolean;
  product: CardProduct | null;
}

export const useOptionPickerStore = create<OptionPickerState>()(() => ({ visible: false, product: null }));

let resetTimer: ReturnType<typeof setTimeout> | undefined;

export function openOptionPicker(product: CardProduct): void {
  clearTimeout(resetTimer);
  useOptionPickerStore.setState({ visible: true, product });
}

export function closeOptionPicker(): void {
  useOptionPickerStore.setState({ visible: false });
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => useOptionPickerStore.setState({ product: null }), OPTION_PICKER_RESET_MS);
}
