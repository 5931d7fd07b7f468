import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { CardProduct } from "@domain/contracts/catalog";
import { defaultOffer, offerFor, type OptionOffer } from "@domain/options";

/**
 * The option the customer picked for each product (spec §3 picked_option), kept across reloads. A product
 * nobody picked for is shown with its default option.
 */
interface PickedOptionState {
  /** Option id by product id; '0' is the base product. */
  picked: Record<string, string>;
}

export const usePickedOptionStore = create<PickedOptionState>()(
  persist((): PickedOptionState => ({ picked: {} }), {
    name: "picked_options",
    storage: createJSONStorage(() => localStorage),
    version: 1,
  }),
);

export function pickOption(productId: number, optionId: string): void {
  usePickedOptionStore.setState((state) => ({ picked: { ...state.picked, [productId]: optionId } }));
}

/** The offer a product is shown with: the picked option while the product still has it, else its default. */
export function pickedOffer(product: CardProduct, picked: Record<string, string>): OptionOffer {
  const optionId = picked[product.id];
  return (optionId !== undefined ? offerFor(product, optionId) : null) ?? defaultOffer(product);
}

export function usePickedOffer(product: CardProduct): OptionOffer {
  const picked = usePickedOptionStore((state) => state.picked);
  return pickedOffer(product, picked);
}
